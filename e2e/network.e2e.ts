import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { ProfileInput } from './support/app';
import { assertNoProblems, type OpenedPage, watchPage } from './support/browser';
import { gamesOf, profileRow, servedQuestion, withDb } from './support/db';
import { MARKED_RIGHT, MARKED_WRONG, recordShown, shownSoFar, type Watched, waitUntilShown } from './support/shown';
import { installSpeechStandIn } from './support/speech-stand-in';
import { e2eSuite } from './support/suite';

/** A game is never lost or garbled by the network: the server's state is what the screen shows. */
const suite = e2eSuite();

const url = suite.url;
type Player = OpenedPage & { profileId: string };

/** The first question on screen, recorded as it shows (support/shown.ts), as a pick's feedback is. */
const ON_QUESTION_1 = { selector: 'body', text: 'Question 1 of 15' };

const newPlayer = (profile: ProfileInput): Promise<Player> =>
  suite.player(profile, {
    setup: async (context) => {
      await recordShown(context, [MARKED_RIGHT, MARKED_WRONG, ON_QUESTION_1]);
      await installSpeechStandIn(context);
    },
  });

/**
 * Reloads during a pick's feedback with the page's clock held at the moment the feedback showed:
 * what the reload finds left of the 2 s does not depend on how long a busy machine took to reload.
 */
async function reloadDuringFeedback(page: Page, mark: Watched) {
  await waitUntilShown(page, mark);
  const [shownAt] = (await shownSoFar(page, mark)).when;
  await page.clock.setFixedTime(shownAt as number);
  await page.reload();
}

const answerAt = (page: Page, index: number) => page.locator('.answers button.answer').nth(index);

async function startGame(page: Page) {
  await page.goto(url('/pre-game'));
  await page.getByRole('button', { name: 'Start New Game' }).click();
  await page.waitForURL(url('/game'));
}

async function waitForQuestion(page: Page, number: number) {
  await page.getByText(`Question ${number} of 15`, { exact: true }).waitFor();
  await answerAt(page, 0).and(page.locator(':enabled')).waitFor();
}

/** The next answer call reaches the server, which handles it; its reply never reaches the page. */
async function dropNextAnswerReply(page: Page) {
  let dropped = false;
  await page.route('**/trpc/game.answer**', async (route) => {
    if (dropped) return route.continue();
    dropped = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
}

const droppedNoise = { console: [/ERR_CONNECTION_RESET|Failed to load resource/] };

describe('an answer whose reply is lost after the server recorded it', () => {
  test('a right pick shows its feedback and goes on; a wrong one ends in Game Over, counted once', async () => {
    const { page, problems, profileId } = await newPlayer({ name: 'Lossy', age: 9 });
    await startGame(page);
    await waitForQuestion(page, 1);
    const first = servedQuestion(suite.server.dbPath, profileId, 0);
    await dropNextAnswerReply(page);
    await answerAt(page, first.correctShownIndex).click();
    await page.locator('.answers button.answer[data-state="correct"]').waitFor();
    await page.getByText('Correct!', { exact: true }).waitFor();
    await waitForQuestion(page, 2);

    const second = servedQuestion(suite.server.dbPath, profileId, 1);
    const wrong = (second.correctShownIndex + 1) % 4;
    await dropNextAnswerReply(page);
    await answerAt(page, wrong).click();
    await page.locator('.answers button.answer[data-state="wrong"]').waitFor();
    expect(await answerAt(page, second.correctShownIndex).getAttribute('data-state')).toBe('correct');
    await page.getByRole('heading', { name: 'Game Over' }).waitFor();
    await page.locator('.end-message').getByText('You walk away with 100.').waitFor();
    expect(gamesOf(suite.server.dbPath, profileId)).toMatchObject([
      { status: 'lost', correct_count: 1, winnings: 100 },
    ]);
    expect(profileRow(suite.server.dbPath, profileId)).toMatchObject({
      total_games_played: 1,
      total_money_earned: 100,
      total_correct_answers: 1,
    });
    assertNoProblems(problems, droppedNoise);
  });
});

describe('offline', () => {
  test('a start offline says so, and the game starts (once) when the connection is back', async () => {
    const { page, problems, profileId, context } = await newPlayer({ name: 'Offline start', age: 9 });
    await page.goto(url('/pre-game'));
    const start = page.getByRole('button', { name: 'Start New Game' });
    await start.waitFor();
    await context.setOffline(true);
    await start.click();
    await page.getByText(/You're offline, so the game is waiting here/).waitFor();
    await context.setOffline(false);
    await waitForQuestion(page, 1);
    expect(gamesOf(suite.server.dbPath, profileId)).toHaveLength(1);
    assertNoProblems(problems, { console: [/ERR_INTERNET_DISCONNECTED|Failed to load resource/] });
  });

  test('a pick offline says so; back online, it is sent by itself, once, and the game goes on', async () => {
    const { page, problems, profileId, context } = await newPlayer({ name: 'Offline pick', age: 9 });
    await startGame(page);
    await waitForQuestion(page, 1);
    const first = servedQuestion(suite.server.dbPath, profileId, 0);
    await context.setOffline(true);
    await answerAt(page, first.correctShownIndex).click();
    await page.getByText(/You're offline, so the game is waiting here/).waitFor();
    expect(gamesOf(suite.server.dbPath, profileId)).toMatchObject([{ status: 'playing', current_position: 0 }]);
    // Back online, no second tap: the pick goes, its result shows, the next question comes.
    await context.setOffline(false);
    await page.locator('.answers button.answer[data-state="correct"]').waitFor();
    await waitForQuestion(page, 2);
    expect(await page.getByText('Your answer could not be sent. Please try again.').count()).toBe(0);
    expect(gamesOf(suite.server.dbPath, profileId)).toMatchObject([{ status: 'playing', current_position: 1 }]);
    assertNoProblems(problems, { console: [/ERR_INTERNET_DISCONNECTED|Failed to load resource/] });
  });
});

describe('a lifeline and the network', () => {
  const lifelinesOf = (gameId: string) =>
    withDb(suite.server.dbPath, (db) =>
      JSON.parse((db.prepare('SELECT lifelines FROM games WHERE id = ?').pluck().get(gameId) as string) ?? '{}'),
    );

  test('asked offline, it waits with the question in view; back online, it is taken by itself', async () => {
    const { page, problems, profileId, context } = await newPlayer({ name: 'Offline lifeline', age: 9 });
    await startGame(page);
    await waitForQuestion(page, 1);
    const first = servedQuestion(suite.server.dbPath, profileId, 0);
    await context.setOffline(true);
    await page.getByRole('button', { name: '50:50' }).click();
    const note = page.getByText("You're offline, so 50:50 is waiting.", { exact: false });
    await note.waitFor();
    // The family can still read the question and its answers meanwhile.
    expect(await page.locator('#question-text').isVisible()).toBe(true);
    expect(await page.locator('.answers button.answer.removed').count()).toBe(0);
    expect(lifelinesOf(first.gameId)).toEqual({});

    await context.setOffline(false);
    await expect.poll(() => page.locator('.answers button.answer.removed').count()).toBe(2);
    await note.waitFor({ state: 'detached' });
    expect(lifelinesOf(first.gameId)).toMatchObject({ fiftyFifty: { position: 0 } });
    expect(await page.getByText('The lifeline could not be used. Please try again.').count()).toBe(0);
    // And the game goes on from there: the right answer is one of the two left.
    await answerAt(page, first.correctShownIndex).click();
    await waitForQuestion(page, 2);
    assertNoProblems(problems, { console: [/ERR_INTERNET_DISCONNECTED|Failed to load resource/] });
  });

  test('whose reply was lost after the server took it: asked again, what it showed comes back, not "used"', async () => {
    const { page, problems, profileId } = await newPlayer({ name: 'Lossy lifeline', age: 9 });
    await startGame(page);
    await waitForQuestion(page, 1);
    const first = servedQuestion(suite.server.dbPath, profileId, 0);
    let dropped = false;
    await page.route('**/trpc/game.lifeline**', async (route) => {
      if (dropped) return route.continue();
      dropped = true;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.getByRole('button', { name: 'Ask the audience' }).click();
    const note = page.getByText("You're offline, so Ask the audience is waiting.", { exact: false });
    await note.waitFor();
    const stored = lifelinesOf(first.gameId);
    expect(stored).toMatchObject({ audience: { position: 0 } });
    // The browser never went offline, so no 'online' comes: Try again asks now.
    await page.locator('.lifeline-waiting').getByRole('button', { name: 'Try again' }).click();
    await page.locator('.audience-poll').waitFor();
    await note.waitFor({ state: 'detached' });
    const shown = await page.locator('.poll-percent').allInnerTexts();
    expect(shown).toEqual(stored.audience.poll.map((percent: number) => `${percent}%`));
    expect(await page.getByText('That lifeline has already been used in this game.').count()).toBe(0);
    assertNoProblems(problems, {
      ...droppedNoise,
      http: [/^409 POST .*game\.lifeline/],
      console: [/ERR_CONNECTION_RESET|Failed to load resource/],
    });
  });
});

describe('a reload during the feedback', () => {
  test('shows that feedback again, then the next question', async () => {
    const { page, problems, profileId } = await newPlayer({ name: 'Reloader', age: 9 });
    await startGame(page);
    await waitForQuestion(page, 1);
    const first = servedQuestion(suite.server.dbPath, profileId, 0);
    await answerAt(page, first.correctShownIndex).click();
    await reloadDuringFeedback(page, MARKED_RIGHT);
    await waitUntilShown(page, MARKED_RIGHT);
    expect(await shownSoFar(page, ON_QUESTION_1)).toMatchObject({ times: 1 });
    await waitForQuestion(page, 2);
    assertNoProblems(problems);
  });

  test('of the last pick shows it, then Game Over, not the pre-game screen', async () => {
    const { page, problems, profileId } = await newPlayer({ name: 'Last reload', age: 9 });
    await startGame(page);
    await waitForQuestion(page, 1);
    const first = servedQuestion(suite.server.dbPath, profileId, 0);
    await answerAt(page, (first.correctShownIndex + 1) % 4).click();
    await reloadDuringFeedback(page, MARKED_WRONG);
    await waitUntilShown(page, MARKED_WRONG);
    await page.getByRole('heading', { name: 'Game Over' }).waitFor();
    expect(profileRow(suite.server.dbPath, profileId)).toMatchObject({ total_games_played: 1 });
    assertNoProblems(problems);
  });
});

describe('two tabs on one game', () => {
  test('a pick from the stale tab shows where the game really is, and nothing counts twice', async () => {
    const first = await newPlayer({ name: 'Two tabs', age: 9 });
    await startGame(first.page);
    await waitForQuestion(first.page, 1);
    const second = await first.context.newPage();
    const secondProblems = watchPage(second);
    await second.goto(url('/game'));
    await waitForQuestion(second, 1);

    const served = servedQuestion(suite.server.dbPath, first.profileId, 0);
    await answerAt(first.page, served.correctShownIndex).click();
    await waitForQuestion(first.page, 2);
    // The second tab still shows question 1: its pick is refused, and it shows the pick the game holds.
    await answerAt(second, (served.correctShownIndex + 2) % 4).click();
    await second.locator('.answers button.answer[data-state="correct"]').waitFor();
    expect(await answerAt(second, served.correctShownIndex).getAttribute('data-state')).toBe('correct');
    await waitForQuestion(second, 2);
    expect(gamesOf(suite.server.dbPath, first.profileId)).toMatchObject([
      { status: 'playing', current_position: 1, correct_count: 1 },
    ]);
    assertNoProblems(first.problems);
    assertNoProblems(secondProblems, { console: [/status of 409/], http: [/^409 POST .*game\.answer/] });
  });
});

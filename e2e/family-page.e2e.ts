import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { newGameId } from '#shared/game-id.ts';
import { signInViaHttp, trpcMutation } from './support/app';
import { assertNoProblems } from './support/browser';
import { servedQuestion, withDb } from './support/db';
import { e2eSuite } from './support/suite';

/**
 * /family, a parent's page behind the parent PIN: each child's games with their dates and
 * languages, right answers under the questions' own categories (a Random game's too), the shows
 * played together, in English and Vietnamese, on a phone and a laptop (`SCREENSHOTS_DIR=…` keeps
 * a picture of each).
 */
const suite = e2eSuite();
const PIN = '2468';

type Category = { id: number; name_en: string; name_vi: string };
type Tally = Map<string, { right: number; answered: number }>;

function categories(): Category[] {
  return withDb(suite.server.dbPath, (db) =>
    db.prepare<[], Category>('SELECT id, name_en, name_vi FROM categories ORDER BY id').all(),
  );
}

/** A game played over HTTP: `right` right answers, then a wrong one. Its id. */
async function playGame(
  context: BrowserContext,
  profileId: string,
  game: { categoryId: number | 'random'; lang: 'en' | 'vi' },
  right: number,
): Promise<string> {
  const base = suite.server.baseUrl;
  const started = await trpcMutation<{ gameId: string }>(context, base, 'game.start', { profileId, ...game });
  for (let position = 0; position <= right; position++) {
    const served = servedQuestion(suite.server.dbPath, profileId, position);
    const answerIndex = position < right ? served.correctShownIndex : (served.correctShownIndex + 1) % 4;
    await trpcMutation(context, base, 'game.answer', { gameId: started.gameId, position, answerIndex });
  }
  return started.gameId;
}

/** A profile's answers by their questions' own categories, from the database (English names). */
function expectedTallies(profileId: string): Tally {
  const rows = withDb(suite.server.dbPath, (db) =>
    db
      .prepare<[string], { name: string; picked: number | null; shown: string; correct: number }>(
        `SELECT c.name_en AS name, served.value ->> '$.pickedIndex' AS picked, served.value ->> '$.answerOrder' AS shown,
                q.correct_answer_index AS correct
         FROM games g, json_each(g.questions) AS served
         JOIN questions q ON q.id = served.value ->> '$.questionId' JOIN categories c ON c.id = q.category_id
         WHERE g.profile_id = ? AND g.status <> 'playing'`,
      )
      .all(profileId),
  );
  const tallies: Tally = new Map();
  for (const row of rows) {
    if (row.picked === null) continue;
    const tally = tallies.get(row.name) ?? { right: 0, answered: 0 };
    tally.answered += 1;
    if ((JSON.parse(row.shown) as number[])[row.picked] === row.correct) tally.right += 1;
    tallies.set(row.name, tally);
  }
  return tallies;
}

/** The "Right answers by category" table of a child's card, as shown. */
async function shownTallies(page: Page, name: string): Promise<Tally> {
  const rows = await childCard(page, name)
    .locator('.family-table tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => (cell as HTMLElement).innerText)));
  return new Map(
    rows.map(([category, rightOf]) => {
      const [right, answered] = (rightOf ?? '').split(/\D+/).map(Number);
      return [category as string, { right: right as number, answered: answered as number }];
    }),
  );
}

const childCard = (page: Page, name: string) =>
  page.locator('.family-child', { has: page.getByRole('heading', { name: new RegExp(`^${name}`) }) });

async function screenshot(page: Page, name: string) {
  if (process.env.SCREENSHOTS_DIR) {
    await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/${name}.png`, fullPage: true });
  }
}

describe('the family page', () => {
  test('after a few games: each child’s games with dates and languages, right answers by real category', async () => {
    const { page, context, problems } = await suite.open({ timezoneId: 'UTC' });
    const base = suite.server.baseUrl;
    await signInViaHttp(context, base);
    const an = await trpcMutation<{ id: string }>(context, base, 'profiles.create', { name: 'An', age: 9 });
    const binh = await trpcMutation<{ id: string }>(context, base, 'profiles.create', { name: 'Bình', age: 12 });
    const [first, second] = categories();
    if (!first || !second) throw new Error('the starter bank has no categories');
    const played = {
      random: await playGame(context, an.id, { categoryId: 'random', lang: 'en' }, 6),
      inVietnamese: await playGame(context, an.id, { categoryId: first.id, lang: 'vi' }, 2),
      binh: await playGame(context, binh.id, { categoryId: second.id, lang: 'en' }, 3),
    };
    // A PIN, and the lock closed by a child's turn.
    await trpcMutation(context, base, 'parentLock.set', { pin: PIN });
    await trpcMutation(context, base, 'profiles.choose', { profileId: an.id });

    await page.goto(suite.url('/profiles'));
    await page.getByRole('link', { name: 'Family: how everyone is doing' }).click();
    await page.waitForURL(suite.url('/family'));
    await page.getByRole('heading', { name: 'The family page is locked' }).waitFor();
    const prompt = page.getByRole('dialog', { name: 'Parent PIN' });
    await prompt.getByLabel('PIN (4 to 8 digits)').fill(PIN);
    await prompt.getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('heading', { name: 'Family', level: 1, exact: true }).waitFor();
    // Reading it leaves the lock open (it chooses no profile).
    const status = await context.request.get(suite.url('/trpc/parentLock.status'));
    expect(((await status.json()) as { result: { data: unknown } }).result.data).toEqual({
      hasPin: true,
      unlocked: true,
    });

    // Each game: when (its own date and time), its language, its category (Random said as such).
    const games = childCard(page, 'An').locator('.family-game');
    expect(await games.count()).toBe(2);
    const createdAt = (gameId: string) =>
      withDb(suite.server.dbPath, (db) =>
        db.prepare<[string], number>('SELECT created_at FROM games WHERE id = ?').pluck().get(gameId),
      ) as number;
    for (const [index, gameId] of [played.inVietnamese, played.random].entries()) {
      const when = new Date(createdAt(gameId));
      const time = games.nth(index).locator('time');
      expect(await time.getAttribute('datetime')).toBe(when.toISOString());
      const day = when.toLocaleDateString('en', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      });
      expect(await time.innerText()).toContain(day);
    }
    expect(await games.nth(0).locator('.family-game-what').innerText()).toBe(`${first.name_en} · Tiếng Việt`);
    expect(await games.nth(1).locator('.family-game-what').innerText()).toBe('Random · English');
    expect(await games.nth(1).locator('.family-game-result').innerText()).toBe('6 of 15 right');

    // Right answers under the questions' own categories: the Random game's spread over them, no "Random".
    const anTallies = expectedTallies(an.id);
    expect(await shownTallies(page, 'An')).toEqual(anTallies);
    expect(anTallies.has('Random')).toBe(false);
    expect([...anTallies.values()].reduce((sum, tally) => sum + tally.right, 0)).toBe(8);
    expect(await shownTallies(page, 'Bình')).toEqual(new Map([[second.name_en, { right: 3, answered: 4 }]]));
    // Too few answers yet to say what is hard.
    await childCard(page, 'An')
      .getByText(/Not enough answers yet to tell/)
      .waitFor();
    await screenshot(page, 'family-1280-en');

    // In Vietnamese: the same page, the categories' Vietnamese names.
    await page.locator('header').getByRole('button', { name: 'Tiếng Việt' }).click();
    await page.getByRole('heading', { name: 'Gia đình', level: 1, exact: true }).waitFor();
    const viGames = childCard(page, 'An').locator('.family-game');
    expect(await viGames.nth(1).locator('.family-game-what').innerText()).toBe('Ngẫu nhiên · English');
    expect([...(await shownTallies(page, 'Bình')).keys()]).toEqual([second.name_vi]);
    await screenshot(page, 'family-1280-vi');

    // A phone: every part fits, the dates too.
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await viGames.first().locator('time').isVisible()).toBe(true);
    }
    await screenshot(page, 'family-390-vi');
    await page.locator('header').getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Family', level: 1, exact: true }).waitFor();
    await screenshot(page, 'family-390-en');

    // The keyboard: "Go to a player" hands the focus to that player's card.
    await page.getByRole('navigation', { name: 'Go to a player' }).getByRole('link', { name: 'Bình' }).press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(/^Bình/);
    assertNoProblems(problems);
  });

  test('a family show the children played together is listed once, with each of them', async () => {
    const { page, context, problems } = await suite.open();
    const base = suite.server.baseUrl;
    await signInViaHttp(context, base);
    const mai = await trpcMutation<{ id: string }>(context, base, 'profiles.create', { name: 'Mai', age: 10 });
    const tuan = await trpcMutation<{ id: string }>(context, base, 'profiles.create', { name: 'Tuấn', age: 14 });
    // What a show leaves each profile player (server/show/results.ts): a games row of status
    // 'show' at its end, with its place among the players (a guest too).
    const endedAt = Date.parse('2026-11-20T19:00:00Z');
    withDb(
      suite.server.dbPath,
      (db) => {
        const insert = db.prepare(
          `INSERT INTO games (id, profile_id, lang, status, question_count, questions, current_position, correct_count,
             winnings, created_at, ended_at, show_place, show_players) VALUES (?, ?, 'vi', 'show', 5, '[]', 5, ?, ?, ?, ?, ?, 3)`,
        );
        insert.run(newGameId(endedAt), mai.id, 4, 4000, endedAt, endedAt, 1);
        insert.run(newGameId(endedAt), tuan.id, 2, 2000, endedAt, endedAt, 3);
      },
      { write: true },
    );
    await page.goto(suite.url('/family'));
    const together = page.locator('.family-together');
    await together.getByRole('heading', { name: 'Played together' }).waitFor();
    expect(await together.locator('.family-show-results li').allInnerTexts()).toEqual([
      'Mai Place 1 of 3 · 4 of 5 right · Won 4,000',
      'Tuấn Place 3 of 3 · 2 of 5 right · Won 2,000',
    ]);
    expect(await together.locator('.family-game-what').innerText()).toBe('Random · Tiếng Việt · 3 players');
    // Each child's own games say it too.
    expect(await page.locator('.family-child').first().locator('.family-game-result').innerText()).toBe(
      'Place 1 of 3 · 4 of 5 right',
    );
    await screenshot(page, 'family-together-1280-en');
    assertNoProblems(problems);
  });
});

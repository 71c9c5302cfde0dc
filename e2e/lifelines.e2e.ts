import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Language } from '#shared/i18n.ts';
import { type ProfileInput, shownText } from './support/app';
import { assertNoProblems } from './support/browser';
import { playingGame, servedQuestion, withDb } from './support/db';
import { installSpeechStandIn, spokenLines } from './support/speech-stand-in';
import { e2eSuite } from './support/suite';

/**
 * Lifelines (50:50, Ask the audience, Ask the family), the sounds, the spoken lines between
 * questions and "Tap to continue" after a reload, in Chromium against the built suite.server.
 */

const LETTERS = ['A', 'B', 'C', 'D'] as const;

const suite = e2eSuite();

const url = suite.url;

/** Counts the tones the game's Web Audio sounds start, in window.__tones. */
const TONE_COUNTER = `(() => {
  window.__tones = 0;
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (...args) { window.__tones += 1; return start.apply(this, args); };
})();`;

const newPlayer = (profile: ProfileInput) =>
  suite.player(profile, {
    setup: async (context) => {
      await installSpeechStandIn(context);
      await context.addInitScript(TONE_COUNTER);
    },
  });

const tones = (page: Page) => page.evaluate(() => (window as unknown as { __tones: number }).__tones);
const spokenTexts = async (page: Page) => (await spokenLines(page)).map((u) => u.text);
/** All that was said, as one text: an English question with Vietnamese names is read in several utterances. */
const heard = async (page: Page) => (await spokenTexts(page)).join(' ');
const answers = (page: Page) => page.locator('.answers button.answer');
const lifeline = (page: Page, name: string) => page.locator('.lifeline-buttons').getByRole('button', { name });

async function startGame(page: Page, lang: Language) {
  await page.goto(url('/pre-game'));
  if (lang === 'vi') await page.locator('header').getByRole('button', { name: 'Tiếng Việt' }).click();
  await page.getByRole('button', { name: lang === 'vi' ? 'Bắt đầu lượt chơi mới' : 'Start New Game' }).click();
  await page.waitForURL(url('/game'));
  await answers(page).first().waitFor();
}

function storedLifelines(profileId: string) {
  const game = playingGame(suite.server.dbPath, profileId);
  const row = withDb(suite.server.dbPath, (db) =>
    db.prepare<[string], { lifelines: string }>('SELECT lifelines FROM games WHERE id = ?').get(game.id),
  );
  return JSON.parse(row?.lifelines ?? '{}') as {
    fiftyFifty?: { position: number; removed: number[] };
    audience?: { position: number; poll: number[] };
    family?: { position: number };
  };
}

describe('lifelines', () => {
  test('each is used once on the question: 50:50 takes away two wrong answers, the audience votes, the family is asked for 30 s; a reload keeps them', async () => {
    const { page, problems, profileId } = await newPlayer({ name: 'Helper', age: 10 });
    await page.clock.install();
    await startGame(page, 'en');
    const served = servedQuestion(suite.server.dbPath, profileId, 0);
    // The question is announced with its amount before it is read.
    await expect.poll(() => heard(page)).toContain(served.questionEn);
    expect((await spokenTexts(page))[0]).toBe('Question 1, for 100.');

    // 50:50: two answers gone, neither of them the right one; the right one can still be picked.
    await lifeline(page, '50:50').click();
    await page.locator('.answers .answer.removed').nth(1).waitFor();
    const removed = await answers(page).evaluateAll((buttons) =>
      buttons.flatMap((b, i) => (b.classList.contains('removed') ? [i] : [])),
    );
    expect(removed).toHaveLength(2);
    expect(removed).not.toContain(served.correctShownIndex);
    expect(storedLifelines(profileId).fiftyFifty).toEqual({ position: 0, removed });
    expect(await lifeline(page, '50:50 (used)').isDisabled()).toBe(true);
    // A removed answer cannot be picked, not even by its key.
    await page.keyboard.press(LETTERS[removed[0] as number] as string);
    expect(await page.locator('.answers button.answer[data-state]').count()).toBe(0);

    // Ask the audience: a bar per answer, whole percents adding to 100, nothing for the removed two.
    await lifeline(page, 'Ask the audience').click();
    const bars = page.locator('.audience-poll li');
    await bars.nth(3).waitFor();
    const shares = (await bars.evaluateAll((items) => items.map((li) => li.getAttribute('aria-label')))).map((label) =>
      Number(/(\d+)%$/.exec(label ?? '')?.[1]),
    );
    expect(shares.reduce((a, b) => a + b, 0)).toBe(100);
    for (const index of removed) expect(shares[index]).toBe(0);
    expect(storedLifelines(profileId).audience?.poll).toEqual(shares);
    await expect.poll(() => spokenTexts(page)).toContain('The audience says:');

    // Ask the family: a countdown read aloud, "Time is up!" after 30 s.
    await lifeline(page, 'Ask the family').click();
    const countdown = page.getByRole('region', { name: 'Ask the family' });
    await countdown.waitFor();
    await expect.poll(() => spokenTexts(page)).toContain('You have 30 seconds to ask someone in your family.');
    await page.clock.fastForward(31_000);
    await page.getByText('Time is up! Now choose your answer.', { exact: true }).waitFor();
    await expect.poll(() => spokenTexts(page)).toContain('Time is up!');
    await countdown.getByRole('button', { name: 'Done' }).click();
    expect(await countdown.count()).toBe(0);
    expect(storedLifelines(profileId).family).toEqual({ position: 0 });

    // A reload shows the same: two answers gone, the poll, all three used. Nothing is read before a tap.
    await page.reload();
    await page.locator('.answers .answer.removed').nth(1).waitFor();
    expect(
      await answers(page).evaluateAll((buttons) =>
        buttons.flatMap((b, i) => (b.classList.contains('removed') ? [i] : [])),
      ),
    ).toEqual(removed);
    await page.locator('.audience-poll').waitFor();
    for (const name of ['50:50 (used)', 'Ask the audience (used)', 'Ask the family (used)']) {
      expect(await lifeline(page, name).isDisabled()).toBe(true);
    }
    const tap = page.getByRole('button', { name: 'Tap to continue' });
    await tap.waitFor();
    expect(await spokenTexts(page)).toEqual([]);
    await tap.click();
    await expect.poll(() => heard(page)).toContain(served.questionEn);
    expect(await tap.count()).toBe(0);

    // The right answer: a sound, "Correct!" heard; the next question has no poll and the lifelines stay used.
    const tonesBefore = await tones(page);
    await answers(page).nth(served.correctShownIndex).click();
    await page.locator('.answers button.answer[data-state="correct"]').waitFor();
    await expect.poll(() => spokenTexts(page)).toContain('Correct!');
    expect(await tones(page)).toBeGreaterThan(tonesBefore);
    await page.clock.fastForward(2500);
    await page.getByText('Question 2 of 15', { exact: true }).waitFor();
    expect(await page.locator('.audience-poll').count()).toBe(0);
    expect(await page.locator('.answers .answer.removed').count()).toBe(0);
    expect(await lifeline(page, 'Ask the audience (used)').isDisabled()).toBe(true);
    await expect.poll(() => spokenTexts(page)).toContain('Question 2, for 200.');
    assertNoProblems(problems);
  }, 60_000);

  test('in Vietnamese: the lifelines’ names, the lines heard, the missed question reviewed; muted, no sound', async () => {
    const { page, problems, profileId } = await newPlayer({ name: 'Lan', age: 10 });
    await page.clock.install();
    await startGame(page, 'vi');
    const first = servedQuestion(suite.server.dbPath, profileId, 0);
    await expect.poll(() => spokenTexts(page)).toContain(first.questionVi);
    expect((await spokenTexts(page))[0]).toBe('Câu số 1, trị giá 100.');
    // Question 1 right, then the lifelines and a wrong pick on question 2.
    await answers(page).nth(first.correctShownIndex).click();
    await expect.poll(() => spokenTexts(page)).toContain('Chính xác!');
    await page.clock.fastForward(2500);
    await page.getByText('Câu 2 / 15', { exact: true }).waitFor();
    const served = servedQuestion(suite.server.dbPath, profileId, 1);
    await expect.poll(() => spokenTexts(page)).toContain('Câu số 2, trị giá 200.');
    expect(
      await page.locator('.lifeline-buttons button').evaluateAll((buttons) => buttons.map((b) => b.textContent)),
    ).toEqual(['50:50', 'Hỏi ý kiến khán giả', 'Hỏi ý kiến người thân']);
    await lifeline(page, 'Hỏi ý kiến người thân').click();
    await expect.poll(() => spokenTexts(page)).toContain('Bạn có 30 giây để hỏi ý kiến người thân.');
    await page.getByRole('region', { name: 'Hỏi ý kiến người thân' }).getByRole('button', { name: 'Xong' }).click();
    await lifeline(page, 'Hỏi ý kiến khán giả').click();
    await page.locator('.audience-poll').waitFor();
    await expect.poll(() => spokenTexts(page)).toContain('Ý kiến khán giả:');

    // A wrong pick: the right answer is heard, then the end; Game Over reviews the question.
    const wrong = (served.correctShownIndex + 1) % 4;
    const rightText = served.shownVi?.[served.correctShownIndex] as string;
    await answers(page).nth(wrong).click();
    await page.locator('.answers button.answer[data-state="wrong"]').waitFor();
    await expect
      .poll(() => spokenTexts(page))
      .toEqual(expect.arrayContaining([`Tiếc quá. Đáp án đúng là ${LETTERS[served.correctShownIndex]}:`, rightText]));
    await page.clock.fastForward(2500);
    await page.getByRole('heading', { name: 'Kết thúc', level: 1 }).waitFor();
    await expect.poll(() => spokenTexts(page)).toContain('Trò chơi kết thúc. Bạn ra về với 100.');
    const review = page.getByRole('region', { name: 'Câu hỏi bạn trả lời sai' });
    expect(await shownText(review.locator('.missed-text'))).toBe(served.questionVi);
    expect(await shownText(review.locator('.missed-picked'))).toBe(
      `Bạn đã chọn ${LETTERS[wrong]}: ${served.shownVi?.[wrong]}`,
    );
    expect(await shownText(review.locator('.missed-right'))).toBe(
      `Đáp án đúng là ${LETTERS[served.correctShownIndex]}: ${rightText}`,
    );

    // Muted: a new game's pick makes no sound and says nothing.
    await page.getByRole('button', { name: 'Chơi lại' }).click();
    await page.getByRole('button', { name: 'Bắt đầu lượt chơi mới' }).click();
    await answers(page).first().waitFor();
    await page.locator('button.speech-toggle').click();
    await page.locator('button.speech-toggle[aria-pressed="false"]').waitFor();
    const tonesBefore = await tones(page);
    const spokenBefore = (await spokenTexts(page)).length;
    await answers(page).first().click();
    await page.locator('.answers button.answer[data-state]').first().waitFor();
    expect(await tones(page)).toBe(tonesBefore);
    expect((await spokenTexts(page)).length).toBe(spokenBefore);
    assertNoProblems(problems);
  }, 60_000);

  test('a Vietnamese win is heard all the way: each question’s amount, “Chính xác!”, “Hết giờ!”, the millionaire’s line, with confetti', async () => {
    const { page, problems, profileId } = await newPlayer({ name: 'Vy', age: 10 });
    await page.clock.install();
    await startGame(page, 'vi');
    const amounts = [
      '100',
      '200',
      '300',
      '500',
      '1.000',
      '2.000',
      '4.000',
      '8.000',
      '16.000',
      '32.000',
      '64.000',
      '125.000',
      '250.000',
      '500.000',
      '1.000.000',
    ];
    for (let position = 0; position < 15; position++) {
      await page.getByText(`Câu ${position + 1} / 15`, { exact: true }).waitFor();
      await expect.poll(() => spokenTexts(page)).toContain(`Câu số ${position + 1}, trị giá ${amounts[position]}.`);
      if (position === 0) {
        await lifeline(page, 'Hỏi ý kiến người thân').click();
        await page.getByRole('region', { name: 'Hỏi ý kiến người thân' }).waitFor();
        await page.clock.fastForward(31_000);
        await expect.poll(() => spokenTexts(page)).toContain('Hết giờ!');
      }
      const served = servedQuestion(suite.server.dbPath, profileId, position);
      const heard = (await spokenTexts(page)).filter((text) => text === 'Chính xác!').length;
      await answers(page).nth(served.correctShownIndex).click();
      await page.locator('.answers button.answer[data-state="correct"]').waitFor();
      await expect
        .poll(async () => (await spokenTexts(page)).filter((text) => text === 'Chính xác!').length)
        .toBe(heard + 1);
      await page.clock.fastForward(2500);
    }
    await page.getByRole('heading', { name: 'Xin chúc mừng!', level: 1 }).waitFor();
    await expect
      .poll(() => spokenTexts(page))
      .toContain('Xin chúc mừng! Bạn đã trả lời đúng cả 15 câu. Bạn là triệu phú!');
    await page.locator('.celebration-ladder .ladder-level.won').nth(14).waitFor();
    expect(await page.locator('.confetti span').count()).toBeGreaterThan(20);
    assertNoProblems(problems);
  }, 90_000);

  test.each([
    [360, 740, 'en', 'with a picture'],
    [390, 844, 'vi', 'as it comes'],
  ] as const)(
    'Ask the family at %i×%i (%s), a question %s: the question and its answers in view beside the countdown',
    async (width, height, lang, picture) => {
      const { page, problems, profileId } = await newPlayer({ name: 'Small screen', age: 9 });
      await page.setViewportSize({ width, height });
      await startGame(page, lang);
      if (picture === 'with a picture') {
        // The tallest question: a picture above it (one of the bank's), the lifelines below the fold.
        const { questionId } = servedQuestion(suite.server.dbPath, profileId, 0);
        withDb(
          suite.server.dbPath,
          (db) =>
            db
              .prepare(
                'UPDATE questions SET image_url = (SELECT image_url FROM questions WHERE image_url IS NOT NULL LIMIT 1) WHERE id = ?',
              )
              .run(questionId),
          { write: true },
        );
        await page.reload();
        await page.locator('.question-image').waitFor();
      }
      await lifeline(page, lang === 'vi' ? 'Hỏi ý kiến người thân' : 'Ask the family').click();
      const done = page.locator('.family-countdown').getByRole('button', { name: lang === 'vi' ? 'Xong' : 'Done' });
      await expect.poll(() => done.evaluate((button) => button === document.activeElement)).toBe(true);
      // The question, every answer and the seconds on screen together, none under the sticky header.
      const headerBottom = (await page.locator('.app-header').boundingBox())?.height ?? 0;
      const onScreen = async (selector: string) => {
        const boxes = await page.locator(selector).evaluateAll((elements) =>
          elements.map((element) => {
            const box = element.getBoundingClientRect();
            return { top: box.top, bottom: box.bottom };
          }),
        );
        expect(boxes.length, selector).toBeGreaterThan(0);
        for (const box of boxes) {
          expect(box.top, selector).toBeGreaterThanOrEqual(headerBottom - 1);
          expect(box.bottom, selector).toBeLessThanOrEqual(height + 1);
        }
      };
      await onScreen('#question-text');
      await onScreen('.answers button.answer');
      await onScreen('.family-countdown .countdown-number');
      // The countdown covers no answer: the family points at one while the seconds run.
      const countdownTop = await page.locator('.family-countdown').evaluate((box) => box.getBoundingClientRect().top);
      const lastAnswerBottom = await answers(page)
        .last()
        .evaluate((box) => box.getBoundingClientRect().bottom);
      expect(lastAnswerBottom).toBeLessThanOrEqual(countdownTop);
      assertNoProblems(problems);
    },
  );

  test('another account cannot use a lifeline on the game, and a used one is refused with its message', async () => {
    const { page, context, profileId } = await newPlayer({ name: 'Owner', age: 10 });
    await startGame(page, 'en');
    const { id: gameId } = playingGame(suite.server.dbPath, profileId);
    const call = (target: typeof context) =>
      target.request.post(url('/trpc/game.lifeline'), {
        headers: { origin: suite.server.baseUrl },
        data: { gameId, position: 0, lifeline: 'audience' },
      });
    const other = await newPlayer({ name: 'Other', age: 10 });
    expect((await call(other.context)).status()).toBe(404);
    expect((await call(context)).status()).toBe(200);
    const again = await call(context);
    expect(again.status()).toBe(409);
    expect(JSON.stringify(await again.json())).toContain('That lifeline has already been used in this game.');
  });
});

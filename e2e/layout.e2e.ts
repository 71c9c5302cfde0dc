import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Language } from '#shared/i18n.ts';
import { assertNoProblems } from './support/browser';
import { withDb } from './support/db';
import { installSpeechStandIn } from './support/speech-stand-in';
import { e2eSuite } from './support/suite';

/**
 * /game on phones, a tablet and TVs, in both languages, with the bank's hardest questions to lay
 * out: the longest Kids question with a picture, and the longest Adults question. The whole
 * question, its picture, its four answers, the amount played for and the ladder's current level
 * are on screen without scrolling, nothing is wider than the screen, and on a TV the text is at
 * its largest (40 px and more for the question), the header's buttons staying inside the 5 % a TV
 * may crop at each side; the ladder is a tab stop only where it scrolls (the phone's strip). A 4K
 * screen at 100 % shows a 1080p TV's sizes, so that browser zoom doubles them at 200 %
 * (zoom-focus.e2e.ts): text that grew with the width would not grow with zoom.
 * (`SCREENSHOTS_DIR=…` keeps a picture of each.)
 */

const SCREENS = [
  { name: 'phone', width: 360, height: 740, minQuestionPx: 18 },
  { name: 'phone', width: 390, height: 844, minQuestionPx: 18 },
  { name: 'tablet', width: 820, height: 1180, minQuestionPx: 24 },
  { name: 'tv', width: 1920, height: 1080, minQuestionPx: 40 },
  { name: 'tv-4k', width: 3840, height: 2160, minQuestionPx: 40 },
] as const;

const CASES = [
  { name: 'the longest Kids question with a picture', age: 11, ageCategory: 'Kids', picture: true },
  { name: 'the longest Adults question', age: 40, ageCategory: 'Adults', picture: false },
] as const;

const suite = e2eSuite();

/**
 * A category of 15 copies of the bank's longest question (in `language`, question and answers
 * counted together) of an age group, with a picture or not: every question of a game in it is
 * that one. Returns the category's English name.
 */
function categoryOfLongest(dbPath: string, language: Language, testCase: (typeof CASES)[number]): string {
  const name = `Longest ${testCase.ageCategory} ${testCase.picture ? 'pictured ' : ''}${language}`;
  const [question, answers] = language === 'vi' ? ['question_vi', 'answers_vi'] : ['question_en', 'answers_en'];
  withDb(
    dbPath,
    (db) => {
      if (db.prepare('SELECT 1 FROM categories WHERE name_en = ?').get(name)) return;
      const source = db
        .prepare<[string], { id: number }>(
          `SELECT id FROM questions WHERE age_category = ? AND ${testCase.picture ? 'image_url IS NOT NULL' : 'true'}
           ORDER BY length(${question}) + length(${answers}) DESC LIMIT 1`,
        )
        .get(testCase.ageCategory);
      if (!source) throw new Error(`the bank has no ${testCase.name}`);
      const now = Date.now();
      const { lastInsertRowid: categoryId } = db
        .prepare('INSERT INTO categories (name_en, name_vi, created_at) VALUES (?, ?, ?)')
        .run(name, name, now);
      const copy = db.prepare(
        `INSERT INTO questions (category_id, age_category, difficulty, correct_answer_index, image_url, question_en,
           answers_en, question_vi, answers_vi, random_key, created_at)
         SELECT ?, age_category, ?, correct_answer_index, image_url, question_en, answers_en, question_vi, answers_vi, ?, ?
         FROM questions WHERE id = ?`,
      );
      for (let i = 0; i < 15; i++) copy.run(categoryId, 1 + (i % 3), Math.random(), now, source.id);
    },
    { write: true },
  );
  return name;
}

type Box = { top: number; bottom: number; left: number; right: number };

/** Where each thing that must be seen is, and the viewport. */
function measure(page: Page) {
  return page.evaluate(() => {
    const box = (element: Element | null): Box | null => {
      if (!element) return null;
      const { top, bottom, left, right } = element.getBoundingClientRect();
      return { top, bottom, left, right };
    };
    return {
      viewport: { width: window.innerWidth, height: window.innerHeight },
      scrollWidth: document.documentElement.scrollWidth,
      question: box(document.querySelector('#question-text')),
      picture: box(document.querySelector('img.question-image')),
      answers: [...document.querySelectorAll('.answers button.answer')].map(box),
      amount: box(document.querySelector('.playing-for')),
      currentLevel: box(document.querySelector('.ladder-level.current')),
      questionPx: Number.parseFloat(getComputedStyle(document.querySelector('#question-text') as Element).fontSize),
      // The skip link too: it waits above the screen, at the left it shows at when focused.
      // (A closed menu's items have no box.)
      header: [...document.querySelectorAll('.app-header button, .app-header a')]
        .filter((control) => control.getBoundingClientRect().width > 0)
        .map(box),
      lifelineIconPx: document.querySelector('.lifelines svg.icon')?.getBoundingClientRect().width ?? 0,
      ladderIsTabStop: (document.querySelector('.ladder ol') as HTMLElement).tabIndex >= 0,
    };
  });
}

describe.each(['en', 'vi'] as const)('/game in %s', (language) => {
  describe.each(CASES)('with $name', (testCase) => {
    // One family per language and case (sign-ins are rate-limited), its game seen on each screen.
    let player: Awaited<ReturnType<typeof suite.player>> | undefined;
    const playing = async () => {
      if (player) return player;
      const category = categoryOfLongest(suite.server.dbPath, language, testCase);
      player = await suite.player(
        { name: 'Nguyễn Thị Minh Khai', age: testCase.age },
        {
          locale: language === 'vi' ? 'vi-VN' : 'en-US',
          setup: (context) => installSpeechStandIn(context),
          keep: true,
        },
      );
      await player.page.goto(suite.url('/pre-game'));
      await player.page.getByRole('combobox').selectOption({ label: category });
      await player.page.locator('.pre-game .button-large').click();
      await player.page.waitForURL(suite.url('/game'));
      return player;
    };

    test.each(SCREENS)('on a $name ($width×$height) shows the question, answers, amount and ladder', async (screen) => {
      const { page, problems } = await playing();
      // Resized in place, as a tablet turned or a window dragged: no reload, so no tap to resume.
      await page.setViewportSize({ width: screen.width, height: screen.height });
      await page.locator('.answers button.answer').nth(3).waitFor();
      if (testCase.picture) {
        await page.waitForFunction(() => (document.querySelector('img.question-image') as HTMLImageElement)?.complete);
      }
      await page.evaluate(() => document.fonts.ready);
      if (process.env.SCREENSHOTS_DIR) {
        const file = `game-${language}-${testCase.ageCategory}-${screen.width}x${screen.height}.png`;
        await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/${file}` });
      }

      // The strip is focusable while it overflows, as a ResizeObserver sees it a frame after the resize.
      await expect
        .poll(() => page.evaluate(() => (document.querySelector('.ladder ol') as HTMLElement).tabIndex >= 0))
        .toBe(screen.width < 760);
      const seen = await measure(page);
      const onScreen = (box: Box | null) =>
        box !== null &&
        box.top >= 0 &&
        box.left >= 0 &&
        box.bottom <= seen.viewport.height &&
        box.right <= seen.viewport.width;
      expect(seen.scrollWidth).toBeLessThanOrEqual(seen.viewport.width);
      expect(onScreen(seen.question), 'question').toBe(true);
      if (testCase.picture) expect(onScreen(seen.picture), 'picture').toBe(true);
      expect(seen.answers).toHaveLength(4);
      seen.answers.forEach((answer, i) => {
        expect(onScreen(answer), `answer ${i + 1}`).toBe(true);
      });
      expect(onScreen(seen.amount), 'amount').toBe(true);
      expect(onScreen(seen.currentLevel), 'ladder').toBe(true);
      expect(seen.questionPx).toBeGreaterThanOrEqual(screen.minQuestionPx);
      // Drawn at 22 px, in rem: zoom enlarges it with the text.
      expect(seen.lifelineIconPx).toBeGreaterThanOrEqual(22 - 1);
      expect(seen.ladderIsTabStop, 'ladder a tab stop').toBe(screen.width < 760);
      if (screen.width >= 1800) {
        for (const control of seen.header) {
          expect(control?.left).toBeGreaterThanOrEqual(screen.width * 0.05 - 1);
          expect(control?.right).toBeLessThanOrEqual(screen.width * 0.95 + 1);
        }
      }
      // The focus ring, on the control the keyboard reaches first: 3 px, growing with zoom.
      await page.keyboard.press('Tab');
      const ringPx = await page.evaluate(() =>
        document.activeElement === document.body
          ? 0
          : Number.parseFloat(getComputedStyle(document.activeElement as Element).outlineWidth),
      );
      expect(ringPx).toBeGreaterThanOrEqual(3 - 0.5);
      assertNoProblems(problems);
    });
  });
});

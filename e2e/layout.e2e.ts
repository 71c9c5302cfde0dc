import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { assertNoProblems } from './support/browser';
import { installSpeechStandIn } from './support/speech-stand-in';
import { e2eSuite } from './support/suite';

/**
 * /game on a phone, a tablet and TVs, in both languages: the whole question, its four answers,
 * the amount played for and the ladder's current level are on screen without scrolling, nothing
 * is wider than the screen, and on a TV the text grows with it. (`SCREENSHOTS_DIR=…` keeps a
 * picture of each.)
 */

const SCREENS = [
  { name: 'phone', width: 360, height: 740, minQuestionPx: 18 },
  { name: 'tablet', width: 820, height: 1180, minQuestionPx: 24 },
  { name: 'tv', width: 1920, height: 1080, minQuestionPx: 40 },
  { name: 'tv-4k', width: 3840, height: 2160, minQuestionPx: 80 },
] as const;

const suite = e2eSuite();

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
      answers: [...document.querySelectorAll('.answers button.answer')].map(box),
      amount: box(document.querySelector('.playing-for')),
      currentLevel: box(document.querySelector('.ladder-level.current')),
      questionPx: Number.parseFloat(getComputedStyle(document.querySelector('#question-text') as Element).fontSize),
    };
  });
}

describe.each(['en', 'vi'] as const)('/game in %s', (language) => {
  test.each(SCREENS)('on a $name ($width×$height) shows the question, answers, amount and ladder', async (screen) => {
    const { page, problems } = await suite.player(
      { name: 'Nguyễn Thị Minh Khai', age: 11 },
      {
        viewport: { width: screen.width, height: screen.height },
        locale: language === 'vi' ? 'vi-VN' : 'en-US',
        setup: (context) => installSpeechStandIn(context),
      },
    );
    await page.goto(suite.url('/pre-game'));
    await page.locator('.pre-game .button-large').click();
    await page.locator('.answers button.answer').nth(3).waitFor();
    await page.evaluate(() => document.fonts.ready);
    if (process.env.SCREENSHOTS_DIR) {
      await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/game-${language}-${screen.name}.png` });
    }

    const seen = await measure(page);
    const onScreen = (box: Box | null) =>
      box !== null &&
      box.top >= 0 &&
      box.left >= 0 &&
      box.bottom <= seen.viewport.height &&
      box.right <= seen.viewport.width;
    expect(seen.scrollWidth).toBeLessThanOrEqual(seen.viewport.width);
    expect(onScreen(seen.question), 'question').toBe(true);
    expect(seen.answers).toHaveLength(4);
    seen.answers.forEach((answer, i) => {
      expect(onScreen(answer), `answer ${i + 1}`).toBe(true);
    });
    expect(onScreen(seen.amount), 'amount').toBe(true);
    expect(onScreen(seen.currentLevel), 'ladder').toBe(true);
    expect(seen.questionPx).toBeGreaterThanOrEqual(screen.minQuestionPx);
    assertNoProblems(problems);
  });
});

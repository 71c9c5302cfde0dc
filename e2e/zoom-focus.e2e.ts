import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { trpcMutation } from './support/app';
import { assertNoProblems } from './support/browser';
import { servedQuestion, withDb } from './support/db';
import { announcements, recordAnnouncements } from './support/live-regions';
import { installSpeechStandIn } from './support/speech-stand-in';
import { e2eSuite } from './support/suite';

/**
 * Zoom, focus and the remote on the player's pages, in Chromium. Browser zoom is emulated as it
 * is: the same screen, a CSS viewport divided by the zoom and a device pixel ratio multiplied by
 * it (a 3840×2160 screen at 200 % is 1920×1080 CSS px at 2); `deviceScaleFactor` alone is not zoom.
 * Sizes are compared in device pixels, as the eye sees them.
 */

const suite = e2eSuite();
const url = suite.url;
const LETTERS = ['A', 'B', 'C', 'D'] as const;

const withSpeech = { setup: (context: BrowserContext) => installSpeechStandIn(context) };
const recorded = {
  setup: async (context: BrowserContext) => {
    await installSpeechStandIn(context);
    await recordAnnouncements(context);
  },
};

/** One family with a game in play, for the tests that only look (sign-ins are rate-limited). */
let looking: Promise<{ state: Awaited<ReturnType<BrowserContext['storageState']>>; profileId: string }> | undefined;
function familyAtPlay() {
  looking ??= (async () => {
    const { page, context, profileId } = await suite.player({ name: 'Nguyễn Thị Minh Khai', age: 10 }, withSpeech);
    await startFromPreGame(page);
    return { state: await context.storageState(), profileId };
  })();
  return looking;
}

/** The same family in a window of this size and zoom (device pixel ratio), on /game. */
async function gameAt(width: number, height: number, zoom: number, extra = withSpeech) {
  const { state } = await familyAtPlay();
  const opened = await suite.open({
    storageState: state,
    viewport: { width, height },
    deviceScaleFactor: zoom,
    ...extra,
  });
  await opened.page.goto(url('/game'));
  await opened.page.locator('.answers button.answer').nth(3).waitFor();
  await opened.page.evaluate(() => document.fonts.ready);
  return opened;
}

async function startFromPreGame(page: Page, category?: string) {
  if (!page.url().endsWith('/pre-game')) await page.goto(url('/pre-game'));
  if (category) await page.getByRole('combobox').selectOption({ label: category });
  await page.getByRole('button', { name: 'Start New Game' }).click();
  await page.waitForURL(url('/game'));
  await page.locator('.answers button.answer').nth(3).waitFor();
}

/** The question on screen's number (1-based), as the page shows it. */
async function shownNumber(page: Page): Promise<number> {
  const meta = await page.locator('.question-meta').innerText();
  return Number(/(\d+)/.exec(meta)?.[1]);
}

/** Whether the focused element matches `selector` (false when the focus is on <body>). */
const focusIsOn = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const active = document.activeElement;
    return active !== null && active !== document.body && active.matches(s);
  }, selector);

/** A short description of what has the focus, for the messages of failed checks. */
const focusedDescription = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    return `${active.tagName.toLowerCase()}${active.className ? `.${String(active.className).split(' ').join('.')}` : ''} "${(active.textContent ?? '').trim().slice(0, 40)}"`;
  });

async function expectFocusOn(page: Page, selector: string, what: string) {
  await expect
    .poll(() => focusIsOn(page, selector), { message: `focus on ${what}` })
    .toBe(true)
    .catch(async (error: Error) => {
      throw new Error(`${error.message}; the focus is on ${await focusedDescription(page)}`);
    });
}

/**
 * Whether a user can get at it: inside the window, and what is drawn at its centre is it (not
 * the header, not something over it).
 */
const reachable = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const inside = box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight + 0.5 && box.right <= innerWidth + 0.5;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return inside && hit !== null && (hit === element || element.contains(hit) || hit.contains(element));
  });

/** What the focused element shows at its top is itself, not a header drawn over it. */
const focusedUncovered = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) return 'nothing focused';
    const box = active.getBoundingClientRect();
    const y = Math.min(Math.max(box.top + 2, 0), innerHeight - 1);
    const x = box.left + Math.min(box.width / 2, 20);
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === active || active.contains(hit))) return 'ok';
    return `${active.tagName} "${(active.textContent ?? '').trim().slice(0, 30)}" covered by ${hit?.closest('header') ? 'the header' : hit?.tagName}`;
  });

describe('browser zoom', () => {
  /** The game's text sizes in device pixels. */
  const textSizes = (page: Page) =>
    page.evaluate(() => {
      const size = (selector: string) =>
        Number.parseFloat(getComputedStyle(document.querySelector(selector) as Element).fontSize) * devicePixelRatio;
      return {
        question: size('#question-text'),
        answer: size('.answers button.answer'),
        meta: size('.question-meta'),
        ladder: size('.ladder-level'),
        lifeline: size('.lifeline'),
      };
    });

  test('enlarges the text on a TV: a 4K screen at 200 % twice as large as at 100 %, a 1080p one at 110 % larger', {
    timeout: 180_000,
  }, async () => {
    const sizes: Record<string, Awaited<ReturnType<typeof textSizes>>> = {};
    for (const [name, width, height, zoom] of [
      ['4K at 100 %', 3840, 2160, 1],
      ['4K at 200 %', 1920, 1080, 2],
      ['1080p at 100 %', 1920, 1080, 1],
      ['1080p at 110 %', 1745, 982, 1.1],
    ] as const) {
      const { page, problems } = await gameAt(width, height, zoom);
      sizes[name] = await textSizes(page);
      if (process.env.SCREENSHOTS_DIR) {
        await page.screenshot({
          path: `${process.env.SCREENSHOTS_DIR}/zoom-${width}x${height}@${zoom}.png`,
          timeout: 60_000,
        });
      }
      assertNoProblems(problems);
    }
    const at = (name: string) => sizes[name] as Awaited<ReturnType<typeof textSizes>>;
    for (const key of Object.keys(at('4K at 100 %')) as (keyof ReturnType<typeof at>)[]) {
      expect(at('4K at 200 %')[key] / at('4K at 100 %')[key], `${key}: 4K at 200 % / 100 %`).toBeCloseTo(2, 1);
      expect(at('1080p at 110 %')[key] / at('1080p at 100 %')[key], `${key}: 1080p at 110 % / 100 %`).toBeGreaterThan(
        1.05,
      );
    }
    // A TV across the room still reads it: the question at least 40 px, the answers 28, on a 1080p screen.
    expect(at('1080p at 100 %').question).toBeGreaterThanOrEqual(40);
    expect(at('1080p at 100 %').answer).toBeGreaterThanOrEqual(28);
  });

  test.each([
    { percent: 200, zoom: 2, width: 640, height: 400 },
    { percent: 400, zoom: 4, width: 320, height: 200 },
  ])(
    'at $percent % of a 1280×800 screen, every item of the Account menu can be reached',
    async ({ zoom, width, height }) => {
      const { page, problems } = await gameAt(width, height, zoom);
      const menu = page.getByRole('button', { name: 'Account' });
      await menu.click();
      await page.locator('.account-panel:not([hidden])').waitFor();
      const items = [
        page.getByRole('button', { name: 'Parent PIN' }),
        page.getByRole('button', { name: 'Sign out', exact: true }),
        page.getByRole('button', { name: 'Sign out everywhere' }),
      ];
      // The server's voice is offered where the server has one (espeak-ng on this machine).
      const voiceOffered = await page.evaluate(async () =>
        fetch('/api/speech/available').then(async (r) => ((await r.json()) as { available: boolean }).available),
      );
      const voice = page.getByRole('checkbox', { name: "Read aloud with the game's own voice" });
      if (voiceOffered) {
        await voice.waitFor();
        items.unshift(voice);
      }
      for (const item of items) {
        await item.scrollIntoViewIfNeeded();
        expect(
          await reachable(item),
          `${await item.innerText().catch(() => 'the voice box')} in view and uncovered`,
        ).toBe(true);
        await item.click({ trial: true });
      }
      if (process.env.SCREENSHOTS_DIR) {
        await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/account-menu-${zoom * 100}pct.png` });
      }
      assertNoProblems(problems);
    },
  );

  test('at 400 % of a 1280×800 screen, the header covers no focused control, nor the next question', async () => {
    const { page, problems } = await gameAt(320, 200, 4);
    const { profileId } = await familyAtPlay();
    // Every control of the page in turn, from the top to the last (then the focus leaves the page).
    const seen: string[] = [];
    let reached = 0;
    for (let press = 0; press < 40; press++) {
      await page.keyboard.press('Tab');
      const verdict = await focusedUncovered(page);
      if (verdict === 'nothing focused') break;
      reached += 1;
      if (verdict !== 'ok') seen.push(verdict);
    }
    expect(seen).toEqual([]);
    // The header's, the answers, the lifelines and the tools.
    expect(reached).toBeGreaterThanOrEqual(12);
    // The right answer by its key: the next question gets the focus, in view below the header.
    const position = (await shownNumber(page)) - 1;
    const served = servedQuestion(suite.server.dbPath, profileId, position);
    await page.keyboard.press(LETTERS[served.correctShownIndex] as string);
    await page.getByText(`Question ${position + 2} of 15`, { exact: true }).waitFor();
    await expectFocusOn(page, '#question-text', 'the next question');
    expect(await focusedUncovered(page)).toBe('ok');
    if (process.env.SCREENSHOTS_DIR) {
      await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/game-400pct-next-question.png` });
    }
    assertNoProblems(problems);
  });
});

describe('the focus after each action, 8 tries out of 8', () => {
  test('each lifeline, the end and every page change leave the focus on what they brought, never on <body>; each is announced', {
    timeout: 300_000,
  }, async () => {
    const { page, problems, profileId } = await suite.player({ name: 'Lan', age: 10 }, recorded);
    await page.goto(url('/pre-game'));
    for (let round = 1; round <= 8; round++) {
      // A page change: the focus goes to the new page's heading (the question).
      await page.getByRole('button', { name: 'Start New Game' }).click();
      await page.waitForURL(url('/game'));
      await expectFocusOn(page, '#question-text', `the first question (round ${round})`);
      await expect.poll(() => announcements(page), { timeout: 10_000 }).toContain('Question 1 of 15. Playing for 100.');

      await page.locator('.lifeline[data-lifeline="fiftyFifty"]').click();
      await page.locator('.answers .answer.removed').nth(1).waitFor();
      await expectFocusOn(page, '.answers button.answer:not([disabled])', `an answer 50:50 left (round ${round})`);
      await expect
        .poll(async () => (await announcements(page)).some((said) => /^50:50 took away/.test(said)), {
          timeout: 10_000,
        })
        .toBe(true);

      await page.locator('.lifeline[data-lifeline="audience"]').click();
      await expectFocusOn(page, '.audience-poll', `the audience's poll (round ${round})`);
      await expect
        .poll(async () => (await announcements(page)).some((said) => /^The audience says: A: \d+%/.test(said)), {
          timeout: 10_000,
        })
        .toBe(true);

      await page.locator('.lifeline[data-lifeline="family"]').click();
      await expectFocusOn(page, '.family-countdown button', `the family's Done (round ${round})`);
      await page.locator('.family-countdown button').click();
      await expectFocusOn(page, '.answers button.answer:not([disabled])', `an answer after Done (round ${round})`);

      // A wrong answer left by 50:50 ends the game: the end's heading, and how it ended said.
      const served = servedQuestion(suite.server.dbPath, profileId, 0);
      const left = await page
        .locator('.answers button.answer')
        .evaluateAll((buttons) => buttons.flatMap((b, i) => ((b as HTMLButtonElement).disabled ? [] : [i])));
      const wrong = left.find((index) => index !== served.correctShownIndex) as number;
      await page.keyboard.press(LETTERS[wrong] as string);
      await page.getByRole('heading', { name: 'Game Over' }).waitFor();
      await expectFocusOn(page, '#end-title', `Game Over (round ${round})`);
      await expect
        .poll(async () => (await announcements(page)).filter((said) => said.startsWith('Game Over')).length, {
          timeout: 10_000,
        })
        .toBe(round);

      // Another page change.
      await page.getByRole('button', { name: 'Play Again' }).click();
      await page.waitForURL(url('/pre-game'));
      await expectFocusOn(page, 'main h1', `/pre-game's heading (round ${round})`);
    }
    assertNoProblems(problems);
  });

  test('sending a report leaves the focus on its button, on 8 questions', { timeout: 120_000 }, async () => {
    const { page, problems, profileId } = await suite.player({ name: 'Bảo', age: 10 }, recorded);
    await startFromPreGame(page);
    for (let position = 0; position < 8; position++) {
      await page.getByRole('button', { name: 'Report a problem' }).click();
      const dialog = page.getByRole('dialog', { name: 'What is wrong with this question?' });
      await dialog.getByLabel('The question is unclear').check();
      await dialog.getByRole('button', { name: 'Send' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expectFocusOn(page, '.report-button', `the report's button (question ${position + 1})`);
      expect(await page.locator('.report-button').innerText()).toBe('Reported');
      await expect
        .poll(async () => (await announcements(page)).filter((said) => said.includes('Thank you')).length, {
          timeout: 10_000,
        })
        .toBe(position + 1);
      const served = servedQuestion(suite.server.dbPath, profileId, position);
      await page.keyboard.press(LETTERS[served.correctShownIndex] as string);
      await page.getByText(`Question ${position + 2} of 15`, { exact: true }).waitFor();
    }
    assertNoProblems(problems);
  });

  test('closing the parent PIN dialog gives the focus back to the Account menu; a wrong PIN twice is said twice', {
    timeout: 120_000,
  }, async () => {
    const { page, context, problems, profileId } = await suite.player({ name: 'Hà', age: 9 }, recorded);
    await trpcMutation(context, suite.server.baseUrl, 'parentLock.set', { pin: '2468' });
    // Choosing who plays closes the lock.
    await trpcMutation(context, suite.server.baseUrl, 'profiles.choose', { profileId });
    await page.goto(url('/pre-game'));
    const account = page.getByRole('button', { name: 'Account' });
    const prompt = page.getByRole('dialog', { name: 'Parent PIN' });
    for (let round = 1; round <= 8; round++) {
      await account.click();
      await page.getByRole('button', { name: 'Parent PIN' }).click();
      await prompt.waitFor();
      if (round % 2 === 1) await prompt.getByRole('button', { name: 'Cancel' }).click();
      else await page.keyboard.press('Escape');
      await prompt.waitFor({ state: 'detached' });
      await expectFocusOn(page, '.account-menu > button', `the Account button (round ${round})`);
    }

    await account.click();
    await page.getByRole('button', { name: 'Parent PIN' }).click();
    for (let wrong = 1; wrong <= 2; wrong++) {
      await prompt.getByLabel('PIN (4 to 8 digits)').fill('1111');
      await prompt.getByRole('button', { name: 'Unlock' }).click();
      await expect
        .poll(
          async () => (await announcements(page)).filter((said) => said.startsWith('That PIN is not right')).length,
          { timeout: 10_000 },
        )
        .toBe(wrong);
      await expectFocusOn(page, 'dialog input', 'the PIN field, again');
    }
    await prompt.getByLabel('PIN (4 to 8 digits)').fill('2468');
    await prompt.getByRole('button', { name: 'Unlock' }).click();
    const settings = page.getByRole('dialog', { name: 'Parent PIN' });
    await settings.getByRole('button', { name: 'Close' }).click();
    await settings.waitFor({ state: 'detached' });
    await expectFocusOn(page, '.account-menu > button', 'the Account button after the settings');
    assertNoProblems(problems, {
      console: [/status of 400/],
      http: [/^400 POST .*\/trpc\/parentLock\.unlock/],
    });
  });
});

describe('the Account menu', () => {
  test('closes when Tab leaves it, and an answer key answers while it is open', async () => {
    const { page, problems } = await gameAt(1280, 800, 1);
    const { profileId } = await familyAtPlay();
    const account = page.getByRole('button', { name: 'Account' });
    const panel = page.locator('.account-panel');
    await account.click();
    await panel.waitFor();
    for (let press = 0; press < 8 && (await panel.isVisible()); press++) await page.keyboard.press('Tab');
    expect(await panel.isVisible()).toBe(false);
    expect(await focusIsOn(page, '.account-menu *')).toBe(false);

    await account.click();
    await panel.waitFor();
    const position = (await shownNumber(page)) - 1;
    const served = servedQuestion(suite.server.dbPath, profileId, position);
    await page.keyboard.press(LETTERS[served.correctShownIndex] as string);
    await page.locator('.answers button.answer[data-state]').first().waitFor();
    expect(await panel.isVisible()).toBe(false);
    await page.getByText(`Question ${position + 2} of 15`, { exact: true }).waitFor();
    assertNoProblems(problems);
  });
});

/** A category whose 15 questions are copies of one Kids question with a picture. */
function picturedCategory(dbPath: string): string {
  const name = 'Pictures only';
  withDb(
    dbPath,
    (db) => {
      if (db.prepare('SELECT 1 FROM categories WHERE name_en = ?').get(name)) return;
      const source = db
        .prepare<[], { id: number }>(
          `SELECT id FROM questions WHERE age_category = 'Kids' AND image_url IS NOT NULL ORDER BY id LIMIT 1`,
        )
        .get();
      if (!source) throw new Error('the bank has no question with a picture');
      const now = Date.now();
      const { lastInsertRowid: categoryId } = db
        .prepare('INSERT INTO categories (name_en, name_vi, created_at) VALUES (?, ?, ?)')
        .run(name, 'Chỉ có hình', now);
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

describe('on a phone', () => {
  test('the next question comes with its number and picture in view below the header', async () => {
    const { page, problems, profileId } = await suite.player(
      { name: 'Tí', age: 8 },
      { ...withSpeech, viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
    );
    await startFromPreGame(page, picturedCategory(suite.server.dbPath));
    for (let position = 0; position < 3; position++) {
      // Further down the page first, as after the audience's poll or a report.
      await page.locator('.report-button').focus();
      await page.evaluate(() => window.scrollBy(0, 400));
      const served = servedQuestion(suite.server.dbPath, profileId, position);
      await page.locator('.answers button.answer').nth(served.correctShownIndex).tap();
      await page.getByText(`Question ${position + 2} of 15`, { exact: true }).waitFor();
      await page.waitForFunction(() => (document.querySelector('img.question-image') as HTMLImageElement)?.complete);
      await expectFocusOn(page, '#question-text', 'the next question');
      const seen = await page.evaluate(() => {
        const header = (document.querySelector('.app-header') as Element).getBoundingClientRect();
        const top = (selector: string) => (document.querySelector(selector) as Element).getBoundingClientRect();
        return {
          header: header.bottom,
          meta: top('.question-meta'),
          picture: top('img.question-image'),
          height: innerHeight,
        };
      });
      expect(seen.meta.top, '"Question n of 15" below the header').toBeGreaterThanOrEqual(seen.header - 0.5);
      expect(seen.picture.top, 'the picture below the header').toBeGreaterThanOrEqual(seen.header - 0.5);
      expect(seen.picture.bottom, 'the picture on screen').toBeLessThanOrEqual(seen.height);
    }
    if (process.env.SCREENSHOTS_DIR) {
      await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/phone-next-question.png` });
    }
    assertNoProblems(problems);
  });
});

describe('a TV remote (the arrow keys)', () => {
  /** Presses `key` until `selector` has the focus (at most `presses` times); whether it got there. */
  async function arrowTo(page: Page, key: string, selector: string, presses = 8): Promise<boolean> {
    for (let press = 0; press < presses; press++) {
      if (await focusIsOn(page, selector)) return true;
      await page.keyboard.press(key);
    }
    return focusIsOn(page, selector);
  }

  test('reaches sign-in, and every control of New player', async () => {
    const { page, problems } = await suite.open(withSpeech);
    await page.goto(url('/'));
    await page.getByRole('link', { name: 'Sign in with Google' }).waitFor();
    expect(await arrowTo(page, 'ArrowDown', 'a.button-google'), 'Sign in with Google').toBe(true);

    await page.getByRole('link', { name: 'Sign in with Google' }).click();
    await page.getByLabel('Your name').fill('Remote Parent');
    await page.getByLabel('Email').fill(`remote.${Date.now()}@example.test`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(url('/profiles'));
    await page.goto(url('/create-profile'));
    await page.getByRole('heading', { name: 'New player' }).waitFor();
    expect(await arrowTo(page, 'ArrowDown', 'input[name="name"]'), 'Name').toBe(true);
    await page.keyboard.type('Bin');
    // The caret at the end of the name: the arrows go on, down to Age and the avatars.
    expect(await arrowTo(page, 'ArrowDown', 'input[type="number"]', 2), 'Age').toBe(true);
    await page.keyboard.type('7');
    expect(await arrowTo(page, 'ArrowDown', 'input[type="radio"]', 2), 'an avatar').toBe(true);
    expect(await arrowTo(page, 'ArrowDown', '.form-actions .button', 2), 'the form’s buttons').toBe(true);
    expect(await arrowTo(page, 'ArrowRight', 'button[type="submit"]', 2), 'Create profile').toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(url('/profiles'));
    await page.getByRole('button', { name: /^Bin/ }).waitFor();
    assertNoProblems(problems);
  });

  test('leaves the category list on /pre-game, reaches the voice box in the Account menu and the report’s Send', async () => {
    const { page, problems } = await suite.player({ name: 'Remote', age: 10 }, withSpeech);
    await page.goto(url('/pre-game'));
    const list = page.getByRole('combobox');
    await list.focus();
    await page.keyboard.press('ArrowDown');
    expect(await focusIsOn(page, '.pre-game .button-large'), 'Start New Game under the list').toBe(true);
    expect(await list.inputValue(), 'the category still Random').toBe('random');
    await page.keyboard.press('ArrowUp');
    expect(await focusIsOn(page, 'select'), 'back up to the list').toBe(true);

    await page.getByRole('button', { name: 'Account' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('.account-panel:not([hidden])').waitFor();
    const voiceOffered = await page.evaluate(async () =>
      fetch('/api/speech/available').then(async (r) => ((await r.json()) as { available: boolean }).available),
    );
    if (voiceOffered) {
      await page.locator('.account-voice-box').waitFor();
      expect(await arrowTo(page, 'ArrowDown', '.account-voice-box'), 'the voice box').toBe(true);
    }
    expect(await arrowTo(page, 'ArrowDown', '.account-actions button:last-child'), 'Sign out everywhere').toBe(true);
    await page.keyboard.press('Escape');

    await startFromPreGame(page);
    await page.getByRole('button', { name: 'Report a problem' }).click();
    const dialog = page.getByRole('dialog', { name: 'What is wrong with this question?' });
    await dialog.waitFor();
    expect(await arrowTo(page, 'ArrowDown', 'dialog textarea'), 'the note').toBe(true);
    expect(await focusIsOn(page, 'dialog textarea')).toBe(true);
    expect(await arrowTo(page, 'ArrowDown', 'dialog .form-actions button', 2), 'the dialog’s buttons').toBe(true);
    expect(await arrowTo(page, 'ArrowRight', 'dialog button[type="submit"]', 2), 'Send').toBe(true);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.locator('.report-button').innerText()).toBe('Reported');
    assertNoProblems(problems);
  });
});

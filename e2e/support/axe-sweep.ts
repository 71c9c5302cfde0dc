import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Language } from '#shared/i18n.ts';
import { newAccount, signedInWithActiveProfile, signInViaHttp, trpcMutation } from './app';
import { seriousViolations } from './axe';
import { servedQuestion } from './db';
import { installSpeechStandIn, spokenLines } from './speech-stand-in';
import { e2eSuite } from './suite';

const PHONE = { width: 360, height: 740 };
/** A phone, a tablet and a TV-sized window. */
const WIDTHS = [PHONE, { width: 820, height: 1180 }, { width: 1920, height: 1080 }];

/** axe's serious and critical findings on the page as it is now, in each window size in turn (by name). */
async function violationsAtEveryWidth(page: Page): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    // Laid out again at the new size before axe looks.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const violations = await seriousViolations(page);
    if (violations.length > 0) found[`${viewport.width} px`] = violations;
  }
  await page.setViewportSize(PHONE);
  return found;
}

/**
 * axe-core on every screen in one language, each screen at a phone's, a tablet's and a TV's width
 * (the window resized on the screen as it is: one journey through the app instead of one a width).
 * Each language is a file of its own (accessibility-en/-vi.e2e.ts), so the two run side by side.
 */
export function axeSweep(language: Language) {
  const ADMIN = newAccount('A11yAdmin');

  const suite = e2eSuite({ env: { ADMIN_EMAILS: ADMIN.email } });

  const url = suite.url;

  async function context() {
    return suite.open({
      viewport: PHONE,
      locale: language === 'vi' ? 'vi-VN' : 'en-US',
      // axe is injected as a script, which the app's Content-Security-Policy would refuse.
      bypassCSP: true,
      setup: (ctx) => installSpeechStandIn(ctx),
    });
  }

  describe(`in ${language}`, () => {
    test('every screen at 360, 820 and 1920 px has no serious or critical axe finding', async () => {
      const found: Record<string, Record<string, string[]>> = {};
      const check = async (name: string, page: Page) => {
        const violations = await violationsAtEveryWidth(page);
        if (Object.keys(violations).length > 0) found[name] = violations;
      };

      const visitor = await context();
      await visitor.page.goto(url('/'));
      await visitor.page.locator('main').waitFor();
      await check('sign-in', visitor.page);
      await visitor.page.goto(url('/sign-in/local'));
      await visitor.page.locator('form').waitFor();
      await check('local sign-in', visitor.page);
      await visitor.page.goto(url('/no/such/page'));
      await visitor.page.getByRole('heading', { level: 1 }).waitFor();
      await check('not found', visitor.page);

      const family = await context();
      const { profileId } = await signedInWithActiveProfile(family.context, suite.server.baseUrl, {
        name: 'Ánh',
        age: 9,
      });
      await trpcMutation(family.context, suite.server.baseUrl, 'profiles.create', { name: 'Bảo', age: 12 });
      await family.page.goto(url('/profiles'));
      await family.page.locator('.profile-card').nth(1).waitFor();
      await check('profiles', family.page);
      await family.page.locator('.profile-edit').first().click();
      const editDialog = family.page.locator('dialog[open]');
      await editDialog.locator('form').waitFor();
      await check('profiles: the edit dialog', family.page);
      await editDialog.locator('.button-danger-outline').click();
      await editDialog.locator('.button-danger').waitFor();
      await check('profiles: confirm deleting', family.page);
      // Escape closes the confirmation, then the profile's dialog.
      await family.page.keyboard.press('Escape');
      await family.page.getByRole('alertdialog').waitFor({ state: 'detached' });
      await family.page.keyboard.press('Escape');
      await editDialog.waitFor({ state: 'detached' });
      await family.page.goto(url('/create-profile'));
      await family.page.locator('form').waitFor();
      await check('create profile', family.page);
      await family.page.goto(url('/pre-game'));
      await family.page.locator('select').waitFor();
      await check('pre-game', family.page);
      await family.page.locator('.button-large').first().click();
      await family.page.waitForURL(url('/game'));
      await family.page.locator('.answers button.answer').first().waitFor();
      await check('game: a question', family.page);
      const lifelines = family.page.locator('.lifeline-buttons button');
      await lifelines.nth(0).click();
      await family.page.locator('.answers .answer.removed').first().waitFor();
      await lifelines.nth(1).click();
      await family.page.locator('.audience-poll').waitFor();
      await lifelines.nth(2).click();
      await family.page.locator('.family-countdown').waitFor();
      await check('game: lifelines used', family.page);

      await family.page.goto(url('/pre-game'));
      await family.page.locator('.continue .button-primary').waitFor();
      await check('pre-game: a game to continue', family.page);
      await family.page.locator('.pre-game > .button').click();
      const confirm = family.page.getByRole('alertdialog');
      await confirm.waitFor();
      await check('pre-game: start a new game?', family.page);
      await confirm.locator('button').first().click();
      await family.page.locator('.continue .button-primary').click();
      await family.page.waitForURL(url('/game'));
      await family.page.locator('.answers button.answer').first().waitFor();

      // A wrong answer (one 50:50 left): Game Over with its review.
      const served = servedQuestion(suite.server.dbPath, profileId, 0);
      const open = await family.page
        .locator('.answers button.answer')
        .evaluateAll((buttons) => buttons.flatMap((b, i) => (b.classList.contains('removed') ? [] : [i])));
      const wrong = open.find((i) => i !== served.correctShownIndex) as number;
      await family.page.locator('.answers button.answer').nth(wrong).click();
      await family.page.locator('#end-title').waitFor();
      // The end is also heard (a first wrong answer: nothing won).
      await expect
        .poll(async () => (await spokenLines(family.page)).map((line) => line.text))
        .toContain(
          language === 'vi'
            ? 'Trò chơi kết thúc. Lần này bạn ra về với 0. Hãy thử lại nhé!'
            : 'Game over. You walk away with 0 this time. Try again!',
        );
      await check('game: the end', family.page);

      const admin = await context();
      await signInViaHttp(admin.context, suite.server.baseUrl, ADMIN);
      for (const [name, path] of [
        ['admin dashboard', '/admin'],
        ['admin questions', '/admin/questions'],
        ['admin add question', '/admin/add-question'],
        ['admin categories', '/admin/categories'],
        ['admin question set', '/admin/add-question-set'],
      ] as const) {
        await admin.page.goto(url(path));
        await admin.page.locator('main .card').first().waitFor();
        await admin.page.waitForLoadState('networkidle');
        await check(name, admin.page);
      }
      // Manage Questions' states (issue 19): a search too short, a row selected, Delete asking in its row.
      await admin.page.goto(url('/admin/questions'));
      await admin.page.getByRole('searchbox').fill('ho');
      await admin.page.locator('.search-note:not(:empty)').waitFor();
      await check('admin questions: a search too short', admin.page);
      await admin.page.getByRole('searchbox').fill('');
      await admin.page.locator('.question-row-select').first().check();
      await admin.page.locator('.question-row .button-danger-outline').first().click();
      await admin.page.locator('.inline-confirm').waitFor();
      await check('admin questions: a row selected, Delete asking', admin.page);
      // The forms with their problems shown: fields marked invalid, described by the messages.
      await admin.page.goto(url('/admin/add-question'));
      await admin.page.locator('form button[type=submit]').click();
      await admin.page.locator('form [aria-invalid="true"]').first().waitFor();
      await check('admin add question: problems shown', admin.page);
      await admin.page.goto(url('/admin/categories'));
      await admin.page.locator('form.category-add button[type=submit]').click();
      await admin.page.locator('form [aria-invalid="true"]').first().waitFor();
      await check('admin categories: a refusal', admin.page);
      await admin.page.locator('.category-view button').first().click();
      await admin.page.locator('.category-edit').waitFor();
      await check('admin categories: a row in edit', admin.page);
      await admin.page.goto(url('/admin/edit-question/not-a-question'));
      await admin.page.getByRole('alert').waitFor();
      await check('admin edit question: not found', admin.page);

      expect(found).toEqual({});
    }, 300_000); // Three widths of each of some thirty screens, on a busy machine.

    test('the family page at 360, 820 and 1920 px has no serious or critical axe finding', async () => {
      const parent = await context();
      const { profileId } = await signedInWithActiveProfile(parent.context, suite.server.baseUrl, {
        name: 'Ánh',
        age: 9,
      });
      // A game lost on its first question: a row in the games, a category in the table.
      const { gameId } = await trpcMutation<{ gameId: string }>(parent.context, suite.server.baseUrl, 'game.start', {
        profileId,
        categoryId: 'random',
        lang: language,
      });
      const served = servedQuestion(suite.server.dbPath, profileId, 0);
      await trpcMutation(parent.context, suite.server.baseUrl, 'game.answer', {
        gameId,
        position: 0,
        answerIndex: (served.correctShownIndex + 1) % 4,
      });
      await parent.page.goto(url('/family'));
      await parent.page.locator('.family-game').first().waitFor();
      expect(await violationsAtEveryWidth(parent.page)).toEqual({});
    });
  });
}

import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { completion, startFakeAiService } from '../server/test/fake-ai-service';
import { newAccount, signInThroughUi, trpcMutation } from './support/app';
import { assertNoProblems, type OpenedPage } from './support/browser';
import { e2eSuite } from './support/suite';

/**
 * The admin pages with a keyboard and a screen reader: every view its own title, the focus on
 * what each action brought (8 tries out of 8), the form's labels in the page's language, and
 * nothing too small or too wide on a 320 px screen.
 */

const ADMIN = newAccount('FocusAdmin');
let ai: Awaited<ReturnType<typeof startFakeAiService>>;

beforeAll(async () => {
  ai = await startFakeAiService();
});

afterAll(async () => {
  await ai?.close();
});

const suite = e2eSuite(() => ({
  env: { ADMIN_EMAILS: ADMIN.email, OPENAI_BASE_URL: ai.baseURL, OPENAI_MODEL: 'local-test-model' },
}));
const url = suite.url;

/** The admin, signed in once (sign-ins are rate-limited); each test opens its own window on the session. */
let signedIn: Promise<Awaited<ReturnType<OpenedPage['context']['storageState']>>> | undefined;
async function adminPage(options: Parameters<typeof suite.open>[0] = {}): Promise<OpenedPage> {
  signedIn ??= (async () => {
    const first = await suite.open();
    await signInThroughUi(first.page, suite.server.baseUrl, ADMIN);
    return first.context.storageState();
  })();
  return suite.open({ storageState: await signedIn, ...options });
}

const focusIsOn = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const active = document.activeElement;
    return active !== null && active !== document.body && active.matches(s);
  }, selector);

async function expectFocusOn(page: Page, selector: string, what: string) {
  await expect
    .poll(() => focusIsOn(page, selector), { message: `focus on ${what}` })
    .toBe(true)
    .catch(async (error: Error) => {
      const on = await page.evaluate(() => {
        const active = document.activeElement;
        return !active || active === document.body ? 'body' : active.outerHTML.slice(0, 80);
      });
      throw new Error(`${error.message}; the focus is on ${on}`);
    });
}

const onePicture = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

describe('an admin', () => {
  test('every view has its own title, in the language shown, and each page change focuses its heading', {
    timeout: 120_000,
  }, async () => {
    const { page, problems } = await adminPage();
    await page.goto(url('/admin'));
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await page.title()).toBe('Dashboard · Admin · Quiz Ladder');
    const views = [
      ['Manage Questions', 'Manage Questions'],
      ['Add New Question', 'Add New Question'],
      ['Manage Categories', 'Manage Categories'],
      ['Add Question Set', 'Add Question Set'],
      ['Dashboard', 'Dashboard'],
    ] as const;
    const titles = new Set<string>();
    for (let round = 0; round < 8; round++) {
      const [link, heading] = views[round % views.length] as (typeof views)[number];
      await page.locator('.admin-nav').getByRole('link', { name: link }).click();
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await expectFocusOn(page, '#main h1', `${heading}'s heading`);
      await expect.poll(() => page.title()).toBe(`${link} · Admin · Quiz Ladder`);
      titles.add(await page.title());
    }
    expect(titles.size).toBe(views.length);
    await page.goto(url('/admin/edit-question/1'));
    await page.getByRole('heading', { name: 'Edit Question' }).waitFor();
    expect(await page.title()).toBe('Edit Question · Admin · Quiz Ladder');
    await page.locator('header').getByRole('button', { name: 'Tiếng Việt' }).click();
    await expect.poll(() => page.title()).toBe('Sửa câu hỏi · Quản trị · Leo Thang Tri Thức');
    assertNoProblems(problems);
  });

  test('deleting a category leaves the focus on the list, 8 times', { timeout: 120_000 }, async () => {
    const { page, context, problems } = await adminPage();
    const names = Array.from({ length: 8 }, (_, i) => `Focus test ${i + 1}`);
    for (const name of names) {
      await trpcMutation(context, suite.server.baseUrl, 'admin.categories.create', {
        nameEn: name,
        nameVi: `Chủ đề ${name}`,
      });
    }
    await page.goto(url('/admin/categories'));
    for (const name of names) {
      await page.getByRole('button', { name: `Delete ${name}` }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, delete' }).click();
      await page.getByRole('button', { name: `Delete ${name}` }).waitFor({ state: 'detached' });
      await expectFocusOn(page, '#category-list-title', `the list after deleting ${name}`);
    }
    assertNoProblems(problems);
  });

  test('generating and importing a set focus the review, 8 times each', { timeout: 180_000 }, async () => {
    const { page, context, problems } = await adminPage();
    await trpcMutation(context, suite.server.baseUrl, 'admin.categories.create', {
      nameEn: 'Focus sets',
      nameVi: 'Bộ câu hỏi',
    });
    await page.goto(url('/admin/add-question-set'));
    await page.locator('select[name=category]').selectOption({ label: 'Focus sets' });
    await page.getByLabel('Number of questions').fill('1');
    for (let round = 1; round <= 8; round++) {
      ai.reply(
        completion(
          JSON.stringify({
            questions: [
              {
                question_en: `Generated question ${round}?`,
                question_vi: `Câu hỏi ${round}?`,
                answers_en: ['One', 'Two', 'Three', 'Four'],
                answers_vi: ['Một', 'Hai', 'Ba', 'Bốn'],
                correctAnswerIndex: 0,
                difficulty: 1,
              },
            ],
          }),
        ),
      );
      await page.getByRole('button', { name: 'Generate' }).click();
      await page.getByText(`Generated question ${round}?`).waitFor();
      await expectFocusOn(page, '#review-title', `the review after generating (round ${round})`);
    }
    const header =
      'category,category_vi,age_category,difficulty,question_en,answer_en_1,answer_en_2,answer_en_3,answer_en_4,question_vi,answer_vi_1,answer_vi_2,answer_vi_3,answer_vi_4,correct_answer';
    for (let round = 1; round <= 8; round++) {
      const row = `Focus sets,Bộ câu hỏi,Kids,1,Imported question ${round}?,A,B,C,D,Câu nhập ${round}?,A,B,C,D,1`;
      await page.setInputFiles('input[type=file]', {
        name: `set-${round}.csv`,
        mimeType: 'text/csv',
        buffer: Buffer.from(`${header}\r\n${row}`),
      });
      await page.getByText(`Imported question ${round}?`).waitFor();
      await expectFocusOn(page, '#review-title', `the review after importing (round ${round})`);
    }
    assertNoProblems(problems);
  });

  test('uploading a picture and removing it keep the focus on the picture’s field, 8 times', {
    timeout: 120_000,
  }, async () => {
    const { page, problems } = await adminPage();
    await page.goto(url('/admin/add-question'));
    const field = page.getByLabel('Picture (optional)');
    const picture = await onePicture();
    for (let round = 1; round <= 8; round++) {
      // Chosen from the field, as a user does (setInputFiles alone leaves the focus where it was).
      await field.focus();
      await field.setInputFiles({ name: `picture-${round}.png`, mimeType: 'image/png', buffer: picture });
      await page.getByText('Uploaded', { exact: true }).waitFor({ timeout: 30_000 });
      await expectFocusOn(page, 'input[type=file]', `the picture's field after the upload (round ${round})`);
      await page.getByRole('button', { name: 'Remove the picture' }).click();
      await expectFocusOn(page, 'input[type=file]', `the picture's field after removing it (round ${round})`);
    }
    assertNoProblems(problems);
  });
});

describe('the question form and Manage Questions', () => {
  test.each(['en', 'vi'] as const)(
    'in %s: labels in the page’s language, each field’s text in its own',
    async (language) => {
      const { page, problems } = await adminPage();
      await page.goto(url(`/admin/add-question?lng=${language}`));
      await page.locator('textarea[name="vi-question"]').waitFor();
      const wrong = await page.evaluate(() => {
        const pageLanguage = document.documentElement.lang;
        const languageOf = (element: Element) => element.closest('[lang]')?.getAttribute('lang');
        const labels = [...document.querySelectorAll('.question-form label > span, .question-form legend')];
        return {
          pageLanguage,
          labels: labels.filter((label) => languageOf(label) !== pageLanguage).map((label) => label.textContent),
          fields: [...document.querySelectorAll('.language-column textarea, .language-column input:not([type=radio])')]
            .filter((field) => languageOf(field) !== (field.getAttribute('name') ?? '').slice(0, 2))
            .map((field) => field.getAttribute('name')),
        };
      });
      expect(wrong.pageLanguage).toBe(language);
      expect(wrong.labels).toEqual([]);
      expect(wrong.fields).toEqual([]);
      assertNoProblems(problems);
    },
  );

  test('nothing scrolls sideways at 320 px, and each row’s box is at least 24 px square', async () => {
    const { page, problems } = await adminPage({ viewport: { width: 320, height: 640 } });
    for (const path of ['/admin/add-question', '/admin/questions', '/admin/categories', '/admin/add-question-set']) {
      await page.goto(url(path));
      await page.locator('#main h1').waitFor();
      await page.evaluate(() => document.fonts.ready);
      const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, screen: innerWidth }));
      expect(widths.scroll, `${path} wider than the screen`).toBeLessThanOrEqual(widths.screen);
    }
    // A set under review: each question's two languages one above the other.
    await page.goto(url('/admin/add-question-set'));
    await page.setInputFiles('input[type=file]', {
      name: 'narrow.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        'category,category_vi,age_category,difficulty,question_en,answer_en_1,answer_en_2,answer_en_3,answer_en_4,question_vi,answer_vi_1,answer_vi_2,answer_vi_3,answer_vi_4,correct_answer\r\n' +
          'Animals,Động vật,Kids,1,Which is the tallest animal?,Giraffe,Elephant,Horse,Camel,Con vật nào cao nhất?,Hươu cao cổ,Voi,Ngựa,Lạc đà,1',
      ),
    });
    await page.locator('.set-question').first().waitFor();
    const review = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, screen: innerWidth }));
    expect(review.scroll, 'the review wider than the screen').toBeLessThanOrEqual(review.screen);

    await page.goto(url('/admin/questions'));
    const box = await page.locator('.question-row-select').first().boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(24);
    expect(box?.height).toBeGreaterThanOrEqual(24);
    assertNoProblems(problems);
  });
});

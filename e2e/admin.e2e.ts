import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { newAccount, signedInWithActiveProfile, signInThroughUi } from './support/app';
import { assertNoProblems, type OpenedPage } from './support/browser';
import { withDb } from './support/db';
import { installSpeechStandIn } from './support/speech-stand-in';
import { e2eSuite } from './support/suite';

const ADMIN = newAccount('Admin');
const suite = e2eSuite({ env: { ADMIN_EMAILS: ADMIN.email } });

const url = suite.url;

const fresh = suite.open;

async function adminPage(): Promise<OpenedPage> {
  const admin = await fresh();
  await signInThroughUi(admin.page, suite.server.baseUrl, ADMIN);
  return admin;
}

/** A picture over 256 KB (noise compresses badly), so it goes through the resumable upload. */
const bigPicture = () =>
  sharp({
    create: {
      width: 700,
      height: 700,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();

async function fillQuestion(page: Page, texts: { en: string; vi: string; answersEn: string[]; answersVi: string[] }) {
  await page.locator('textarea[name="en-question"]').fill(texts.en);
  await page.locator('textarea[name="vi-question"]').fill(texts.vi);
  for (const [i, letter] of ['A', 'B', 'C', 'D'].entries()) {
    await page.locator(`input[name="en-answer-${letter}"]`).fill(texts.answersEn[i] as string);
    await page.locator(`input[name="vi-answer-${letter}"]`).fill(texts.answersVi[i] as string);
  }
}

describe('an admin', () => {
  test('adds a question with a picture, finds it without diacritics, edits it, and a player gets it with its picture', async () => {
    const { page, problems } = await adminPage();
    // Its own category, so that a game there can only show this question.
    await page.goto(url('/admin/categories'));
    await page.getByLabel('English name').fill('Night animals');
    await page.getByLabel('Vietnamese name').fill('Động vật về đêm');
    await page.getByRole('button', { name: 'Add Category' }).click();
    await page.getByText('Category added.').waitFor();

    await page.getByRole('link', { name: 'Add New Question' }).click();
    await page.getByRole('heading', { name: 'Add New Question' }).waitFor();
    // Empty: the spec's message, and nothing sent.
    await page.getByRole('button', { name: 'Add Question' }).click();
    await page.getByText('Please fill out all question text fields and select a category.').waitFor();

    await page.locator('select[name=category]').selectOption({ label: 'Night animals' });
    await fillQuestion(page, {
      en: 'Which bird hoots in the night?',
      vi: 'Loài chim nào kêu "hú hú" vào ban đêm?',
      answersEn: ['Owl', 'Sparrow', 'Parrot', 'Swan'],
      answersVi: ['Cú mèo', 'Chim sẻ', 'Vẹt', 'Thiên nga'],
    });
    // The Vietnamese radios follow the English choice.
    await page.getByLabel('A is the correct answer').first().check();
    expect(await page.getByLabel('A is the correct answer').nth(1).isChecked()).toBe(true);
    expect(await page.getByLabel('A is the correct answer').nth(1).isDisabled()).toBe(true);

    await page.setInputFiles('input[type=file]', {
      name: 'owl.png',
      mimeType: 'image/png',
      buffer: await bigPicture(),
    });
    // While it uploads, Submit waits; the progress shows in per cent.
    await page
      .getByText(/^Uploading… \d+%$/)
      .first()
      .waitFor();
    await page.getByText('Uploaded', { exact: true }).waitFor({ timeout: 30_000 });
    const preview = page.getByRole('img', { name: "The question's picture" });
    expect(await preview.getAttribute('src')).toMatch(/^\/uploads\/question-images\/[0-9a-f-]{36}\.webp$/);
    await page.getByRole('button', { name: 'Add Question' }).click();
    await page.getByText('Question added successfully! Add another or go back to the list.').waitFor();

    // Manage Questions: found by its Vietnamese text, typed without diacritics.
    await page.getByRole('link', { name: 'Manage Questions' }).click();
    await page.getByLabel('Search').fill('loai chim nao keu');
    const row = page.locator('.question-row', { hasText: 'Which bird hoots in the night?' });
    await row.waitFor();
    expect(await page.locator('.question-row').count()).toBe(1);
    await row.getByRole('link', { name: /^Edit/ }).click();
    await page.getByRole('heading', { name: 'Edit Question' }).waitFor();
    expect(await page.locator('textarea[name="en-question"]').inputValue()).toBe('Which bird hoots in the night?');
    // The picture it has is its current one, not an upload just made.
    await page.getByText('Current picture', { exact: true }).waitFor();
    expect(await page.getByText('Uploaded', { exact: true }).count()).toBe(0);
    await page.locator('textarea[name="en-question"]').fill('Which bird says "hoo hoo" at night?');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Question updated successfully!').waitFor();
    assertNoProblems(problems);

    // A player starts a game in that category: the question comes, with its picture.
    const player = await fresh({ setup: (context) => installSpeechStandIn(context) });
    await signedInWithActiveProfile(player.context, suite.server.baseUrl, { name: 'Owl Fan', age: 8 });
    await player.page.goto(url('/pre-game'));
    await player.page.getByRole('combobox').selectOption({ label: 'Night animals' });
    await player.page.getByRole('button', { name: 'Start New Game' }).click();
    await player.page.getByRole('heading', { name: 'Which bird says "hoo hoo" at night?' }).waitFor();
    const picture = player.page.getByRole('img', { name: 'Picture for this question' });
    await picture.waitFor();
    expect(await picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(700);

    // It reports a problem; the admin sees it on the dashboard, and dismisses it.
    await player.page.getByRole('button', { name: 'Report a problem' }).click();
    await player.page.getByLabel('The translation is wrong').check();
    await player.page.getByLabel('Tell us more (optional)').fill('"hú hú" is not what owls say in Vietnamese');
    await player.page.getByRole('button', { name: 'Send' }).click();
    await player.page.getByRole('button', { name: 'Reported' }).waitFor();
    assertNoProblems(player.problems);

    await page.getByRole('link', { name: 'Dashboard' }).click();
    const report = page.locator('.report', { hasText: 'Which bird says "hoo hoo" at night?' });
    await report.waitFor();
    expect(await report.innerText()).toContain('Translation 1');
    await report.getByText('Notes from players').click();
    await report.getByText('"hú hú" is not what owls say in Vietnamese').waitFor();
    await report.getByRole('button', { name: 'Dismiss' }).click();
    await report.waitFor({ state: 'detached' });
    assertNoProblems(problems);
  });

  test('adds, renames and deletes a category in Vietnamese; one with questions is kept and says why', async () => {
    const { page, problems } = await adminPage();
    await page.goto(url('/admin/categories?lng=vi'));
    await page.getByRole('heading', { name: 'Quản lý chủ đề' }).waitFor();
    await page.getByRole('button', { name: 'Thêm chủ đề' }).click();
    await page.getByText('Cần nhập cả tên tiếng Anh và tên tiếng Việt.').waitFor();

    await page.getByLabel('Tên tiếng Anh').fill('Weather');
    await page.getByLabel('Tên tiếng Việt').fill('Thời tiết');
    await page.getByRole('button', { name: 'Thêm chủ đề' }).click();
    await page.getByText('Đã thêm chủ đề.').waitFor();

    await page.getByRole('button', { name: 'Sửa Thời tiết' }).click();
    const editor = page.locator('.category-edit');
    await editor.getByLabel('Tên tiếng Việt').fill('   ');
    await editor.getByRole('button', { name: 'Lưu' }).click();
    await page.getByText('Cần nhập cả tên tiếng Anh và tên tiếng Việt để cập nhật.').waitFor();
    await editor.getByLabel('Tên tiếng Việt').fill('Thời tiết và khí hậu');
    await editor.getByRole('button', { name: 'Lưu' }).click();
    await page.getByRole('button', { name: 'Xóa Thời tiết và khí hậu' }).waitFor();

    await page.getByRole('button', { name: 'Xóa Thời tiết và khí hậu' }).click();
    await page.getByText('Bạn có chắc muốn xóa chủ đề này? Không thể hoàn tác.').waitFor();
    await page.getByRole('button', { name: 'Đồng ý, xóa' }).click();
    await page.getByText('Đã xóa chủ đề.').waitFor();
    await page.getByRole('button', { name: 'Xóa Thời tiết và khí hậu' }).waitFor({ state: 'detached' });

    // A category of the starter bank still has its questions: refused, with their number.
    const [animals] = withDb(suite.server.dbPath, (db) =>
      db
        .prepare(
          "SELECT (SELECT count(*) FROM questions WHERE category_id = c.id) AS n FROM categories c WHERE name_vi = 'Động vật'",
        )
        .pluck()
        .all(),
    ) as number[];
    await page.getByRole('button', { name: 'Xóa Động vật', exact: true }).click();
    await page.getByRole('button', { name: 'Đồng ý, xóa' }).click();
    await page.getByText(`Chủ đề này vẫn còn ${animals} câu hỏi nên chưa bị xóa.`, { exact: false }).waitFor();
    assertNoProblems(problems, { console: [/status of 409/], http: [/^409 POST .*admin\.categories\.remove/] });
  });
});

/** Whether `locator` has the focus. */
const focused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** The field is marked invalid and described by the element holding `message`. */
async function expectInvalid(page: Page, field: Locator, message: string) {
  const id = await page.getByText(message, { exact: true }).getAttribute('id');
  expect(id).toBeTruthy();
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  expect((await field.getAttribute('aria-describedby'))?.split(' ')).toContain(id);
}

describe('an admin’s messages and fields', () => {
  test('an edit address with no such question, a number or not, says "Question not found."', async () => {
    const { page, problems } = await adminPage();
    for (const path of ['/admin/edit-question/does-not-exist-999', '/admin/edit-question/999999']) {
      await page.goto(url(path));
      await page.getByRole('alert').getByText('Question not found.', { exact: true }).waitFor();
      await page.getByRole('link', { name: 'Back to the list' }).waitFor();
    }
    await page.goto(url('/admin/edit-question/abc?lng=vi'));
    await page.getByRole('alert').getByText('Không tìm thấy câu hỏi.', { exact: true }).waitFor();
    // Only the number is asked for (the other address cannot be a question's). Its 404 shows as one
    // when it goes alone, and inside a 207 when batched with the categories: either is expected.
    assertNoProblems({
      ...problems,
      consoleErrors: problems.consoleErrors.filter((entry) => !/status of 404 .*admin\.questions\.byId/.test(entry)),
      httpErrors: problems.httpErrors.filter((entry) => !/^404 GET .*admin\.questions\.byId/.test(entry)),
    });
  });

  test('Add Question marks the fields at fault, keeps the category and age group, and drops stale messages', async () => {
    const { page, problems } = await adminPage();
    await page.goto(url('/admin/add-question'));
    await page.getByRole('heading', { name: 'Add New Question' }).waitFor();
    await page.locator('input[name="en-answer-A"]').fill('Owl');
    await page.getByRole('button', { name: 'Add Question' }).click();

    const required = 'Please fill out all question text fields and select a category.';
    const answers = 'Please fill in all four answers in both languages.';
    await page.getByText(required, { exact: true }).waitFor();
    const category = page.locator('select[name=category]');
    await expectInvalid(page, category, required);
    await expectInvalid(page, page.locator('textarea[name="en-question"]'), required);
    await expectInvalid(page, page.locator('textarea[name="vi-question"]'), required);
    await expectInvalid(page, page.locator('input[name="en-answer-B"]'), answers);
    expect(await page.locator('input[name="en-answer-A"]').getAttribute('aria-invalid')).toBeNull();
    // Focus on the first field at fault, not left on the button.
    await expect.poll(() => focused(category)).toBe(true);

    // Mended as it is typed: the messages and the marks go with their faults.
    await category.selectOption({ label: 'Animals' });
    await page.locator('select[name=ageCategory]').selectOption('Teenagers');
    const owl = {
      en: 'Which bird can turn its head furthest?',
      vi: 'Loài chim nào quay đầu được xa nhất?',
      answersEn: ['Owl', 'Sparrow', 'Parrot', 'Swan'],
      answersVi: ['Cú mèo', 'Chim sẻ', 'Vẹt', 'Thiên nga'],
    };
    await fillQuestion(page, owl);
    await page.getByText(required, { exact: true }).waitFor({ state: 'detached' });
    await page.getByText(answers, { exact: true }).waitFor({ state: 'detached' });
    expect(await page.locator('form [aria-invalid]').count()).toBe(0);

    // On a phone: the form is long, and its top and bottom are far apart.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Add Question' }).click();
    const added = page.getByText('Question added successfully! Add another or go back to the list.');
    await added.waitFor();
    // The next question keeps the category and age group; its first text has the focus.
    const enQuestion = page.locator('textarea[name="en-question"]');
    expect(await enQuestion.inputValue()).toBe('');
    await expect.poll(() => focused(enQuestion)).toBe(true);
    // The outcome is said where the form starts again, on screen with the focused field (a phone too).
    const inView = (locator: typeof added) =>
      locator.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      });
    expect(await inView(added)).toBe(true);
    expect(await category.evaluate((select) => (select as HTMLSelectElement).selectedOptions[0]?.text)).toBe('Animals');
    expect(await page.locator('select[name=ageCategory]').inputValue()).toBe('Teenagers');
    // Typing the next question: the success is old news.
    await enQuestion.fill('Which animal sleeps standing up?');
    await added.waitFor({ state: 'detached' });

    await fillQuestion(page, {
      en: 'Which animal sleeps standing up?',
      vi: 'Con vật nào ngủ đứng?',
      answersEn: ['Horse', 'Cat', 'Dog', 'Rabbit'],
      answersVi: ['Ngựa', 'Mèo', 'Chó', 'Thỏ'],
    });
    await page.getByRole('button', { name: 'Add Question' }).click();
    await added.waitFor();
    // A picture that fails: its failure shows, and the earlier success goes.
    await page.setInputFiles('input[type=file]', {
      name: 'broken.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is not a picture'),
    });
    await page.getByText('Failed', { exact: true }).waitFor();
    await page.locator('.upload-status .form-error').waitFor();
    expect(await added.count()).toBe(0);
    assertNoProblems(problems, { console: [/status of 4\d\d/], http: [/^4\d\d POST .*\/api\/admin\/images/] });
  });

  test('Manage Categories: one message at a time, the names at fault marked, focus kept in the row', async () => {
    const { page, problems } = await adminPage();
    await page.goto(url('/admin/categories'));
    const nameEn = page.getByLabel('English name');
    const nameVi = page.getByLabel('Vietnamese name');
    await nameEn.fill('Animals');
    await nameVi.fill('Động vật');
    await page.getByRole('button', { name: 'Add Category' }).click();
    const duplicate = 'A category with this name already exists: Animals / Động vật.';
    await page.getByText(duplicate).waitFor();
    await expectInvalid(page, nameEn, duplicate);
    await expectInvalid(page, nameVi, duplicate);
    await expect.poll(() => focused(nameEn)).toBe(true);

    // A later success replaces the refusal.
    await nameEn.fill('Rivers');
    await nameVi.fill('Sông ngòi');
    await page.getByRole('button', { name: 'Add Category' }).click();
    await page.getByText('Category added.').waitFor();
    expect(await page.getByText(duplicate).count()).toBe(0);
    expect(await nameEn.getAttribute('aria-invalid')).toBeNull();

    // Edit: focus into the editor (and the last outcome goes); Cancel: back to the row's Edit.
    await page.getByRole('button', { name: 'Edit Rivers' }).click();
    const editor = page.locator('.category-edit');
    await expect.poll(() => focused(editor.getByLabel('English name'))).toBe(true);
    await page.getByText('Category added.').waitFor({ state: 'detached' });
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await editor.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page.getByRole('button', { name: 'Edit Rivers' }))).toBe(true);

    // Save refused: the empty name marked and focused; saved: focus back on the row's Edit.
    await page.getByRole('button', { name: 'Edit Rivers' }).click();
    await editor.getByLabel('Vietnamese name').fill(' ');
    await editor.getByRole('button', { name: 'Save' }).click();
    const requiredForUpdate = 'Both English and Vietnamese names are required for an update.';
    await page.getByText(requiredForUpdate).waitFor();
    await expectInvalid(page, editor.getByLabel('Vietnamese name'), requiredForUpdate);
    expect(await editor.getByLabel('English name').getAttribute('aria-invalid')).toBeNull();
    await expect.poll(() => focused(editor.getByLabel('Vietnamese name'))).toBe(true);
    await editor.getByLabel('English name').fill('Rivers and lakes');
    await editor.getByLabel('Vietnamese name').fill('Sông hồ');
    await editor.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Category updated.').waitFor();
    expect(await page.getByText(requiredForUpdate).count()).toBe(0);
    const renamed = page.getByRole('button', { name: 'Edit Rivers and lakes' });
    await expect.poll(() => focused(renamed)).toBe(true);

    // A refused delete closes its dialog (nothing left to ask) and says why in the row, focus back on
    // Delete; the next action (Edit) takes the refusal away.
    await page.getByRole('button', { name: 'Delete Animals', exact: true }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    const refusal = page.locator('.category-row .form-error', {
      hasText: /^This category still has \d+ questions, so it was not deleted\./,
    });
    await refusal.waitFor();
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    expect(await page.getByText('Category updated.').count()).toBe(0);
    await expect.poll(() => focused(page.getByRole('button', { name: 'Delete Animals', exact: true }))).toBe(true);
    await page.getByRole('button', { name: 'Edit Animals', exact: true }).click();
    await refusal.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Cancel' }).click();
    assertNoProblems(problems, {
      console: [/status of 409/],
      http: [/^409 POST .*admin\.categories\.create/, /^409 POST .*admin\.categories\.remove/],
    });
  });
});

describe('without an AI service', () => {
  test('Add Question Set says so and how to set one up; importing still works', async () => {
    const { page, problems } = await adminPage();
    await page.goto(url('/admin/add-question-set'));
    await page.getByText(/No AI service is set up on this server/).waitFor();
    expect(await page.getByRole('button', { name: 'Generate' }).isDisabled()).toBe(true);
    expect(await page.getByLabel('CSV or JSON file').isDisabled()).toBe(false);
    assertNoProblems(problems);
  });
});

describe('someone who is not an admin', () => {
  test('opening /admin lands on the start page, and the server refuses the admin calls', async () => {
    const { page, context, problems } = await fresh();
    await signedInWithActiveProfile(context, suite.server.baseUrl, { name: 'Curious', age: 10 });
    await page.goto(url('/admin'));
    await page.waitForURL(/\/profiles$/);
    const calls = await page.evaluate(async () => {
      const overview = await fetch('/trpc/admin.overview');
      const upload = await fetch('/api/admin/images', { method: 'POST', body: new FormData() });
      return [overview.status, upload.status];
    });
    expect(calls).toEqual([403, 403]);
    assertNoProblems(problems, {
      console: [/status of 403/],
      http: [/^403 GET .*admin\.overview/, /^403 POST .*\/api\/admin\/images/],
    });
  });
});

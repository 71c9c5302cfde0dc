import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, describe, expect, test } from 'vitest';
import { newAccount, signInThroughUi, trpcMutation } from './support/app';
import { assertNoProblems } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { e2eSuite } from './support/suite';

const ADMIN = newAccount('FileAdmin');
const adminEnv = { env: { ADMIN_EMAILS: ADMIN.email } };
const suite = e2eSuite(adminEnv);
let fresh: RunningServer | undefined;
let other: RunningServer | undefined;

afterAll(async () => {
  await Promise.all([fresh?.dispose(), other?.dispose()]);
});

/** A picture with detail in it: any re-encode along the way would change its bytes. */
async function picture() {
  const raw = Buffer.alloc(160 * 120 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (Math.sin(i / 9) * 127 + 128 + (i % 11) * 5) & 255;
  return sharp(raw, { raw: { width: 160, height: 120, channels: 3 } })
    .png()
    .toBuffer();
}

/** The bytes a page's image is served with. */
async function bytesOf(page: Page, baseUrl: string, src: string | null) {
  expect(src).toMatch(/^\/uploads\/question-images\/[0-9a-f-]{36}\.webp$/);
  const response = await page.request.get(`${baseUrl}${src}`);
  expect(response.status()).toBe(200);
  return response.body();
}

describe('a picture question', () => {
  test('exported from one install and imported into a fresh one shows the same picture', async () => {
    // The first install: a category and a question with a picture, made over HTTP as the admin.
    const source = await suite.open();
    const from = suite.server.baseUrl;
    await signInThroughUi(source.page, from, ADMIN);
    const category = await trpcMutation<{ id: number }>(source.context, from, 'admin.categories.create', {
      nameEn: 'Ocean life',
      nameVi: 'Sinh vật đại dương',
    });
    const upload = await source.context.request.post(`${from}/api/admin/images`, {
      headers: { Origin: from },
      multipart: { file: { name: 'whale.png', mimeType: 'image/png', buffer: await picture() } },
    });
    expect(upload.status()).toBe(200);
    const { imageUrl } = (await upload.json()) as { imageUrl: string };
    await trpcMutation(source.context, from, 'admin.questions.create', {
      categoryId: category.id,
      ageCategory: 'Teenagers',
      difficulty: 3,
      correctAnswerIndex: 2,
      en: { question: 'Which animal is in the picture?', answers: ['Shark', 'Seal', 'Whale', 'Crab'] },
      vi: { question: 'Con vật nào trong hình?', answers: ['Cá mập', 'Hải cẩu', 'Cá voi', 'Cua'] },
      imageUrl,
    });
    const original = await bytesOf(source.page, from, imageUrl);

    // Manage Questions exports the category as a zip named after it.
    await source.page.goto(`${from}/admin/questions`);
    await source.page.locator('select').first().selectOption({ label: 'Ocean life' });
    await source.page.locator('.question-row').first().waitFor();
    const [download] = await Promise.all([
      source.page.waitForEvent('download'),
      source.page.getByRole('link', { name: 'Export with pictures (.zip)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^quiz-ladder-questions-ocean-life-\d{4}-\d{2}-\d{2}\.zip$/);
    // Read through the connection (the run's Chromium is shared: its download is not a local file).
    const zip = Buffer.concat(await (await download.createReadStream()).toArray());
    assertNoProblems(source.problems);

    // A fresh install: no categories, no questions, no pictures.
    fresh = await startServer(adminEnv);
    const to = fresh.baseUrl;
    const target = await suite.open();
    const { page } = target;
    await signInThroughUi(page, to, ADMIN);
    await page.goto(`${to}/admin/add-question-set`);
    // The accepted values are written on the page.
    await page.getByText('Accepted values').click();
    await page.getByText('age_category: Kids, Teenagers, Adults, Thiếu nhi, Thiếu niên, Người lớn').waitFor();
    await page.getByText('difficulty: 1, 2, 3, easy, medium, hard, dễ, vừa, khó').waitFor();
    await page.setInputFiles('input[type=file]', {
      name: download.suggestedFilename(),
      mimeType: 'application/zip',
      buffer: zip,
    });
    await page.getByRole('heading', { name: 'Review' }).waitFor();

    // The category is new: named, and its question waits for consent.
    await page.getByText('New categories: Ocean life').waitFor();
    await page.getByText(/^Line 2: The category "Ocean life" does not exist yet/).waitFor();
    expect(await page.getByRole('button', { name: /^Save/ }).count()).toBe(0);
    // Said as it is: waiting for the tick, not "already exists".
    await page
      .getByText('1 question here is in a new category: tick “Create these categories when saving” to import it.')
      .waitFor();
    expect(await page.getByText(/already exist/).count()).toBe(0);
    await page.getByLabel('Create these categories when saving').check();
    const shown = page.locator('.set-question', { hasText: 'Which animal is in the picture?' });
    await shown.waitFor();
    expect(await shown.getByText('Ocean life · Teenagers · Hard').count()).toBe(1);
    const reviewed = shown.getByRole('img', { name: 'Picture of the question' });
    expect((await bytesOf(page, to, await reviewed.getAttribute('src'))).equals(original)).toBe(true);
    await page.getByRole('button', { name: 'Save 1 question' }).click();
    await page.getByText('1 question has been saved successfully!').waitFor();
    // The review and its Save are gone: the keyboard goes on from the outcome, not from <body>.
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('form-success'))).toBe(true);

    // The saved question, opened to edit, shows the same picture, byte for byte.
    await page.getByRole('link', { name: 'Manage Questions' }).click();
    await page.locator('select').first().selectOption({ label: 'Ocean life' });
    const row = page.locator('.question-row', { hasText: 'Which animal is in the picture?' });
    await row.getByRole('link', { name: /^Edit/ }).click();
    await page.getByRole('heading', { name: 'Edit Question' }).waitFor();
    const preview = page.getByRole('img', { name: "The question's picture" });
    await preview.waitFor();
    expect(await preview.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(160);
    expect((await bytesOf(page, to, await preview.getAttribute('src'))).equals(original)).toBe(true);

    // Imported again: it says every question exists, and offers no save.
    await page.goto(`${to}/admin/add-question-set`);
    await page.setInputFiles('input[type=file]', { name: 'again.zip', mimeType: 'application/zip', buffer: zip });
    await page.getByText('The 1 question in this file already exists.').waitFor();
    expect(await page.getByRole('button', { name: /^Save/ }).count()).toBe(0);
    assertNoProblems(target.problems);
  });
});

describe('a category whose questions exist in the other install under another category', () => {
  test('importing it says they exist and where, offers nothing and stores no picture', async () => {
    const source = await suite.open();
    const from = suite.server.baseUrl;
    await signInThroughUi(source.page, from, ADMIN);
    const ocean = await trpcMutation<{ id: number }>(source.context, from, 'admin.categories.create', {
      nameEn: 'Sea life',
      nameVi: 'Sinh vật biển',
    });
    const upload = await source.context.request.post(`${from}/api/admin/images`, {
      headers: { Origin: from },
      multipart: { file: { name: 'seal.png', mimeType: 'image/png', buffer: await picture() } },
    });
    const { imageUrl } = (await upload.json()) as { imageUrl: string };
    const questions = [
      {
        ageCategory: 'Kids',
        difficulty: 1,
        correctAnswerIndex: 1,
        en: { question: 'Which sea animal barks?', answers: ['Shark', 'Seal', 'Crab', 'Eel'] },
        vi: { question: 'Con vật biển nào sủa?', answers: ['Cá mập', 'Hải cẩu', 'Cua', 'Lươn'] },
      },
      {
        ageCategory: 'Kids',
        difficulty: 2,
        correctAnswerIndex: 0,
        en: { question: 'Which sea animal has eight arms?', answers: ['Octopus', 'Dolphin', 'Turtle', 'Seal'] },
        vi: { question: 'Con vật biển nào có tám xúc tu?', answers: ['Bạch tuộc', 'Cá heo', 'Rùa', 'Hải cẩu'] },
      },
    ];
    for (const [index, question] of questions.entries()) {
      await trpcMutation(source.context, from, 'admin.questions.create', {
        ...question,
        categoryId: ocean.id,
        imageUrl: index === 0 ? imageUrl : null,
      });
    }
    const exported = await source.context.request.get(
      `${from}/api/admin/questions/export?format=zip&categoryId=${ocean.id}`,
    );
    expect(exported.status()).toBe(200);
    const zip = await exported.body();

    // The other install keeps the same questions under a category of its own: one word for word,
    // one retyped in other case and spacing.
    other = await startServer(adminEnv);
    const to = other.baseUrl;
    const target = await suite.open();
    const { page } = target;
    await signInThroughUi(page, to, ADMIN);
    const creatures = await trpcMutation<{ id: number }>(target.context, to, 'admin.categories.create', {
      nameEn: 'Creatures',
      nameVi: 'Muôn loài',
    });
    const [barks, arms] = questions as [(typeof questions)[0], (typeof questions)[0]];
    await trpcMutation(target.context, to, 'admin.questions.create', {
      ...barks,
      categoryId: creatures.id,
      imageUrl: null,
    });
    await trpcMutation(target.context, to, 'admin.questions.create', {
      ...arms,
      categoryId: creatures.id,
      imageUrl: null,
      en: { ...arms.en, question: '  WHICH sea animal   has eight ARMS? ' },
    });
    const stored = join(other.dir, 'uploads', 'question-images');
    const pictures = () => (existsSync(stored) ? readdirSync(stored).sort() : []);
    const before = pictures();

    await page.goto(`${to}/admin/add-question-set`);
    await page.setInputFiles('input[type=file]', { name: 'sea-life.zip', mimeType: 'application/zip', buffer: zip });
    await page.getByRole('heading', { name: 'Review' }).waitFor();
    for (const line of [2, 3]) {
      await page.getByText(`Line ${line}: This question is already in another category: Creatures.`).waitFor();
    }
    await page.getByText('All 2 questions in this file already exist.').waitFor();
    expect(await page.getByRole('button', { name: /^Save/ }).count()).toBe(0);
    // Nothing new: no new category offered, no picture stored for a question that is not imported.
    expect(await page.getByText(/New categories/).count()).toBe(0);
    expect(pictures()).toEqual(before);

    // The admin reading Vietnamese is told the category's Vietnamese name.
    await page.locator('header').getByRole('button', { name: 'Tiếng Việt' }).click();
    await page
      .getByText(/Câu hỏi này đã có trong chủ đề khác: Muôn loài\./)
      .first()
      .waitFor();
    assertNoProblems(target.problems);
    assertNoProblems(source.problems);
  });
});

describe('behind a reverse proxy with a smaller limit', () => {
  test("a proxy's own 413 page says the file is too large for the server, not that it cannot be reached", async () => {
    const { page, problems } = await suite.open();
    await signInThroughUi(page, suite.server.baseUrl, ADMIN);
    // What nginx answers past its client_max_body_size: its own HTML page, not the app's JSON.
    await page.route('**/api/admin/question-sets/import', (route) =>
      route.fulfill({
        status: 413,
        contentType: 'text/html',
        body: '<html><head><title>413 Request Entity Too Large</title></head><body>nginx</body></html>',
      }),
    );
    await page.goto(`${suite.server.baseUrl}/admin/add-question-set`);
    await page.setInputFiles('input[type=file]', {
      name: 'questions.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('category,question_en\n'),
    });
    await page.getByText('The file is too large for the server.').waitFor();
    expect(await page.getByText(/Cannot reach the server/).count()).toBe(0);
    assertNoProblems(problems, { http: [/^413 POST .*\/api\/admin\/question-sets\/import$/], console: [/413/] });
  });
});

describe('Reject All', () => {
  test('asks first: Cancel keeps the review, Reject All clears it and the focus goes to the file field', async () => {
    const { page, problems } = await suite.open();
    await signInThroughUi(page, suite.server.baseUrl, ADMIN);
    await trpcMutation(page.context(), suite.server.baseUrl, 'admin.categories.create', {
      nameEn: 'Weather',
      nameVi: 'Thời tiết',
    });
    await page.goto(suite.url('/admin/add-question-set'));
    const csv = [
      'category,category_vi,age_category,difficulty,question_en,answer_en_1,answer_en_2,answer_en_3,answer_en_4,question_vi,answer_vi_1,answer_vi_2,answer_vi_3,answer_vi_4,correct_answer',
      'Weather,Thời tiết,Kids,1,What falls from clouds?,Rain,Sand,Leaves,Stones,Cái gì rơi từ mây xuống?,Mưa,Cát,Lá,Đá,A',
      'Weather,Thời tiết,Kids,1,What do we see after rain?,A rainbow,A comet,A moon,A star,Sau mưa ta thấy gì?,Cầu vồng,Sao chổi,Mặt Trăng,Ngôi sao,E',
    ].join('\n');
    await page.setInputFiles('input[type=file]', {
      name: 'weather.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByRole('heading', { name: 'Review' }).waitFor();
    await page.getByText('Line 3: The correct answer "E" is not allowed: use one of A, B, C, D, 1, 2, 3, 4.').waitFor();

    // At 360 px the review (and the accepted values) fit without scrolling sideways.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByText('Accepted values').click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const rejectAll = page.getByRole('button', { name: 'Reject All' });
    await rejectAll.click();
    const dialog = page.getByRole('alertdialog', { name: 'Reject the 1 question under review? It will not be saved.' });
    await dialog.waitFor();
    // It opens on its safe choice.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('What falls from clouds?').waitFor();
    expect(await rejectAll.evaluate((button) => button === document.activeElement)).toBe(true);

    await rejectAll.click();
    await dialog.getByRole('button', { name: 'Reject All' }).click();
    await page.getByRole('heading', { name: 'Review' }).waitFor({ state: 'detached' });
    expect(await page.getByText('What falls from clouds?').count()).toBe(0);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('file');
    assertNoProblems(problems);
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { foldForSearch } from '#shared/text.ts';
import { newAccount, signInThroughUi } from './support/app';
import { assertNoProblems, type OpenedPage } from './support/browser';
import { withDb } from './support/db';
import { e2eSuite } from './support/suite';

// Issue 19: the search reads the answers too and says when it needs 3 letters; the list's total;
// moving questions to another category in one step; Delete asking inside its row.
const ADMIN = newAccount('Admin');
const suite = e2eSuite({ env: { ADMIN_EMAILS: ADMIN.email } });
const url = suite.url;

async function adminPage(): Promise<OpenedPage> {
  const admin = await suite.open();
  await signInThroughUi(admin.page, suite.server.baseUrl, ADMIN);
  return admin;
}

const questionCount = (where = '1 = 1', ...params: unknown[]) =>
  withDb(suite.server.dbPath, (db) =>
    db
      .prepare(`SELECT count(*) FROM questions WHERE ${where}`)
      .pluck()
      .get(...params),
  ) as number;

const categoryIdNamed = (nameEn: string) =>
  withDb(suite.server.dbPath, (db) => db.prepare('SELECT id FROM categories WHERE name_en = ?').pluck().get(nameEn)) as
    | number
    | undefined;

/** The English texts of the rows listed, in order. */
const listedTexts = (page: Page) => page.locator('.question-row p[lang="en"]').allInnerTexts();

async function addCategory(page: Page, nameEn: string, nameVi: string) {
  await page.getByLabel('English name').fill(nameEn);
  await page.getByLabel('Vietnamese name').fill(nameVi);
  await page.getByRole('button', { name: 'Add Category' }).click();
  await page.getByText('Category added.').waitFor();
}

describe('Manage Questions', () => {
  test('finds Hồ Chí Minh City as an answer, after the matches in question texts, and says when a search is too short', async () => {
    const { page, problems } = await adminPage();
    await page.goto(url('/admin/questions'));
    const total = page.locator('.list-total');
    // The starter bank: 50 shown of all of them, the number as English writes it.
    const all = questionCount();
    expect(all).toBeGreaterThan(1000);
    await page.getByText(`50 of ${all.toLocaleString('en')} questions`, { exact: true }).waitFor();

    // Under 3 letters: a note tied to the box, and no list that looks unfiltered.
    const search = page.getByRole('searchbox');
    await search.fill('ho');
    const note = page.getByText(
      'A search needs at least 3 letters. Type a little more to see the questions that match.',
    );
    await note.waitFor();
    const noteId = await note.getAttribute('id');
    expect((await search.getAttribute('aria-describedby'))?.split(' ')).toContain(noteId);
    const noteBox = page.locator(`[id="${noteId}"]`);
    await page.locator('.question-row').first().waitFor({ state: 'detached' });
    expect(await total.innerText()).toBe('');
    expect(await page.getByText('No questions match.').count()).toBe(0);

    const capital = 'What is the capital city of Vietnam?';
    for (const typed of ['ho chi minh', 'Hồ Chí Minh', 'chi minh']) {
      await search.fill(typed);
      // This search's rows, not the last one's (the list is busy until they come).
      await page.locator('.question-rows:not([aria-busy])').waitFor();
      await page.locator('.question-row', { hasText: capital }).waitFor();
      expect(await noteBox.innerText()).toBe('');
      const texts = await listedTexts(page);
      const at = texts.indexOf(capital);
      // Its question does not say Ho Chi Minh City, its answers do: after every question that does.
      const sayIt = (await page.locator('.question-row-text').allInnerTexts()).map((text) =>
        foldForSearch(text.split(/\n+/).slice(0, 2).join('\n')).includes('chi minh'),
      );
      expect(sayIt).toHaveLength(texts.length);
      // Those whose question says it first, then those whose answers alone do (newest first in each).
      const answersOnly = sayIt.indexOf(false);
      expect(answersOnly).toBeGreaterThan(0);
      expect(sayIt, JSON.stringify(texts)).toEqual(sayIt.map((_, i) => i < answersOnly));
      expect(at).toBeGreaterThanOrEqual(answersOnly);
      await page.getByText(`${texts.length} of ${texts.length} questions`, { exact: true }).waitFor();
    }
    assertNoProblems(problems);

    // In Vietnamese: the note, and the total as Vietnamese writes numbers.
    await page.goto(url('/admin/questions?lng=vi'));
    await page.getByText(`50 trên ${all.toLocaleString('vi')} câu hỏi`, { exact: true }).waitFor();
    expect(all.toLocaleString('vi')).toContain('.');
    await page.getByRole('searchbox').fill('hà');
    await page.getByText('Cần gõ ít nhất 3 ký tự để tìm kiếm. Hãy gõ thêm để xem các câu hỏi phù hợp.').waitFor();
    assertNoProblems(problems);
  });

  test('moves 81 questions in one step, emptying a category that can then be deleted; Delete asks in the row', async () => {
    const { page, problems } = await adminPage();
    await page.goto(url('/admin/categories'));
    await addCategory(page, 'Moving out', 'Chuyển đi');
    await addCategory(page, 'Moving in', 'Chuyển đến');
    const from = categoryIdNamed('Moving out') as number;
    const to = categoryIdNamed('Moving in') as number;
    // 82 questions, written straight into the server's database (more than a page of 50): one to
    // delete, 81 to move.
    const long = `Moving question 00: ${'a rather long question that goes on and on, '.repeat(4)}doesn't it?`;
    withDb(
      suite.server.dbPath,
      (db) => {
        const insert = db.prepare(
          `INSERT INTO questions (category_id, age_category, difficulty, correct_answer_index, question_en,
             answers_en, question_vi, answers_vi, random_key, created_at)
           VALUES (?, 'Kids', 1, 0, ?, '["A","B","C","D"]', ?, '["A","B","C","D"]', abs(random() % 1000000) / 1000000.0, ?)`,
        );
        db.transaction(() => {
          for (let n = 0; n < 82; n++) {
            const number = String(n).padStart(2, '0');
            insert.run(from, n === 0 ? long : `Moving question ${number}?`, `Câu hỏi chuyển ${number}?`, Date.now());
          }
        })();
      },
      { write: true },
    );

    await page.getByRole('link', { name: 'Manage Questions' }).click();
    await page.locator('select[name=category]').selectOption({ label: 'Moving out' });
    await page.getByText('50 of 82 questions', { exact: true }).waitFor();

    // Delete asks inside the row, naming the question (cut short), with the row still in view.
    const first = page.locator('.question-row').first();
    const deleteFirst = first.getByRole('button', { name: /^Delete: Moving question 00/ });
    await deleteFirst.click();
    const confirmation = first.getByRole('group');
    await confirmation.waitFor();
    const asked = await confirmation.locator('p').first().innerText();
    expect(asked).toMatch(/^Delete “Moving question 00: a rather long question .*…”\? Players will no longer get it/);
    expect(asked.length).toBeLessThan(long.length + 100);
    expect(await first.locator('p[lang="en"]').isVisible()).toBe(true);
    const rowBox = await first.locator('p[lang="en"]').boundingBox();
    const askedBox = await confirmation.boundingBox();
    expect(rowBox && askedBox && rowBox.y + rowBox.height <= askedBox.y).toBe(true);
    // It opens on Cancel; Escape closes it, back to the row's Delete.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await page.keyboard.press('Escape');
    await confirmation.waitFor({ state: 'detached' });
    expect(await deleteFirst.evaluate((button) => button === document.activeElement)).toBe(true);
    await deleteFirst.click();
    await first.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByText('50 of 81 questions', { exact: true }).waitFor();
    // Focus goes to the next row's Delete.
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('aria-label') === 'Delete: Moving question 01?',
    );
    expect(questionCount('category_id = ?', from)).toBe(81);

    // Select every question: the next page, then all shown; then one step to move them.
    await page.getByRole('button', { name: 'Load More' }).click();
    await page.getByText('81 of 81 questions', { exact: true }).waitFor();
    await page.getByLabel('Select: Moving question 01?').check();
    await page.getByText('1 selected', { exact: true }).waitFor();
    await page.getByLabel('Select all shown').check();
    await page.getByText('81 selected', { exact: true }).waitFor();
    await page.getByLabel('Move to').selectOption({ label: 'Moving in' });
    await page.getByRole('button', { name: 'Move', exact: true }).click();
    const moved = page.getByText('81 questions moved to Moving in.');
    await moved.waitFor();
    await page.getByText('No questions match.').waitFor();
    await page.getByText('0 of 0 questions', { exact: true }).waitFor();
    expect(questionCount('category_id = ?', from)).toBe(0);
    expect(questionCount('category_id = ?', to)).toBe(81);
    // The message goes with the next action.
    await page.locator('select[name=category]').selectOption({ label: 'Moving in' });
    await page.getByText('50 of 81 questions', { exact: true }).waitFor();
    expect(await moved.count()).toBe(0);

    // Emptied, the category can be deleted: each row says how many questions it holds.
    await page.getByRole('link', { name: 'Manage Categories' }).click();
    await page.locator('.category-row', { hasText: 'Moving in' }).getByText('81 questions').waitFor();
    await page.locator('.category-row', { hasText: 'Moving out' }).getByText('0 questions').waitFor();
    await page.getByRole('button', { name: 'Delete Moving out', exact: true }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByText('Category deleted.').waitFor();
    expect(categoryIdNamed('Moving out')).toBeUndefined();
    assertNoProblems(problems);
  });

  test('fits a 360 px phone, with the move bar and Delete asking in a row', async () => {
    const { page, problems } = await suite.open({ viewport: { width: 360, height: 740 } });
    await signInThroughUi(page, suite.server.baseUrl, ADMIN);
    for (const language of ['en', 'vi']) {
      await page.goto(url(`/admin/questions?lng=${language}`));
      await page.locator('.question-row').first().waitFor();
      await page.locator('.question-row-select').first().check();
      await page.locator('.question-row .button-danger-outline').first().click();
      await page.locator('.inline-confirm').waitFor();
      const widest = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(widest, language).toBeLessThanOrEqual(360);
    }
    assertNoProblems(problems);
  });
});

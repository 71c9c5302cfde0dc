import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Language } from '#shared/i18n.ts';
import { newAccount, signInViaHttp } from './support/app';
import { assertNoProblems } from './support/browser';
import { withDb } from './support/db';
import { e2eSuite } from './support/suite';

/**
 * Every admin page on a phone (360×740 and 390×844), in English and Vietnamese, with real content:
 * the starter bank's 8 categories, an empty one with long names, an open report, the bank's longest
 * question open for editing and an imported set under review. Nothing is wider than the screen
 * (no sideways scroll) and no text is clipped by its box. (`SCREENSHOTS_DIR=…` keeps a picture of each.)
 */

const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const;
const ADMIN = newAccount('LayoutAdmin');
const LONG_CATEGORY = {
  en: 'Traditional festivals and celebrations around the world',
  vi: 'Lễ hội truyền thống và các ngày kỷ niệm trên khắp thế giới',
};

const suite = e2eSuite({ env: { ADMIN_EMAILS: ADMIN.email } });
const url = suite.url;

/** The empty category with long names, an open report on a question, and the longest question's id. */
async function realContent(): Promise<{ longestId: number }> {
  const player = await suite.player({ name: 'Reporter', age: 30 });
  return withDb(
    suite.server.dbPath,
    (db) => {
      if (!db.prepare('SELECT 1 FROM categories WHERE name_en = ?').get(LONG_CATEGORY.en)) {
        db.prepare('INSERT INTO categories (name_en, name_vi, created_at) VALUES (?, ?, ?)').run(
          LONG_CATEGORY.en,
          LONG_CATEGORY.vi,
          Date.now(),
        );
      }
      const longest = db
        .prepare<[], { id: number }>(
          'SELECT id FROM questions ORDER BY length(question_vi) + length(answers_vi) DESC LIMIT 1',
        )
        .get() as { id: number };
      db.prepare(
        'INSERT OR IGNORE INTO question_reports (question_id, profile_id, reason, note, created_at) VALUES (?, ?, ?, ?, ?)',
      ).run(
        longest.id,
        player.profileId,
        'translation',
        'Câu trả lời tiếng Việt nghe chưa tự nhiên lắm, nên viết lại cho các em nhỏ dễ hiểu hơn',
        Date.now(),
      );
      return { longestId: longest.id };
    },
    { write: true },
  );
}

/** A CSV of two questions, in the longest category, for the import's review on a phone. */
function importCsv(): Buffer {
  const header =
    'category,category_vi,age_category,difficulty,question_en,answer_en_1,answer_en_2,answer_en_3,answer_en_4,question_vi,answer_vi_1,answer_vi_2,answer_vi_3,answer_vi_4,correct_answer';
  const row = (n: number) =>
    [
      LONG_CATEGORY.en,
      LONG_CATEGORY.vi,
      'Adults',
      '2',
      `Which festival, celebrated on the fifteenth day of the eighth lunar month, is number ${n}?`,
      'Mid-Autumn Festival',
      'Lunar New Year',
      'Hung Kings Commemoration',
      'Lantern Festival of Hội An',
      `Lễ hội nào được tổ chức vào ngày rằm tháng tám âm lịch, câu số ${n}?`,
      'Tết Trung thu',
      'Tết Nguyên đán',
      'Giỗ Tổ Hùng Vương',
      'Đêm rằm phố cổ Hội An',
      '1',
    ]
      .map((cell) => `"${cell}"`)
      .join(',');
  return Buffer.from(`${header}\n${row(1)}\n${row(2)}\n`);
}

type Overflow = { scrollWidth: number; innerWidth: number; outside: string[]; clipped: string[] };

/**
 * What sticks out of a screen `width` wide, and text clipped by a box narrower than it. (A phone
 * widens its layout viewport to the widest content, so innerWidth alone would hide the overflow.)
 */
function overflow(page: Page, width: number): Promise<Overflow> {
  return page.evaluate((width) => {
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    const hidden = (element: Element) => {
      const style = getComputedStyle(element);
      return (
        style.visibility === 'hidden' || style.display === 'none' || style.clipPath !== 'none' || style.clip !== 'auto'
      );
    };
    const outside: string[] = [];
    const clipped: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      if (hidden(element) || element.closest('.skip-link, .visually-hidden, dialog:not([open])')) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.right > width + 0.5 || box.left < -0.5) outside.push(describe(element));
      const style = getComputedStyle(element);
      const clips = style.overflowX !== 'visible';
      if (clips && element.scrollWidth > element.clientWidth + 1 && !element.matches('input, textarea, select')) {
        clipped.push(describe(element));
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, outside, clipped };
  }, width);
}

describe.each(['en', 'vi'] as const)('the admin pages in %s', (language: Language) => {
  test.each(PHONES)(
    'fit a $width×$height phone without sideways scrolling',
    async (viewport) => {
      const { longestId } = await realContent();
      const { page, context, problems } = await suite.open({
        viewport,
        locale: language === 'vi' ? 'vi-VN' : 'en-US',
        hasTouch: true,
        isMobile: true,
      });
      await signInViaHttp(context, suite.server.baseUrl, ADMIN);
      const found: Record<string, Overflow> = {};
      const check = async (name: string) => {
        await page.waitForLoadState('networkidle');
        if (process.env.SCREENSHOTS_DIR) {
          const file = `admin-${language}-${name.replaceAll(' ', '-')}-${viewport.width}x${viewport.height}.png`;
          await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/${file}`, fullPage: true });
        }
        const measured = await overflow(page, viewport.width);
        const tooWide = Math.max(measured.scrollWidth, measured.innerWidth) > viewport.width;
        if (tooWide || measured.outside.length > 0 || measured.clipped.length > 0) {
          found[name] = measured;
        }
      };

      const pages = [
        ['dashboard', '/admin', '.report'],
        ['manage questions', '/admin/questions', '.question-row'],
        ['add question', '/admin/add-question', 'form'],
        ['edit question', `/admin/edit-question/${longestId}`, 'textarea[name="vi-question"]'],
        ['question not found', '/admin/edit-question/does-not-exist-999', '[role=alert]'],
        ['manage categories', '/admin/categories', '.category-row'],
        ['add question set', '/admin/add-question-set', 'form'],
        ['ai tools', '/admin/ai-tools', 'main .card'],
      ] as const;
      for (const [name, path, ready] of pages) {
        await page.goto(url(path));
        await page.locator(ready).first().waitFor();
        await check(name);
      }
      // The dashboard lists every category, the empty one with zeros.
      await page.goto(url('/admin'));
      await page.getByText(LONG_CATEGORY[language]).first().waitFor();

      await page.goto(url('/admin/add-question-set'));
      await page.locator('input[type=file]').setInputFiles({
        name: 'festivals.csv',
        mimeType: 'text/csv',
        buffer: importCsv(),
      });
      await page.locator('.set-question').first().waitFor();
      await check('question set review');

      expect(found).toEqual({});
      assertNoProblems(problems);
    },
    120_000,
  );
});

test('the dashboard counts an empty category with zeros', async () => {
  await realContent();
  const { page, context } = await suite.open();
  await signInViaHttp(context, suite.server.baseUrl, ADMIN);
  await page.goto(url('/admin'));
  const row = page.getByRole('row', { name: new RegExp(`^${LONG_CATEGORY.en}`) });
  await row.waitFor();
  expect((await row.getByRole('cell').allInnerTexts()).map((text) => text.trim())).toEqual(['0', '0', '0', '0']);
});

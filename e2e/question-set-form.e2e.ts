import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startFakeAiService } from '../server/test/fake-ai-service';
import { newAccount, signInViaHttp } from './support/app';
import { assertNoProblems } from './support/browser';
import { e2eSuite } from './support/suite';

/**
 * Add Question Set's generation form refusing what it cannot ask for (spec §5): the fields at
 * fault marked invalid and described by the message, focus on the first. (question-sets.e2e.ts
 * covers generating, reviewing and saving.) An AI service must be configured for Generate to be
 * enabled; nothing reaches it here.
 */
const ADMIN = newAccount('SetFormAdmin');
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

const focused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

test('Generate without a category or with 0 questions marks those fields and focuses the first', async () => {
  const { page, context, problems } = await suite.open();
  await signInViaHttp(context, suite.server.baseUrl, ADMIN);
  await page.goto(suite.url('/admin/add-question-set'));
  const generate = page.getByRole('button', { name: 'Generate' });
  await expect.poll(() => generate.isEnabled(), { timeout: 10_000 }).toBe(true);
  const category = page.locator('select[name=category]');
  const count = page.getByLabel('Number of questions');
  await count.fill('0');
  await generate.click();

  const message = page.getByText('Please select a category and specify a valid number of questions.');
  await message.waitFor();
  const messageId = await message.getAttribute('id');
  for (const field of [category, count]) {
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.getAttribute('aria-describedby')).toBe(messageId);
  }
  expect(await focused(category)).toBe(true);

  // Only the count at fault now: the category is no longer marked.
  await category.selectOption({ label: 'Animals' });
  await generate.click();
  await expect.poll(() => focused(count)).toBe(true);
  expect(await category.getAttribute('aria-invalid')).toBeNull();
  expect(await count.getAttribute('aria-invalid')).toBe('true');
  expect(ai.requests.length).toBe(0);
  assertNoProblems(problems);
});

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { completion, startFakeAiService } from '../server/test/fake-ai-service';
import { newAccount, signedInWithActiveProfile, signInThroughUi } from './support/app';
import { assertNoProblems } from './support/browser';
import { installSpeechStandIn } from './support/speech-stand-in';
import { e2eSuite } from './support/suite';

const ADMIN = newAccount('SetAdmin');
let ai: Awaited<ReturnType<typeof startFakeAiService>>;

beforeAll(async () => {
  ai = await startFakeAiService();
});

afterAll(async () => {
  await ai?.close();
});

// The server is told the local AI service's address once it runs (the hook above comes first).
const suite = e2eSuite(() => ({
  env: { ADMIN_EMAILS: ADMIN.email, OPENAI_BASE_URL: ai.baseURL, OPENAI_MODEL: 'local-test-model' },
}));

const url = suite.url;

const fresh = suite.open;

const stars = [
  [
    'Which star is closest to the Earth?',
    'Ngôi sao nào gần Trái Đất nhất?',
    ['The Sun', 'Sirius', 'Vega', 'Polaris'],
    ['Mặt Trời', 'Sao Thiên Lang', 'Sao Chức Nữ', 'Sao Bắc Cực'],
    0,
  ],
  [
    'What do we call a group of stars that makes a picture?',
    'Một nhóm sao tạo thành hình gọi là gì?',
    ['A comet', 'A constellation', 'A galaxy', 'A meteor'],
    ['Sao chổi', 'Chòm sao', 'Thiên hà', 'Sao băng'],
    1,
  ],
  [
    'Which planet has the biggest rings?',
    'Hành tinh nào có vành đai lớn nhất?',
    ['Mars', 'Venus', 'Saturn', 'Mercury'],
    ['Sao Hỏa', 'Sao Kim', 'Sao Thổ', 'Sao Thủy'],
    2,
  ],
  [
    'Is <script>alert(1)</script> a star?',
    'Có phải <script>alert(1)</script> là một ngôi sao?',
    ['Yes', 'No', 'Maybe', 'Only at night'],
    ['Có', 'Không', 'Có thể', 'Chỉ vào ban đêm'],
    1,
  ],
  [
    'What is the Milky Way?',
    'Dải Ngân Hà là gì?',
    ['Our galaxy', 'A river', 'A cloud', 'A planet'],
    ['Thiên hà của chúng ta', 'Một dòng sông', 'Một đám mây', 'Một hành tinh'],
    0,
  ],
] as const;

describe('an admin', () => {
  test('generates 5 questions with a local AI service, keeps 4, saves them, finds them, and a player gets them', async () => {
    const admin = await fresh();
    const { page } = admin;
    await signInThroughUi(page, suite.server.baseUrl, ADMIN);
    await page.goto(url('/admin/categories'));
    await page.getByLabel('English name').fill('Night sky');
    await page.getByLabel('Vietnamese name').fill('Bầu trời đêm');
    await page.getByRole('button', { name: 'Add Category' }).click();
    await page.getByText('Category added.').waitFor();

    ai.reply(
      completion(
        JSON.stringify({
          questions: stars.map(([en, vi, answersEn, answersVi, correct], i) => ({
            question_en: en,
            question_vi: vi,
            answers_en: answersEn,
            answers_vi: answersVi,
            correctAnswerIndex: correct,
            difficulty: 1 + Math.floor(i / 2),
          })),
        }),
      ),
    );
    await page.getByRole('link', { name: 'Add Question Set' }).click();
    await page.getByRole('heading', { name: 'Generate with AI' }).waitFor();
    // Without a category: the spec's message, and no request.
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.getByText('Please select a category and specify a valid number of questions.').waitFor();
    expect(ai.requests).toHaveLength(0);

    await page.locator('select[name=category]').selectOption({ label: 'Night sky' });
    expect(await page.getByLabel('Number of questions').inputValue()).toBe('5');
    expect(await page.locator('select[name=ageCategory]').inputValue()).toBe('Kids');
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.getByRole('heading', { name: 'Review' }).waitFor();
    const boxes = page.getByRole('checkbox', { name: 'Keep this question' });
    expect(await boxes.count()).toBe(5);
    for (let i = 0; i < 5; i++) expect(await boxes.nth(i).isChecked()).toBe(true);
    // Shown as text, never as markup.
    await page.getByText('Is <script>alert(1)</script> a star?').waitFor();
    expect(await page.locator('.set-list script').count()).toBe(0);
    // The correct answer is marked in both languages.
    const first = page.locator('.set-question').first();
    expect(await first.locator('[data-correct]').allInnerTexts()).toEqual([
      expect.stringContaining('The Sun'),
      expect.stringContaining('Mặt Trời'),
    ]);

    await page.locator('.set-question', { hasText: 'Is <script>' }).getByRole('checkbox').uncheck();
    await page.getByRole('button', { name: 'Save 4 questions' }).click();
    await page.getByText('4 questions have been saved successfully!').waitFor();

    await page.getByRole('link', { name: 'Manage Questions' }).click();
    await page.locator('select').first().selectOption({ label: 'Night sky' });
    await page.locator('.question-row').nth(3).waitFor();
    expect(await page.locator('.question-row').count()).toBe(4);
    expect(await page.getByText('Is <script>alert(1)</script> a star?').count()).toBe(0);
    assertNoProblems(admin.problems);

    // A player picks the category: its questions come up.
    const player = await fresh({ setup: (context) => installSpeechStandIn(context) });
    await signedInWithActiveProfile(player.context, suite.server.baseUrl, { name: 'Stargazer', age: 9 });
    await player.page.goto(url('/pre-game'));
    await player.page.getByRole('combobox').selectOption({ label: 'Night sky' });
    await player.page.getByRole('button', { name: 'Start New Game' }).click();
    const shown = await player.page.locator('#question-text').innerText();
    expect(
      stars
        .map(([en]) => en as string)
        .slice(0, 3)
        .concat(stars[4][0]),
    ).toContain(shown);
    // Shown once (the screen reader's announcement of it, in the app's live region, aside).
    expect(await player.page.locator('.question-meta').getByText('Question 1 of 4').count()).toBe(1);
    assertNoProblems(player.problems);
  });

  test('imports a CSV file in Vietnamese: rows with problems are named by line, the rest saved', async () => {
    const { page, problems } = await fresh();
    await signInThroughUi(page, suite.server.baseUrl, ADMIN);
    await page.goto(url('/admin/add-question-set?lng=vi'));
    await page.getByRole('heading', { name: 'Nhập từ tệp' }).waitFor();
    const csv = [
      '\uFEFFcategory,category_vi,age_category,difficulty,question_en,answer_en_1,answer_en_2,answer_en_3,answer_en_4,question_vi,answer_vi_1,answer_vi_2,answer_vi_3,answer_vi_4,correct_answer',
      'Night sky,Bầu trời đêm,Kids,1,What shines at night?,The Moon,The Sun,A rainbow,A cloud,Cái gì sáng vào ban đêm?,Mặt Trăng,Mặt Trời,Cầu vồng,Đám mây,1',
      'Night sky,Bầu trời đêm,Kids,2,Half an answer?,Yes,,No,Maybe,Nửa đáp án?,Có,,Không,Có thể,1',
    ].join('\r\n');
    await page.setInputFiles('input[type=file]', {
      name: 'bau-troi.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByRole('heading', { name: 'Xem lại' }).waitFor();
    await page.getByText('Dòng 3: Vui lòng điền đủ bốn đáp án ở cả hai ngôn ngữ.').waitFor();
    await page.getByText('Cái gì sáng vào ban đêm?').waitFor();
    await page.getByRole('button', { name: 'Lưu 1 câu hỏi' }).click();
    await page.getByText('Đã lưu thành công 1 câu hỏi!').waitFor();
    assertNoProblems(problems);
  });
});

import { AGE_CATEGORIES } from '#shared/age.ts';
import type { Db } from '../server/db/database';
import { indexQuestion, markSearchIndexBuilt } from '../server/services/question-search';

/** The bench's eight categories (names as an admin would type them). */
const CATEGORY_NAMES: [string, string][] = [
  ['Animals', 'Động vật'],
  ['Science', 'Khoa học'],
  ['Geography', 'Địa lý'],
  ['History', 'Lịch sử'],
  ['Vietnam', 'Việt Nam'],
  ['Sports', 'Thể thao'],
  ['Arts and music', 'Nghệ thuật và âm nhạc'],
  ['Maths and logic', 'Toán và tư duy'],
];

const EN_WORDS =
  'which what where when how many animal planet river country city ocean mountain famous first largest smallest oldest longest color number song painter team game star moon sun earth water forest island language capital year king queen word letter shape bird fish insect flower tree'.split(
    ' ',
  );
const VI_WORDS =
  'nào gì đâu khi bao nhiêu con vật hành tinh sông quốc gia thành phố đại dương núi nổi tiếng đầu tiên lớn nhất nhỏ nhất lâu đời dài nhất màu số bài hát họa sĩ đội trò chơi ngôi sao mặt trăng mặt trời trái đất nước rừng đảo ngôn ngữ thủ đô năm vua hoàng hậu chữ hình chim cá côn trùng hoa cây'.split(
    ' ',
  );

function pick(words: string[]): string {
  return words[Math.floor(Math.random() * words.length)] as string;
}

/** Random words up to about `length` characters. */
function text(words: string[], length: number): string {
  let out = pick(words);
  while (out.length < length) out += ` ${pick(words)}`;
  return out;
}

function capitalised(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

const answers = (words: string[]) => [0, 1, 2, 3].map(() => capitalised(text(words, 13)));

/**
 * Adds 8 categories and `count` questions, in one transaction through a raw prepared INSERT, with
 * every production index in place. Returns the category ids.
 */
export function fillQuestions(db: Db, count: number): number[] {
  const sqlite = db.$client;
  const now = Date.now();
  const insertCategory = sqlite.prepare('INSERT INTO categories (name_en, name_vi, created_at) VALUES (?, ?, ?)');
  const insertQuestion = sqlite.prepare(
    `INSERT INTO questions (category_id, age_category, difficulty, correct_answer_index, image_url, question_en,
       answers_en, question_vi, answers_vi, random_key, created_at)
     VALUES (?, ?, ?, ?, NULL, ?, ?, ?, ?, ?, ?)`,
  );
  return sqlite.transaction(() => {
    const ids = CATEGORY_NAMES.map(([en, vi]) => Number(insertCategory.run(en, vi, now).lastInsertRowid));
    for (let i = 0; i < count; i++) {
      const questionEn = `${capitalised(text(EN_WORDS, 78))}?`;
      const questionVi = `${capitalised(text(VI_WORDS, 78))}?`;
      const answersEn = answers(EN_WORDS);
      const answersVi = answers(VI_WORDS);
      const { lastInsertRowid } = insertQuestion.run(
        ids[i % ids.length],
        AGE_CATEGORIES[Math.floor(Math.random() * 3)],
        1 + Math.floor(Math.random() * 3),
        Math.floor(Math.random() * 4),
        questionEn,
        JSON.stringify(answersEn),
        questionVi,
        JSON.stringify(answersVi),
        Math.random(),
        now,
      );
      indexQuestion(db, Number(lastInsertRowid), { questionEn, questionVi, answersEn, answersVi });
    }
    markSearchIndexBuilt(db);
    return ids;
  })();
}

/** The categories and number of questions already in a (reused) bench database. */
export function existingBank(db: Db): { categoryIds: number[]; questions: number } {
  const sqlite = db.$client;
  const categoryIds = sqlite.prepare('SELECT id FROM categories ORDER BY id').pluck().all() as number[];
  const questions = sqlite.prepare('SELECT count(*) FROM questions').pluck().get() as number;
  return { categoryIds, questions };
}

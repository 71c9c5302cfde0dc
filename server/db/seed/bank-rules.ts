import { AGE_CATEGORIES } from '../../../shared/age';
import { foldForSearch } from '../../../shared/text';
import type { BankCategory, BankQuestion } from './bank';

/**
 * What the bank must hold that code can check (bank/README.md). Each rule returns the problems it
 * finds as lines naming the question; the bank test expects none, and `npm run bank:check` prints them
 * while questions are being written.
 */
export const BANK_RULES = {
  /** Per category × age group × difficulty. */
  minPerCell: 25,
  minTotal: 1800,
  /** Share of each category about Vietnam or its region. */
  minVietnamShare: 0.2,
  /** Kids questions with a picture, in the whole bank. */
  minKidsPictures: 60,
  /** Most Kids questions (this share) stay within this many English words. */
  kidsMaxWords: 12,
  kidsShortShare: 0.8,
  /** No Kids question longer than this, ever. */
  kidsHardMaxWords: 18,
  /** The same (non-numeric) correct answer at most this often in a category. */
  maxSameAnswer: 3,
} as const;

const LANGUAGES = ['en', 'vi'] as const;
const VIETNAMESE_MARKS = /[àáảãạăằắẳẵặâầấẩẫậèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵđ]/i;

export function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** The numbers a text holds, separators aside: '1,000' (en) and '1.000' (vi), '29.8' and '29,8' compare alike. */
export function numbersIn(text: string): string[] {
  return (text.match(/\d[\d.,\s]*\d|\d/g) ?? []).map((n) => n.replace(/[.,\s]/g, '')).sort();
}

/** Whole-word containment of folded texts: 'Bướm' is in 'sâu bướm', 'Mars' is not in 'Marseille'. */
function containsPhrase(text: string, phrase: string): boolean {
  const haystack = ` ${foldForSearch(text).replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  const needle = foldForSearch(phrase)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return needle.length > 0 && haystack.includes(` ${needle} `);
}

/** Problems of one question on its own. */
export function questionProblems(q: BankQuestion, imageExists: (file: string) => boolean = () => true): string[] {
  const problems: string[] = [];
  const say = (problem: string) => problems.push(`${q.key}: ${problem}`);

  for (const lang of LANGUAGES) {
    const { question, answers } = q[lang];
    for (const text of [question, ...answers]) {
      if (text !== text.normalize('NFC')) say(`${lang} text is not NFC: ${text}`);
      if (text !== text.trim() || /\s{2,}/.test(text)) say(`${lang} stray spaces: "${text}"`);
    }
    const folded = answers.map((a) => foldForSearch(a));
    if (new Set(folded).size !== 4) say(`${lang} answers are not four distinct ones`);
    if (folded.some((a) => a === '')) say(`${lang} has an empty answer`);
    const correct = answers[q.correctAnswerIndex] ?? '';
    const inQuestion = answers.filter((a) => containsPhrase(question, a));
    // A choice question ("Which is bigger, 15 or 51?") names several options; none other may be given away.
    if (inQuestion.length === 1 && inQuestion[0] === correct)
      say(`${lang} question gives its answer away: "${correct}"`);
    const noted = (a: string) => /[([]/.test(a);
    if (noted(correct) && answers.filter(noted).length === 1) say(`${lang} only the correct answer carries a note`);
  }
  if (!VIETNAMESE_MARKS.test(`${q.vi.question} ${q.vi.answers.join(' ')}`)) say('vi text has no Vietnamese diacritics');
  if (numbersIn(q.en.question).join() !== numbersIn(q.vi.question).join())
    say('numbers differ between en and vi question');
  q.en.answers.forEach((answer, i) => {
    if (numbersIn(answer).join() !== numbersIn(q.vi.answers[i] ?? '').join()) {
      say(`numbers differ between en and vi answer ${i + 1}`);
    }
  });
  if (q.ageCategory === 'Kids' && wordCount(q.en.question) > BANK_RULES.kidsHardMaxWords) {
    say(`Kids question over ${BANK_RULES.kidsHardMaxWords} words`);
  }
  if (q.image !== undefined && !imageExists(q.image)) say(`picture ${q.image} is missing`);
  return problems;
}

/** Problems of one category file: its questions, its cells, its Vietnam share, its answers. */
export function categoryProblems(file: BankCategory, imageExists?: (file: string) => boolean): string[] {
  const slug = file.category.slug;
  const problems = file.questions.flatMap((q) => questionProblems(q, imageExists));
  for (const age of AGE_CATEGORIES) {
    const ofAge = file.questions.filter((q) => q.ageCategory === age);
    for (const difficulty of [1, 2, 3]) {
      const n = ofAge.filter((q) => q.difficulty === difficulty).length;
      if (n < BANK_RULES.minPerCell)
        problems.push(`${slug} ${age} difficulty ${difficulty}: ${n} < ${BANK_RULES.minPerCell}`);
    }
    if (age === 'Kids' && ofAge.length > 0) {
      const short = ofAge.filter((q) => wordCount(q.en.question) <= BANK_RULES.kidsMaxWords).length;
      if (short / ofAge.length < BANK_RULES.kidsShortShare) {
        problems.push(`${slug} Kids: only ${short} of ${ofAge.length} within ${BANK_RULES.kidsMaxWords} words`);
      }
    }
  }
  const aboutVietnam = file.questions.filter((q) => q.aboutVietnam).length;
  if (aboutVietnam < BANK_RULES.minVietnamShare * file.questions.length) {
    problems.push(`${slug}: ${aboutVietnam} of ${file.questions.length} about Vietnam, under a fifth`);
  }
  const answerCounts = new Map<string, number>();
  for (const q of file.questions) {
    const answer = q.en.answers[q.correctAnswerIndex] ?? '';
    if (/^[\d\s.,:/%°-]+$/.test(answer)) continue;
    const key = foldForSearch(answer);
    answerCounts.set(key, (answerCounts.get(key) ?? 0) + 1);
  }
  for (const [answer, n] of answerCounts) {
    if (n > BANK_RULES.maxSameAnswer) problems.push(`${slug}: "${answer}" is the answer ${n} times`);
  }
  return problems;
}

/** Problems across the whole bank: keys and texts unique, totals, pictures, answer positions. */
export function bankProblems(bank: BankCategory[], imageExists?: (file: string) => boolean): string[] {
  const problems = bank.flatMap((file) => categoryProblems(file, imageExists));
  const all = bank.flatMap((file) => file.questions);
  const repeated = (values: string[]) => [...new Set(values.filter((v, i) => values.indexOf(v) !== i))];
  for (const key of repeated(all.map((q) => q.key))) problems.push(`key ${key} is used twice`);
  for (const lang of LANGUAGES) {
    for (const text of repeated(all.map((q) => foldForSearch(q[lang].question)))) {
      problems.push(`${lang} question asked twice: ${text}`);
    }
  }
  if (all.length < BANK_RULES.minTotal) problems.push(`${all.length} questions in all, under ${BANK_RULES.minTotal}`);
  const pictures = all.filter((q) => q.ageCategory === 'Kids' && q.image).length;
  if (pictures < BANK_RULES.minKidsPictures)
    problems.push(`${pictures} Kids pictures, under ${BANK_RULES.minKidsPictures}`);
  for (const index of [0, 1, 2, 3]) {
    const share = all.filter((q) => q.correctAnswerIndex === index).length / all.length;
    if (share < 0.2)
      problems.push(`the right answer is in position ${index + 1} for only ${Math.round(share * 100)} %`);
  }
  return problems;
}

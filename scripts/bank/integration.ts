/**
 * What adding new questions, or retagging some, would do to the bank: the bank as it would be, and
 * every reason to refuse it. Pure: the scripts (integrate.ts, retag.ts) read the files, ask, and write
 * only when nothing is refused.
 */

import { foldForSearch } from '#shared/text.ts';
import type { BankCategory, BankQuestion } from '../../server/bank/bank';
import { bankProblems } from '../../server/bank/bank-rules';
import { significantWords } from '../../server/bank/bank-wording';
import { laidOut } from './bank-files';

const AGE_LETTER = { Kids: 'k', Teenagers: 't', Adults: 'a' } as const;
const LANGS = ['en', 'vi'] as const;

export type Pictures = {
  /** The bytes of a new question's picture (`<new file's folder>/images/<name>`), null when missing. */
  incoming: (name: string) => Buffer | null;
  /** The bytes of the bank's picture of that name, null when it has none. */
  inBank: (name: string) => Buffer | null;
};

export type IntegrationPlan = {
  bank: BankCategory[];
  refusals: string[];
  /** New questions whose wording is close to another's: a reader decides whether they ask one fact. */
  close: string[];
  added: BankQuestion[];
};

/** The bank with `incoming` appended to their categories, and what refuses it. */
export function planIntegration(
  current: BankCategory[],
  incoming: BankQuestion[],
  retired: ReadonlySet<string>,
  pictures: Pictures,
): IntegrationPlan {
  const refusals: string[] = [];
  const before = new Set(bankProblems(current));
  const bank = structuredClone(current);
  const keys = new Set(bank.flatMap((file) => file.questions.map((q) => q.key)));
  const texts = new Map<string, string>();
  for (const q of bank.flatMap((file) => file.questions)) {
    for (const lang of LANGS) texts.set(`${lang}:${foldForSearch(q[lang].question)}`, q.key);
  }

  for (const q of incoming) {
    const home = bank.find((file) => q.key.startsWith(`${file.category.slug}-`));
    const slug = home?.category.slug;
    if (!home || !new RegExp(`^${slug}-${AGE_LETTER[q.ageCategory]}-\\d+$`).test(q.key)) {
      refusals.push(`${q.key}: a new key is <category>-<k|t|a>-<number>, its letter the age group (${q.ageCategory})`);
    }
    if (keys.has(q.key)) refusals.push(`${q.key}: the key is in the bank already`);
    if (retired.has(q.key)) refusals.push(`${q.key}: the key was in the bank before; keys are never used again`);
    keys.add(q.key);
    for (const lang of LANGS) {
      const text = `${lang}:${foldForSearch(q[lang].question)}`;
      const other = texts.get(text);
      if (other) refusals.push(`${q.key}: the ${lang} question is ${other}'s, word for word`);
      texts.set(text, q.key);
    }
    if (q.image) {
      const picture = pictures.incoming(q.image);
      const clash = pictures.inBank(q.image);
      if (!picture) refusals.push(`${q.key}: its picture ${q.image} is missing`);
      else if (clash && !clash.equals(picture))
        refusals.push(`${q.key}: the bank has another picture named ${q.image}`);
    }
    home?.questions.push(laidOut(q));
  }

  // Every rule, on the bank as it would be: a problem it did not have, of a new question or of the
  // bank as a whole (a category's Vietnam share, an answer used too often), refuses the lot.
  const added = new Set(incoming.map((q) => q.key));
  const known = new Set(bank.flatMap((file) => file.questions.map((q) => q.key)));
  const exists = (name: string) => pictures.incoming(name) !== null || pictures.inBank(name) !== null;
  for (const problem of bankProblems(bank, exists)) {
    const subject = problem.split(':')[0] ?? '';
    if (!before.has(problem) && (added.has(subject) || !known.has(subject))) refusals.push(problem);
  }
  return { bank, refusals, close: closeWordings(bank, incoming), added: incoming };
}

/** Pairs of a new question and another that share three significant English words or more, most of the shorter's. */
function closeWordings(bank: BankCategory[], incoming: BankQuestion[]): string[] {
  const wordsOf = (q: BankQuestion) =>
    new Set(significantWords(`${q.en.question} ${q.en.answers[q.correctAnswerIndex]}`, 'en'));
  const everyone = bank.flatMap((file) => file.questions).map((q) => ({ key: q.key, words: wordsOf(q) }));
  const close: string[] = [];
  for (const q of incoming) {
    const mine = wordsOf(q);
    for (const other of everyone) {
      if (other.key === q.key) continue;
      const shared = [...mine].filter((word) => other.words.has(word));
      if (shared.length >= 3 && shared.length / Math.min(mine.size, other.words.size) >= 0.6) {
        close.push(`${q.key} and ${other.key} share ${shared.join(', ')}`);
      }
    }
  }
  return close;
}

export type Retag = { key: string; difficulty: 1 | 2 | 3 };
export type RetagPlan = { bank: BankCategory[]; refusals: string[]; retagged: string[] };

/** The bank with `retags` applied, and what refuses it: an unknown or repeated key, a rule that held and would not. */
export function planRetags(current: BankCategory[], retags: Retag[]): RetagPlan {
  const refusals: string[] = [];
  const before = new Set(bankProblems(current));
  const bank = structuredClone(current);
  const seen = new Set<string>();
  const retagged: string[] = [];
  for (const { key, difficulty } of retags) {
    if (seen.has(key)) refusals.push(`${key}: listed twice`);
    seen.add(key);
    const home = bank.find((file) => file.questions.some((q) => q.key === key));
    const index = home?.questions.findIndex((q) => q.key === key) ?? -1;
    const question = home?.questions[index];
    if (!home || !question) {
      refusals.push(`${key}: no such question in the bank`);
    } else if (question.difficulty !== difficulty) {
      home.questions[index] = laidOut({ ...question, difficulty });
      retagged.push(key);
    }
  }
  for (const problem of bankProblems(bank)) {
    if (!before.has(problem)) refusals.push(`would break a rule: ${problem}`);
  }
  return { bank, refusals, retagged };
}

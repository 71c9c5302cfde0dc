import type { Language } from '#shared/i18n.ts';
import { type Db, inTransaction } from '../db/database';
import { preparedQueries } from '../db/prepared';
import { type PickRequest, pickQuestionIds } from './question-picker';

/** What a game needs of a question: its texts, its image and which answer is right. */
export type QuestionRow = {
  id: number;
  correctAnswerIndex: number;
  imageUrl: string | null;
  questionEn: string;
  answersEn: string[];
  /** Absent when only the English columns were read. */
  questionVi?: string | null;
  answersVi?: string[] | null;
};

type StoredRow = Omit<QuestionRow, 'answersEn' | 'answersVi'> & { answersEn: string; answersVi?: string | null };

const ENGLISH_COLUMNS =
  'id, correct_answer_index AS correctAnswerIndex, image_url AS imageUrl, question_en AS questionEn, answers_en AS answersEn';

/**
 * A game's rows in one statement (the ids as a JSON array), better-sqlite3's own: at 15 rows a game,
 * one execution and no mapping layer cost less than fifteen (bench/README.md). An English game reads
 * the English columns alone; a Vietnamese one both, to fall back on English.
 */
const rowQueries = preparedQueries((db) => {
  const inIds = 'FROM questions WHERE id IN (SELECT value FROM json_each(?))';
  return {
    questionsInEnglish: db.$client.prepare<[string], StoredRow>(`SELECT ${ENGLISH_COLUMNS} ${inIds}`),
    questionsInBoth: db.$client.prepare<[string], StoredRow>(
      `SELECT ${ENGLISH_COLUMNS}, question_vi AS questionVi, answers_vi AS answersVi ${inIds}`,
    ),
  };
});

/** The questions of these ids that still exist, in the same order. */
export function loadQuestions(db: Db, ids: number[], lang: Language): QuestionRow[] {
  const queries = rowQueries(db);
  const statement = lang === 'en' ? queries.questionsInEnglish : queries.questionsInBoth;
  const byId = new Map<number, QuestionRow>();
  for (const { answersEn, answersVi, ...row } of statement.all(JSON.stringify(ids))) {
    const question: QuestionRow = { ...row, answersEn: JSON.parse(answersEn) as string[] };
    if (answersVi !== undefined) question.answersVi = answersVi === null ? null : (JSON.parse(answersVi) as string[]);
    byId.set(row.id, question);
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * A game's questions (see pickQuestionIds), read in one transaction: each statement outside one
 * would take and drop the database's read lock.
 */
export function selectQuestions(db: Db, request: PickRequest, lang: Language): QuestionRow[] {
  return inTransaction(db, () => loadQuestions(db, pickQuestionIds(db, request), lang));
}

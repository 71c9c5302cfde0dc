import { eq, sql } from 'drizzle-orm';
import type { Language } from '../../shared/i18n';
import { type Db, inTransaction } from '../db/database';
import { preparedQueries } from '../db/prepared';
import { questions } from '../db/schema';
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

const englishColumns = {
  id: questions.id,
  correctAnswerIndex: questions.correctAnswerIndex,
  imageUrl: questions.imageUrl,
  questionEn: questions.questionEn,
  answersEn: questions.answersEn,
};
const bilingualColumns = { ...englishColumns, questionVi: questions.questionVi, answersVi: questions.answersVi };

/** An English game reads the English columns alone; a Vietnamese one both, to fall back on English. */
const rowQueries = preparedQueries((db) => ({
  questionInEnglish: db
    .select(englishColumns)
    .from(questions)
    .where(eq(questions.id, sql.placeholder('id')))
    .prepare(),
  questionInBoth: db
    .select(bilingualColumns)
    .from(questions)
    .where(eq(questions.id, sql.placeholder('id')))
    .prepare(),
}));

/** The questions of these ids that still exist, in the same order. */
export function loadQuestions(db: Db, ids: number[], lang: Language): QuestionRow[] {
  const queries = rowQueries(db);
  const question = lang === 'en' ? queries.questionInEnglish : queries.questionInBoth;
  return ids.flatMap((id) => question.get({ id }) ?? []);
}

/**
 * A game's questions (see pickQuestionIds), read in one transaction: each statement outside one
 * would take and drop the database's read lock.
 */
export function selectQuestions(db: Db, request: PickRequest, lang: Language): QuestionRow[] {
  return inTransaction(db, () => loadQuestions(db, pickQuestionIds(db, request), lang));
}

import { eq } from 'drizzle-orm';
import { SEARCH_MIN_CHARS } from '#shared/schemas/admin.ts';
import { foldForSearch } from '#shared/text.ts';
import type { Db } from '../db/database';
import { preparedQueries } from '../db/prepared';
import { ANSWER_SEARCH_TABLE, meta, QUESTION_SEARCH_TABLE } from '../db/schema';

const INDEX_VERSION_KEY = 'question_search_version';
/** Bump when searchTextOf changes: the index is rebuilt at the next start. */
const INDEX_VERSION = '2';

/** What the search looks in: the question and its answers, in both languages. */
export type SearchableQuestion = {
  questionEn: string;
  questionVi: string | null;
  answersEn: string[];
  answersVi: string[] | null;
};

/** What a question form or a saved set holds, as the search reads it. */
export const searchableOf = (input: {
  en: { question: string; answers: string[] };
  vi: { question: string | null; answers: string[] | null };
}): SearchableQuestion => ({
  questionEn: input.en.question,
  questionVi: input.vi.question,
  answersEn: input.en.answers,
  answersVi: input.vi.answers,
});

/**
 * A question's two search entries, folded (shared/text.ts): its texts, and its eight answers. Each
 * text on a line of its own, so a search never matches across the end of one and the start of the
 * next (folding turns whatever is typed into one line).
 */
export function searchTextOf(question: SearchableQuestion): { question: string; answers: string } {
  const lines = (texts: (string | null)[]) => texts.map((text) => foldForSearch(text ?? '')).join('\n');
  return {
    question: lines([question.questionEn, question.questionVi]),
    answers: lines([...question.answersEn, ...(question.answersVi ?? [])]),
  };
}

/** The folded phrase to look for, or null when it is too short for the trigram index. */
export function searchPhrase(typed: string): string | null {
  const folded = foldForSearch(typed);
  return [...folded].length < SEARCH_MIN_CHARS ? null : folded;
}

/**
 * The FTS5 query for a phrase (from searchPhrase): one quoted phrase, so it is looked for as it is
 * (`%`, `_`, `*` and quotes are characters here, never operators).
 */
export const searchMatch = (phrase: string) => `"${phrase.replaceAll('"', '""')}"`;

const searchQueries = preparedQueries((db) => ({
  removeText: db.$client.prepare<[number]>(`DELETE FROM ${QUESTION_SEARCH_TABLE} WHERE rowid = ?`),
  removeAnswers: db.$client.prepare<[number]>(`DELETE FROM ${ANSWER_SEARCH_TABLE} WHERE rowid = ?`),
  addText: db.$client.prepare<[number, string]>(`INSERT INTO ${QUESTION_SEARCH_TABLE} (rowid, text) VALUES (?, ?)`),
  addAnswers: db.$client.prepare<[number, string]>(`INSERT INTO ${ANSWER_SEARCH_TABLE} (rowid, answers) VALUES (?, ?)`),
}));

/** Writes a question's search entry (inside the caller's transaction). */
export function indexQuestion(db: Db, id: number, question: SearchableQuestion) {
  const queries = searchQueries(db);
  const text = searchTextOf(question);
  queries.removeText.run(id);
  queries.removeAnswers.run(id);
  queries.addText.run(id, text.question);
  queries.addAnswers.run(id, text.answers);
}

export function unindexQuestion(db: Db, id: number) {
  const queries = searchQueries(db);
  queries.removeText.run(id);
  queries.removeAnswers.run(id);
}

/** A question row as SQLite returns it (its answers as JSON text). */
type StoredRow = {
  id: number;
  questionEn: string;
  questionVi: string | null;
  answersEn: string;
  answersVi: string | null;
};

/**
 * Fills the search index for every question when it was built by another version (or not at
 * all: a database from before the search). Runs on the writer at start-up; returns the questions
 * indexed (0 when it was up to date).
 */
export function ensureSearchIndex(db: Db): number {
  const built = db.select({ value: meta.value }).from(meta).where(eq(meta.key, INDEX_VERSION_KEY)).get();
  if (built?.value === INDEX_VERSION) return 0;
  return db.$client
    .transaction(() => {
      for (const table of [QUESTION_SEARCH_TABLE, ANSWER_SEARCH_TABLE]) {
        db.$client.exec(`INSERT INTO ${table} (${table}) VALUES ('delete-all')`);
      }
      // In batches by id: a statement cannot run while another's rows are being iterated.
      const batch = db.$client.prepare<[number], StoredRow>(
        `SELECT id, question_en AS questionEn, question_vi AS questionVi, answers_en AS answersEn,
         answers_vi AS answersVi FROM questions WHERE id > ? ORDER BY id LIMIT 1000`,
      );
      let count = 0;
      for (let rows = batch.all(0); rows.length > 0; rows = batch.all(rows.at(-1)?.id ?? 0)) {
        for (const row of rows) {
          indexQuestion(db, row.id, {
            questionEn: row.questionEn,
            questionVi: row.questionVi,
            answersEn: JSON.parse(row.answersEn) as string[],
            answersVi: row.answersVi === null ? null : (JSON.parse(row.answersVi) as string[]),
          });
        }
        count += rows.length;
      }
      markSearchIndexBuilt(db);
      return count;
    })
    .immediate();
}

/** Records that every question has its search entry (for bulk loads that index as they insert). */
export function markSearchIndexBuilt(db: Db) {
  db.insert(meta)
    .values({ key: INDEX_VERSION_KEY, value: INDEX_VERSION })
    .onConflictDoUpdate({ target: meta.key, set: { value: INDEX_VERSION } })
    .run();
}

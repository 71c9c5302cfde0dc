import { eq } from 'drizzle-orm';
import { SEARCH_MIN_CHARS } from '../../shared/schemas/admin';
import { foldForSearch } from '../../shared/text';
import type { Db } from '../db/database';
import { preparedQueries } from '../db/prepared';
import { meta, QUESTION_SEARCH_TABLE } from '../db/schema';

const INDEX_VERSION_KEY = 'question_search_version';
/** Bump when searchTextOf changes: the index is rebuilt at the next start. */
const INDEX_VERSION = '1';

/** What the search looks in: the question in both languages, folded (shared/text.ts). */
export function searchTextOf(question: { questionEn: string; questionVi: string | null }): string {
  return foldForSearch(`${question.questionEn}\n${question.questionVi ?? ''}`);
}

/**
 * The FTS5 query for a search typed by an admin, or null when it is too short: one phrase, so the
 * text is looked for as it is (`%`, `_`, `*` and quotes are characters here, never operators).
 */
export function searchExpression(typed: string): string | null {
  const folded = foldForSearch(typed);
  if ([...folded].length < SEARCH_MIN_CHARS) return null;
  return `"${folded.replaceAll('"', '""')}"`;
}

const searchQueries = preparedQueries((db) => ({
  remove: db.$client.prepare<[number]>(`DELETE FROM ${QUESTION_SEARCH_TABLE} WHERE rowid = ?`),
  add: db.$client.prepare<[number, string]>(`INSERT INTO ${QUESTION_SEARCH_TABLE} (rowid, text) VALUES (?, ?)`),
}));

/** Writes a question's search entry (inside the caller's transaction). */
export function indexQuestion(db: Db, id: number, question: { questionEn: string; questionVi: string | null }) {
  const queries = searchQueries(db);
  queries.remove.run(id);
  queries.add.run(id, searchTextOf(question));
}

export function unindexQuestion(db: Db, id: number) {
  searchQueries(db).remove.run(id);
}

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
      db.$client.exec(`INSERT INTO ${QUESTION_SEARCH_TABLE} (${QUESTION_SEARCH_TABLE}) VALUES ('delete-all')`);
      // In batches by id: a statement cannot run while another's rows are being iterated.
      const batch = db.$client.prepare<[number], { id: number; questionEn: string; questionVi: string | null }>(
        'SELECT id, question_en AS questionEn, question_vi AS questionVi FROM questions WHERE id > ? ORDER BY id LIMIT 1000',
      );
      let count = 0;
      for (let rows = batch.all(0); rows.length > 0; rows = batch.all(rows.at(-1)?.id ?? 0)) {
        for (const row of rows) indexQuestion(db, row.id, row);
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

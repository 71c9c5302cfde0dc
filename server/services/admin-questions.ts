import { and, asc, count, eq, gte, inArray, isNull, type SQLWrapper, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { EASY_FROM, MEDIUM_FROM, MIN_ANSWERS_TO_JUDGE } from '#shared/play-stats.ts';
import {
  ADMIN_PAGE_SIZE,
  COUNT_LIMIT,
  type countQuestionsInput,
  type ListCursor,
  type listQuestionsInput,
  NEEDS_LOOK_LIMIT,
  type questionInput,
  SEARCH_COUNT_LIMIT,
} from '#shared/schemas/admin.ts';
import type { Db } from '../db/database';
import { ANSWER_SEARCH_TABLE, QUESTION_SEARCH_TABLE, questionReports, questionStats, questions } from '../db/schema';
import { invalid } from '../errors';
import { searchMatch, searchPhrase } from './question-search';

export type QuestionInput = z.output<typeof questionInput>;

/** A row of Manage Questions. */
export type QuestionListItem = {
  id: number;
  categoryId: number;
  ageCategory: QuestionInput['ageCategory'];
  difficulty: number;
  questionEn: string;
  questionVi: string | null;
  imageUrl: string | null;
  /** Answers by players of its age group, and how many were right (shared/play-stats.ts). */
  answered: number;
  answeredRight: number;
  /** Open reports from players. */
  reports: number;
};

export type QuestionPage = { items: QuestionListItem[]; nextCursor: ListCursor | null };

type ListInput = z.output<typeof listQuestionsInput>;
type CountInput = z.output<typeof countQuestionsInput>;
type ListedRow = Omit<QuestionListItem, 'answered' | 'answeredRight' | 'reports'>;

/** A question's play counts are those of players of its own age group (shared/play-stats.ts). */
const playedByOwnAgeGroup = and(
  eq(questions.id, questionStats.questionId),
  eq(questions.ageCategory, questionStats.ageCategory),
);

const listColumns = {
  id: questions.id,
  categoryId: questions.categoryId,
  ageCategory: questions.ageCategory,
  difficulty: questions.difficulty,
  questionEn: questions.questionEn,
  questionVi: questions.questionVi,
  imageUrl: questions.imageUrl,
};

/**
 * Spec §7: ordered by the English text, 50 a page, optionally one category, with keyset paging:
 * a page starts strictly after the last (English text, id) of the one before, so every question
 * comes exactly once however many share a text, and a page deep in the list costs what the first
 * does (the (category_id, question_en, id) and (question_en, id) indexes, walked from the cursor).
 *
 * A search (three characters or more, English and Vietnamese, case and diacritics aside) looks in
 * the questions' texts and their answers: matches in the text first, then those in the answers
 * alone, newest first within each (searchPage).
 *
 * The views of play (most played, most or least often right) walk the play counts, which hold only
 * questions that were played; "needs a look" lists the questions play contradicts or players
 * reported, at most NEEDS_LOOK_LIMIT.
 */
export function listQuestions(db: Db, input: ListInput): QuestionPage {
  if (input.search !== '') return searchPage(db, input);
  switch (input.view) {
    case 'byText':
      return pageOf(db, byText(db, input), (row) => row.questionEn);
    case 'mostPlayed':
      return pageOf(db, byPlay(db, input, 'answered', 'DESC'), (row) => row.answered);
    case 'mostRight':
      return pageOf(db, byPlay(db, input, 'rate', 'DESC'), (row) => row.answeredRight / row.answered);
    case 'leastRight':
      return pageOf(db, byPlay(db, input, 'rate', 'ASC'), (row) => row.answeredRight / row.answered);
    case 'needsLook':
      return { items: needingALook(db, input.categoryId).slice(0, NEEDS_LOOK_LIMIT), nextCursor: null };
  }
}

/** A page of 50 with each row's play counts and reports, and the cursor after its last row. */
function pageOf<T extends ListedRow & { answered?: number; answeredRight?: number }>(
  db: Db,
  rows: T[],
  keyOf: (row: QuestionListItem) => string | number,
): QuestionPage {
  const items = withPlayAndReports(db, rows.slice(0, ADMIN_PAGE_SIZE));
  const last = items.at(-1);
  return { items, nextCursor: rows.length > ADMIN_PAGE_SIZE && last ? { key: keyOf(last), id: last.id } : null };
}

function byText(db: Db, input: ListInput): ListedRow[] {
  const conditions = [];
  if (input.categoryId !== null) conditions.push(eq(questions.categoryId, input.categoryId));
  if (input.cursor) {
    // A row value: SQLite walks the index from it (an OR of the two comparisons would scan).
    conditions.push(
      sql`(${questions.questionEn}, ${questions.id}) > (${String(input.cursor.key)}, ${input.cursor.id})`,
    );
  }
  return db
    .select(listColumns)
    .from(questions)
    .where(and(...conditions))
    .orderBy(asc(questions.questionEn), asc(questions.id))
    .limit(ADMIN_PAGE_SIZE + 1)
    .all();
}

/** The two tiers of a search's matches, in the order they are listed (a search cursor's key). */
const SEARCH_TIERS = [1, 2] as const;
type SearchTier = (typeof SEARCH_TIERS)[number];

/**
 * A page of a search: the questions whose text matches, then those whose answers alone match,
 * newest first within each. The trigram index yields each tier's matches in id order, so a page is
 * the next 50 ids below the cursor's in its tier (then the first of the next tier), whatever the
 * term, where sorting every match by anything else would cost the whole match set (a common word
 * matches hundreds of thousands of questions at a million; bench/README.md). The second tier leaves
 * out what the first lists, so every match comes exactly once.
 */
function searchPage(db: Db, input: ListInput): QuestionPage {
  const phrase = searchPhrase(input.search);
  if (!phrase) throw invalid('errors:admin.searchTooShort');
  const fromTier = input.cursor ? SEARCH_TIERS.find((tier) => tier === input.cursor?.key) : 1;
  if (fromTier === undefined) throw invalid('errors:admin.badCursor');
  const rows: (ListedRow & { tier: SearchTier })[] = [];
  for (const tier of SEARCH_TIERS) {
    if (tier < fromTier || rows.length > ADMIN_PAGE_SIZE) continue;
    const below = tier === fromTier ? (input.cursor?.id ?? null) : null;
    const found = tierMatches(db, tier, phrase, input.categoryId, below)
      .limit(ADMIN_PAGE_SIZE + 1 - rows.length)
      .all();
    rows.push(...found.map((row) => ({ ...row, tier })));
  }
  const items = withPlayAndReports(db, rows.slice(0, ADMIN_PAGE_SIZE));
  const last = rows[ADMIN_PAGE_SIZE - 1];
  return { items, nextCursor: rows.length > ADMIN_PAGE_SIZE && last ? { key: last.tier, id: last.id } : null };
}

/**
 * Where a tier's matches are, below an id when given: tier 1 in the texts' index alone (what the
 * search read before it read answers, at the same cost); tier 2 in the answers' index, less the
 * questions whose text matches. Those are read once a statement into a temporary list (a seek a
 * row in the texts' index would open its postings again for each row); tier 2 comes only after
 * every text match was listed, so that list is short or was paged through already.
 */
function tierWhere(tier: SearchTier, phrase: string, categoryId: number | null, belowId: number | null) {
  const index = sql.raw(tier === 1 ? QUESTION_SEARCH_TABLE : ANSWER_SEARCH_TABLE);
  const texts = sql.raw(QUESTION_SEARCH_TABLE);
  const where = and(
    sql`${index} MATCH ${searchMatch(phrase)}`,
    tier === 2
      ? sql`${index}.rowid NOT IN (SELECT rowid FROM ${texts} WHERE ${texts} MATCH ${searchMatch(phrase)})`
      : undefined,
    categoryId !== null ? eq(questions.categoryId, categoryId) : undefined,
    belowId !== null ? sql`${index}.rowid < ${belowId}` : undefined,
  );
  return { index, join: sql`${index}.rowid = ${questions.id}`, where };
}

/** A tier's matches, newest first (the index's own order: no sort). */
function tierMatches(db: Db, tier: SearchTier, phrase: string, categoryId: number | null, belowId: number | null) {
  const { index, join, where } = tierWhere(tier, phrase, categoryId, belowId);
  return db
    .select(listColumns)
    .from(questions)
    .innerJoin(sql`${index}`, join)
    .where(where)
    .orderBy(sql`${index}.rowid DESC`);
}

/**
 * A total for Manage Questions: exact (`more` false), or "more than `total`" past COUNT_LIMIT, or
 * for a search past SEARCH_COUNT_LIMIT matches, "more" without a number (`total` null).
 */
export type QuestionTotal = { total: number | null; more: boolean };

/**
 * How many questions the list shows for a filter, search and view, all pages together ("50 of
 * 1,832"): counted over the category's index or the play counts, no further than COUNT_LIMIT ("50
 * of more than 10,000"). A search's matches cost far more each (the index checks every one for
 * the whole phrase, about 40 µs at a million questions, in every category before the filter), so
 * it counts only when both its indexes hold at most SEARCH_COUNT_LIMIT matches, read no further:
 * a count runs on the connection every family's game reads from (bench/README.md).
 */
export function countQuestions(
  db: Db,
  input: CountInput,
  limits = { list: COUNT_LIMIT, search: SEARCH_COUNT_LIMIT },
): QuestionTotal {
  const inCategory = input.categoryId !== null ? eq(questions.categoryId, input.categoryId) : undefined;
  /** The rows of `matches`, counted up to one past `room`. */
  const countUpTo = (matches: { limit(n: number): SQLWrapper }, room: number) =>
    db.get<{ n: number }>(sql`SELECT count(*) AS n FROM ${matches.limit(room + 1)}`)?.n ?? 0;
  const totalOf = (n: number): QuestionTotal =>
    n > limits.list ? { total: limits.list, more: true } : { total: n, more: false };
  if (input.search !== '') {
    const phrase = searchPhrase(input.search);
    if (!phrase) throw invalid('errors:admin.searchTooShort');
    for (const table of [QUESTION_SEARCH_TABLE, ANSWER_SEARCH_TABLE]) {
      const index = sql.raw(table);
      const matches = db
        .select({ id: sql`rowid` })
        .from(sql`${index}`)
        .where(sql`${index} MATCH ${searchMatch(phrase)}`);
      if (countUpTo(matches, limits.search) > limits.search) return { total: null, more: true };
    }
    // Few enough: each tier counted in the filter (the second reads the first's few matches once).
    let n = 0;
    for (const tier of SEARCH_TIERS) {
      const { index, join, where } = tierWhere(tier, phrase, input.categoryId, null);
      n += countUpTo(
        db.select({ id: questions.id }).from(questions).innerJoin(sql`${index}`, join).where(where),
        limits.search * 2,
      );
    }
    return { total: n, more: false };
  }
  switch (input.view) {
    case 'byText':
      return totalOf(countUpTo(db.select({ id: questions.id }).from(questions).where(inCategory), limits.list));
    case 'mostPlayed':
    case 'mostRight':
    case 'leastRight': {
      const played = db
        .select({ id: questions.id })
        .from(questionStats)
        .innerJoin(questions, playedByOwnAgeGroup)
        .where(
          and(inCategory, input.view === 'mostPlayed' ? undefined : gte(questionStats.answered, MIN_ANSWERS_TO_JUDGE)),
        );
      return totalOf(countUpTo(played, limits.list));
    }
    case 'needsLook':
      return totalOf(needingALook(db, input.categoryId).length);
  }
}

/** Played questions by their answers (most first) or by the share answered right (once judged). */
function byPlay(db: Db, input: ListInput, by: 'answered' | 'rate', direction: 'ASC' | 'DESC') {
  const figure =
    by === 'answered'
      ? sql`${questionStats.answered}`
      : sql`(${questionStats.answeredRight} * 1.0 / ${questionStats.answered})`;
  const after = direction === 'DESC' ? sql`<` : sql`>`;
  return db
    .select({ ...listColumns, answered: questionStats.answered, answeredRight: questionStats.answeredRight })
    .from(questionStats)
    .innerJoin(questions, playedByOwnAgeGroup)
    .where(
      and(
        input.categoryId !== null ? eq(questions.categoryId, input.categoryId) : undefined,
        by === 'rate' ? gte(questionStats.answered, MIN_ANSWERS_TO_JUDGE) : undefined,
        input.cursor
          ? sql`(${figure}, ${questions.id}) ${after} (${Number(input.cursor.key)}, ${input.cursor.id})`
          : undefined,
      ),
    )
    .orderBy(sql`${figure} ${sql.raw(direction)}`, sql`${questions.id} ${sql.raw(direction)}`)
    .limit(ADMIN_PAGE_SIZE + 1)
    .all();
}

/**
 * The questions whose play contradicts their difficulty (shared/play-stats.ts) or that players
 * reported: reported first, then the most played (all of them: the list shows NEEDS_LOOK_LIMIT).
 */
function needingALook(db: Db, categoryId: number | null): QuestionListItem[] {
  const inCategory = categoryId !== null ? eq(questions.categoryId, categoryId) : undefined;
  const rate = sql`(${questionStats.answeredRight} * 1.0 / ${questionStats.answered})`;
  const played = sql`CASE WHEN ${rate} >= ${EASY_FROM} THEN 1 WHEN ${rate} >= ${MEDIUM_FROM} THEN 2 ELSE 3 END`;
  const contradicted = db
    .select({ id: questions.id })
    .from(questionStats)
    .innerJoin(questions, playedByOwnAgeGroup)
    .where(
      and(gte(questionStats.answered, MIN_ANSWERS_TO_JUDGE), sql`${played} <> ${questions.difficulty}`, inCategory),
    )
    .all();
  const reported = db
    .selectDistinct({ id: questionReports.questionId })
    .from(questionReports)
    .where(isNull(questionReports.dismissedAt))
    .all();
  const ids = [...new Set([...reported, ...contradicted].map((row) => row.id))];
  const rows =
    ids.length === 0
      ? []
      : db
          .select(listColumns)
          .from(questions)
          .where(and(inArray(questions.id, ids), inCategory))
          .all();
  return withPlayAndReports(db, rows).sort((a, b) => b.reports - a.reports || b.answered - a.answered || a.id - b.id);
}

/** Each row with its play counts (by players of its own age group) and its open reports. */
function withPlayAndReports(db: Db, rows: ListedRow[]): QuestionListItem[] {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const stats = db
    .select({
      questionId: questionStats.questionId,
      ageCategory: questionStats.ageCategory,
      answered: questionStats.answered,
      answeredRight: questionStats.answeredRight,
    })
    .from(questionStats)
    .where(inArray(questionStats.questionId, ids))
    .all();
  const reports = db
    .select({ questionId: questionReports.questionId, n: count() })
    .from(questionReports)
    .where(and(inArray(questionReports.questionId, ids), isNull(questionReports.dismissedAt)))
    .groupBy(questionReports.questionId)
    .all();
  return rows.map((row) => {
    const own = stats.find((s) => s.questionId === row.id && s.ageCategory === row.ageCategory);
    return {
      id: row.id,
      categoryId: row.categoryId,
      ageCategory: row.ageCategory,
      difficulty: row.difficulty,
      questionEn: row.questionEn,
      questionVi: row.questionVi,
      imageUrl: row.imageUrl,
      answered: own?.answered ?? 0,
      answeredRight: own?.answeredRight ?? 0,
      reports: reports.find((r) => r.questionId === row.id)?.n ?? 0,
    };
  });
}

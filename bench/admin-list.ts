/**
 * Manage Questions at a million questions (the admin issue's targets): the list service timed
 * in-process (database time) for the cases an admin meets, and the same pages over HTTP.
 */

import type { ListCursor } from '#shared/schemas/admin.ts';
import type { Db } from '../server/db/database';
import { countQuestions, listQuestions } from '../server/services/admin-questions';
import { type Latency, timeCalls } from './stats';

export type ListCase = {
  label: string;
  search: boolean;
  input: { categoryId: number | null; search: string; view: 'byText'; cursor: ListCursor | null };
};

/** The cases: first page, deep in the cursor, a category, and searches (a phrase in each language, and one that matches nothing). */
export function listCases(db: Db, categoryId: number): ListCase[] {
  const sqlite = db.$client;
  const middle = sqlite
    .prepare('SELECT question_en AS key, id FROM questions ORDER BY question_en, id LIMIT 1 OFFSET ?')
    .get(Math.floor((sqlite.prepare('SELECT count(*) FROM questions').pluck().get() as number) / 2)) as ListCursor;
  const middleOfCategory = sqlite
    .prepare(
      'SELECT question_en AS key, id FROM questions WHERE category_id = ? ORDER BY question_en, id LIMIT 1 OFFSET 60000',
    )
    .get(categoryId) as ListCursor;
  /** Ten pages into a search's results. */
  const tenPagesIn = (search: string) => {
    let cursor: ListCursor | null = null;
    for (let page = 0; page < 10; page++)
      cursor = listQuestions(db, { categoryId: null, search, view: 'byText', cursor }).nextCursor;
    return cursor;
  };
  return [
    { label: 'first page', search: false, input: { categoryId: null, search: '', view: 'byText', cursor: null } },
    {
      label: 'deep page (half-way, 500,000 in)',
      search: false,
      input: { categoryId: null, search: '', view: 'byText', cursor: middle },
    },
    {
      label: 'one category, first page',
      search: false,
      input: { categoryId, search: '', view: 'byText', cursor: null },
    },
    {
      label: 'one category, deep page',
      search: false,
      input: { categoryId, search: '', view: 'byText', cursor: middleOfCategory },
    },
    {
      label: 'search "hoang hau" (Vietnamese, no accents)',
      search: true,
      input: { categoryId: null, search: 'hoang hau', view: 'byText', cursor: null },
    },
    {
      label: 'search "famous river", one category',
      search: true,
      input: { categoryId, search: 'famous river', view: 'byText', cursor: null },
    },
    {
      label: 'search "famous river", 10 pages in',
      search: true,
      input: { categoryId: null, search: 'famous river', view: 'byText', cursor: tenPagesIn('famous river') },
    },
    {
      label: 'search that matches nothing',
      search: true,
      input: { categoryId: null, search: 'xylophone', view: 'byText', cursor: null },
    },
  ];
}

export function timeListCases(
  db: Db,
  cases: ListCase[],
  iterations: number,
): { label: string; search: boolean; latency: Latency }[] {
  return cases.map((c) => ({
    label: c.label,
    search: c.search,
    latency: timeCalls(iterations, 20, () => listQuestions(db, c.input)),
  }));
}

/**
 * The list's total ("50 of 1,832") for each case's filter and search (a page deep in is the same
 * total as the first, so each filter once): counted up to its limit (COUNT_LIMIT), like a search
 * page it runs on the connection families' games read from.
 */
export function timeCountCases(
  db: Db,
  cases: ListCase[],
  iterations: number,
): { label: string; total: string; latency: Latency }[] {
  const seen = new Set<string>();
  return cases.flatMap((c) => {
    const input = { categoryId: c.input.categoryId, search: c.input.search, view: c.input.view };
    const key = JSON.stringify(input);
    if (seen.has(key)) return [];
    seen.add(key);
    const { total, more } = countQuestions(db, input);
    return [
      {
        label: c.label.replace(/, (first|deep) page.*$/, ''),
        total: total === null ? 'more (not counted)' : `${more ? 'more than ' : ''}${total.toLocaleString('en-US')}`,
        latency: timeCalls(iterations, 20, () => countQuestions(db, input)),
      },
    ];
  });
}

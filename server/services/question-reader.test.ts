import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ageCategoriesByNearness } from '../../shared/age';
import { createTestDb } from '../test/db';
import { createCategoryRow, createQuestionRows } from '../test/factories';
import type { PickRequest } from './question-picker';
import { readQuestions, startQuestionReader } from './question-reader';

const db = createTestDb();
const categoryId = createCategoryRow(db);
const otherCategory = createCategoryRow(db);
const kidsIds = createQuestionRows(db, 20, { categoryId });
createQuestionRows(db, 20, { categoryId: otherCategory });

const kids: PickRequest = { categoryId, ages: ageCategoriesByNearness('Kids'), avoid: new Set() };

describe('the question reader thread', () => {
  it('reads a game’s questions on its own connection: the category asked for, easy to hard, in the language asked for', async () => {
    const errors: string[] = [];
    const reader = startQuestionReader(db, db.path, (message) => errors.push(message));
    try {
      const rows = await readQuestions(db, kids, 'vi');
      expect(rows).toHaveLength(15);
      expect(new Set(rows.map((row) => row.id)).size).toBe(15);
      for (const row of rows) expect(kidsIds).toContain(row.id);
      expect(rows.every((row) => row.questionVi?.startsWith('Câu hỏi') && row.answersVi?.length === 4)).toBe(true);

      const english = await readQuestions(db, kids, 'en');
      expect(english.every((row) => row.answersEn.length === 4 && row.questionVi === undefined)).toBe(true);

      // Questions served lately are left out while others remain.
      const avoided = new Set(rows.map((row) => row.id));
      const next = await readQuestions(db, { ...kids, avoid: avoided, count: 5 }, 'en');
      expect(next.filter((row) => avoided.has(row.id))).toEqual([]);
    } finally {
      await reader.stop();
    }
    expect(errors).toEqual([]);
  });

  it('sees what the server’s connection committed just before', async () => {
    const reader = startQuestionReader(db, db.path, () => {});
    try {
      const fresh = createCategoryRow(db);
      const [added] = createQuestionRows(db, 1, { categoryId: fresh, ageCategory: 'Adults' });
      const rows = await readQuestions(db, { ...kids, categoryId: fresh }, 'en');
      // Kids first, then the nearest age categories: the one Adults question is found.
      expect(rows.map((row) => row.id)).toEqual([added]);
    } finally {
      await reader.stop();
    }
  });

  it('answers many requests at once, each with its own questions', async () => {
    const reader = startQuestionReader(db, db.path, () => {});
    try {
      const requests = [categoryId, otherCategory, categoryId, otherCategory].map((id) =>
        readQuestions(db, { categoryId: id, ages: ['Kids', 'Teenagers', 'Adults'], avoid: new Set() }, 'en'),
      );
      const answers = await Promise.all(requests);
      expect(answers.map((rows) => rows.length)).toEqual([15, 15, 15, 15]);
      expect(answers[1]?.some((row) => kidsIds.includes(row.id))).toBe(false);
    } finally {
      await reader.stop();
    }
  });

  it('without a thread, or when it cannot open the database, reads on the calling thread and says why', async () => {
    expect(await readQuestions(db, kids, 'en')).toHaveLength(15);

    const errors: string[] = [];
    const broken = startQuestionReader(db, join(db.path, '..', 'missing.db'), (message) => errors.push(message));
    const rows = await readQuestions(db, kids, 'en');
    expect(rows).toHaveLength(15);
    await broken.stop();
    expect(errors.join(' ')).toMatch(/unable to open|does not exist|directory does not exist/i);
    expect(await readQuestions(db, kids, 'en')).toHaveLength(15);
  });
});

import { randomUUID } from 'node:crypto';
import type { AgeCategory } from '#shared/age.ts';
import { createSession, findSession } from '../auth/session';
import { upsertUser } from '../auth/users';
import type { Db } from '../db/database';
import { categories, profiles, questions } from '../db/schema';
import { indexQuestion } from '../services/question-search';
import { createContextInner } from '../trpc/context';
import { createCaller } from '../trpc/router';
import { testDeps } from './deps';

let counter = 0;
const next = () => ++counter;

/** A signed-in account: its user, a live session, its cookie token and a tRPC caller acting as it. */
export function createAccount(
  db: Db & { path?: string },
  overrides: { email?: string; name?: string; admin?: boolean } = {},
) {
  const n = next();
  const email = overrides.email ?? `parent${n}@example.com`;
  const userId = upsertUser(
    db,
    { subject: `local:${email}`, email, displayName: overrides.name ?? `Parent ${n}`, photoUrl: null },
    overrides.admin ? [email] : [],
  );
  const { token } = createSession(db, userId);
  return {
    userId,
    email,
    token,
    /** A caller built from the session as it is now (re-create after changing the active profile). */
    caller: () => {
      const found = findSession(db, token);
      if (!found) throw new Error('session expired');
      if (!db.path) throw new Error('a caller needs a test database with a file (createTestDb)');
      return createCaller(
        createContextInner({ ...testDeps(db as Db & { path: string }), user: found.user, session: found.session }),
      );
    },
  };
}

export const anonymousCaller = (db: Db & { path: string }) =>
  createCaller(createContextInner({ ...testDeps(db), user: null, session: null }));

export function createProfileRow(db: Db, userId: string, overrides: Partial<typeof profiles.$inferInsert> = {}) {
  const id = randomUUID();
  db.insert(profiles)
    .values({ id, userId, name: `Kid ${next()}`, age: 9, ...overrides })
    .run();
  return id;
}

export function createCategoryRow(db: Db, names: { en?: string; vi?: string } = {}) {
  const n = next();
  return db
    .insert(categories)
    .values({ nameEn: names.en ?? `Category ${n}`, nameVi: names.vi ?? `Chủ đề ${n}` })
    .returning({ id: categories.id })
    .get().id;
}

export type QuestionSpec = {
  categoryId: number;
  ageCategory?: AgeCategory;
  difficulty?: number;
  correctAnswerIndex?: number;
  vi?: boolean;
  imageUrl?: string | null;
};

/** `count` questions with recognisable texts: the right answer's text starts with "Right". */
export function createQuestionRows(db: Db, count: number, spec: QuestionSpec): number[] {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const n = next();
    const correct = spec.correctAnswerIndex ?? n % 4;
    const answers = (prefix: string, lang: string) =>
      [0, 1, 2, 3].map((k) => (k === correct ? `Right ${lang} ${n}` : `${prefix} ${lang} ${n}.${k}`));
    const row = db
      .insert(questions)
      .values({
        categoryId: spec.categoryId,
        ageCategory: spec.ageCategory ?? 'Kids',
        difficulty: spec.difficulty ?? (i % 3) + 1,
        correctAnswerIndex: correct,
        imageUrl: spec.imageUrl ?? null,
        questionEn: `Question ${n} (${spec.ageCategory ?? 'Kids'})?`,
        answersEn: answers('Wrong', 'en'),
        questionVi: spec.vi === false ? null : `Câu hỏi ${n} (${spec.ageCategory ?? 'Kids'})?`,
        answersVi: spec.vi === false ? null : answers('Sai', 'vi'),
      })
      .returning({
        id: questions.id,
        questionEn: questions.questionEn,
        questionVi: questions.questionVi,
        answersEn: questions.answersEn,
        answersVi: questions.answersVi,
      })
      .get();
    indexQuestion(db, row.id, row);
    ids.push(row.id);
  }
  return ids;
}

import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { ReportReason, reportQuestionInput } from '#shared/schemas/report.ts';
import { type Db, writeTransaction } from '../db/database';
import { categories, games, profiles, questionReports, questions } from '../db/schema';
import { invalid, notFound } from '../errors';

/**
 * A player's report of a question in their game (writer). The question is named by its place in
 * the game, which must be the account's own and already shown; one report per profile and
 * question: reporting again replaces the reason and note, and opens it again if it was dismissed.
 */
export function reportQuestion(db: Db, userId: string, input: z.output<typeof reportQuestionInput>): { ok: true } {
  return writeTransaction(db, () => {
    const game = db
      .select({
        profileId: games.profileId,
        questions: games.questions,
        position: games.currentPosition,
        status: games.status,
      })
      .from(games)
      .where(
        and(
          eq(games.id, input.gameId),
          inArray(games.profileId, db.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, userId))),
        ),
      )
      .get();
    if (!game) throw notFound('errors:game.notFound');
    // Shown so far: the current question and those before it (all of them once the game is over).
    const shown = game.status === 'playing' ? game.position : game.questions.length - 1;
    const served = game.questions[input.position];
    if (!served || input.position > shown) throw invalid('errors:report.notShown');
    const exists = db.select({ id: questions.id }).from(questions).where(eq(questions.id, served.questionId)).get();
    if (!exists) throw notFound('errors:question.notFound');
    const note = input.note === '' ? null : input.note;
    db.insert(questionReports)
      .values({ questionId: served.questionId, profileId: game.profileId, reason: input.reason, note })
      .onConflictDoUpdate({
        target: [questionReports.profileId, questionReports.questionId],
        set: { reason: input.reason, note, createdAt: new Date(), dismissedAt: null },
      })
      .run();
    return { ok: true };
  });
}

export type ReportedQuestion = {
  questionId: number;
  questionEn: string;
  questionVi: string | null;
  category: { name_en: string; name_vi: string };
  reports: number;
  reasons: Partial<Record<ReportReason, number>>;
  notes: { reason: ReportReason; note: string; at: Date }[];
  lastAt: Date;
};

/** Open reports by question, the most reported first (admin, read). Who reported stays out of it. */
export function listReportedQuestions(db: Db): ReportedQuestion[] {
  const rows = db
    .select({
      questionId: questionReports.questionId,
      reason: questionReports.reason,
      note: questionReports.note,
      at: questionReports.createdAt,
      questionEn: questions.questionEn,
      questionVi: questions.questionVi,
      nameEn: categories.nameEn,
      nameVi: categories.nameVi,
    })
    .from(questionReports)
    .innerJoin(questions, eq(questions.id, questionReports.questionId))
    .innerJoin(categories, eq(categories.id, questions.categoryId))
    .where(isNull(questionReports.dismissedAt))
    .orderBy(desc(questionReports.createdAt))
    .all();
  const byQuestion = new Map<number, ReportedQuestion>();
  for (const row of rows) {
    let entry = byQuestion.get(row.questionId);
    if (!entry) {
      entry = {
        questionId: row.questionId,
        questionEn: row.questionEn,
        questionVi: row.questionVi,
        category: { name_en: row.nameEn, name_vi: row.nameVi },
        reports: 0,
        reasons: {},
        notes: [],
        lastAt: row.at,
      };
      byQuestion.set(row.questionId, entry);
    }
    entry.reports++;
    entry.reasons[row.reason] = (entry.reasons[row.reason] ?? 0) + 1;
    if (row.note) entry.notes.push({ reason: row.reason, note: row.note, at: row.at });
  }
  return [...byQuestion.values()].sort((a, b) => b.reports - a.reports || b.lastAt.getTime() - a.lastAt.getTime());
}

/** Dismisses a question's open reports (writer): the question was fine, or has been fixed. */
export function dismissReports(db: Db, questionId: number): { dismissed: number } {
  const { changes } = db
    .update(questionReports)
    .set({ dismissedAt: new Date() })
    .where(and(eq(questionReports.questionId, questionId), isNull(questionReports.dismissedAt)))
    .run();
  return { dismissed: changes };
}

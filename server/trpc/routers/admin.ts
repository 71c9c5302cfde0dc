import {
  categoryIdInput,
  countQuestionsInput,
  createCategoryInput,
  listQuestionsInput,
  moveQuestionsInput,
  questionIdInput,
  questionInput,
  retagInput,
  updateCategoryInput,
  updateQuestionInput,
} from '#shared/schemas/admin.ts';
import { generateInput } from '#shared/schemas/question-set.ts';
import { generateQuestionSet } from '../../ai/generate-set';
import { adminOverview } from '../../services/admin-overview';
import { getQuestion, imageUseCount } from '../../services/admin-question-edits';
import { countQuestions, listQuestions } from '../../services/admin-questions';
import { listReportedQuestions } from '../../services/reports';
import type { Context } from '../context';
import { adminProcedure, router } from '../trpc';

/** Deletes an image no question uses any more, once the write that dropped it has committed. */
async function dropImage(ctx: Context, imageUrl: string | null) {
  if (imageUrl && imageUseCount(ctx.db, imageUrl) === 0) await ctx.images.remove(imageUrl);
}

/** Spec §2 /admin: everything here is for admins only, checked on the server (adminProcedure). */
export const adminRouter = router({
  overview: adminProcedure.query(({ ctx }) => adminOverview(ctx.db)),
  questions: router({
    list: adminProcedure.input(listQuestionsInput).query(({ ctx, input }) => listQuestions(ctx.db, input)),
    count: adminProcedure.input(countQuestionsInput).query(({ ctx, input }) => countQuestions(ctx.db, input)),
    byId: adminProcedure.input(questionIdInput).query(({ ctx, input }) => getQuestion(ctx.db, input.questionId)),
    create: adminProcedure.input(questionInput).mutation(({ ctx, input }) => ctx.writer.createQuestion(input)),
    update: adminProcedure.input(updateQuestionInput).mutation(async ({ ctx, input }) => {
      const { droppedImageUrl } = await ctx.writer.updateQuestion(input.questionId, input.question);
      await dropImage(ctx, droppedImageUrl);
      return { ok: true };
    }),
    retag: adminProcedure
      .input(retagInput)
      .mutation(({ ctx, input }) => ctx.writer.retagQuestion(input.questionId, input.difficulty)),
    move: adminProcedure.input(moveQuestionsInput).mutation(({ ctx, input }) => ctx.writer.moveQuestions(input)),
    remove: adminProcedure.input(questionIdInput).mutation(async ({ ctx, input }) => {
      const { droppedImageUrl } = await ctx.writer.deleteQuestion(input.questionId);
      await dropImage(ctx, droppedImageUrl);
      return { ok: true };
    }),
  }),
  categories: router({
    create: adminProcedure.input(createCategoryInput).mutation(({ ctx, input }) => ctx.writer.createCategory(input)),
    update: adminProcedure.input(updateCategoryInput).mutation(({ ctx, input }) => ctx.writer.updateCategory(input)),
    remove: adminProcedure.input(categoryIdInput).mutation(async ({ ctx, input }) => {
      await ctx.writer.deleteCategory(input.categoryId);
      return { ok: true };
    }),
  }),
  questionSets: router({
    /** Whether an AI service is configured (the page explains how to set one up when not). */
    status: adminProcedure.query(({ ctx }) => ({ configured: ctx.generator !== null })),
    generate: adminProcedure.input(generateInput).mutation(({ ctx, input }) => generateQuestionSet(ctx, input)),
  }),
  reports: router({
    list: adminProcedure.query(({ ctx }) => listReportedQuestions(ctx.db)),
    dismiss: adminProcedure
      .input(questionIdInput)
      .mutation(({ ctx, input }) => ctx.writer.dismissReports(input.questionId)),
  }),
});

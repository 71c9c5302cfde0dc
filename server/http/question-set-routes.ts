import { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { generateInput, IMPORT_MAX_BYTES, saveQuestionSetInput } from '../../shared/schemas/question-set';
import { holdsNul } from '../../shared/text';
import { generateQuestionSet } from '../ai/generate-set';
import type { CookieSecurity } from '../auth/request-auth';
import type { ServerDeps } from '../deps';
import { DomainError, englishMessage, invalid } from '../errors';
import { listCategories } from '../services/categories';
import { exportedQuestions, isKnownQuestion } from '../services/question-sets';
import { sendError, signedInAdmin } from './rest';

type Options = { deps: ServerDeps; security: CookieSecurity };

/** CSV and JSON files (papaparse): loaded with the first import or export, never for players. */
const loadQuestionFiles = () => import('../services/question-file');

/** A save of a whole imported file: 5,000 questions of a few hundred bytes each, with room. */
const SAVE_BODY_LIMIT = 8 * 1024 * 1024;

const exportQuery = z.object({
  format: z.enum(['csv', 'json']).default('csv'),
  categoryId: z.coerce.number().int().positive().optional(),
});

/**
 * Question sets over REST: spec §7's POST /api/generate-questions, and for the Add Question Set
 * page the import of a file (up to 5 MB), the save of a reviewed set (one transaction), and
 * Manage Questions' export. Admins only, checked here on the server.
 */
export async function questionSetRoutes(app: FastifyInstance, options: Options) {
  const { deps } = options;

  app.post('/api/generate-questions', async (request, reply) => {
    const admin = (await signedInAdmin(options, request, reply))?.user;
    if (!admin) return reply;
    const input = generateInput.safeParse(request.body);
    if (!input.success) return sendError(reply, input.error);
    try {
      await deps.limiter.consume('POST /api/generate-questions', admin.id);
      const { questions } = await generateQuestionSet(deps, input.data);
      // Spec §3's shape exactly.
      return questions.map(({ question_en, question_vi, answers_en, answers_vi, correctAnswerIndex }) => ({
        question_en,
        question_vi,
        answers_en,
        answers_vi,
        correctAnswerIndex,
      }));
    } catch (error) {
      return sendError(reply, error);
    }
  });

  app.post('/api/admin/question-sets', { bodyLimit: SAVE_BODY_LIMIT }, async (request, reply) => {
    const admin = (await signedInAdmin(options, request, reply))?.user;
    if (!admin) return reply;
    const input = saveQuestionSetInput.safeParse(request.body);
    if (!input.success) return sendError(reply, input.error);
    try {
      return await deps.writer.saveQuestionSet(admin.id, input.data);
    } catch (error) {
      return sendError(reply, error);
    }
  });

  app.get('/api/admin/questions/export', async (request, reply) => {
    const admin = (await signedInAdmin(options, request, reply))?.user;
    if (!admin) return reply;
    const query = exportQuery.safeParse(request.query);
    if (!query.success) return reply.code(400).send({ error: englishMessage('errors:invalidInput') });
    const { format, categoryId } = query.data;
    const { exportChunks } = await loadQuestionFiles();
    const name = `quiz-ladder-questions${categoryId ? `-${categoryId}` : ''}.${format}`;
    // Streamed: a million questions are never in memory at once, and other requests run meanwhile.
    return reply
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .header('Cache-Control', 'no-store')
      .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
      .send(Readable.from(exportChunks(exportedQuestions(deps.db, categoryId ?? null), format)));
  });

  await app.register(async (imports) => {
    await imports.register(fastifyMultipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
    imports.post('/api/admin/question-sets/import', async (request, reply) => {
      const admin = (await signedInAdmin(options, request, reply))?.user;
      if (!admin) return reply;
      let name: string;
      let text: string;
      try {
        const part = await request.file();
        if (!part) return reply.code(400).send({ error: englishMessage('errors:questionSet.noFile') });
        name = part.filename;
        text = (await part.toBuffer()).toString('utf8');
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          return sendError(reply, new DomainError('PAYLOAD_TOO_LARGE', 'errors:questionSet.fileTooLarge'));
        }
        return reply.code(400).send({ error: englishMessage('errors:questionSet.noFile') });
      }
      // A spreadsheet's or a picture's bytes, not text: refused whole (shared/text.ts, holdsNul).
      if (holdsNul(text)) return sendError(reply, invalid('errors:questionSet.notText'));
      const { parseQuestionFile } = await loadQuestionFiles();
      const parsed = parseQuestionFile(name, text.normalize('NFC'), listCategories(deps.db), (categoryId, folded) =>
        isKnownQuestion(deps.db, categoryId, folded),
      );
      return {
        questions: parsed.questions,
        problems: parsed.problems.map((problem) => ({
          ...problem,
          text: englishMessage(problem.message, problem.params),
        })),
      };
    });
  });
}

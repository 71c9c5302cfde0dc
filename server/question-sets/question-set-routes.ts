import { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { LANGUAGES } from '#shared/i18n.ts';
import {
  generateInput,
  IMPORT_ZIP_MAX_BYTES,
  SAVE_SET_MAX_BYTES,
  saveQuestionSetInput,
} from '#shared/schemas/question-set.ts';
import { generateQuestionSet } from '../ai/generate-set';
import type { CookieSecurity } from '../auth/request-auth';
import type { ServerDeps } from '../deps';
import { DomainError, englishMessage, httpErrorOf } from '../errors';
import { adminFirst, sendError, signedInAdmin } from '../http/rest';
import { listCategories } from '../services/categories';
import { exportedQuestions } from '../services/question-sets';

type Options = { deps: ServerDeps; security: CookieSecurity };

/** CSV, JSON and zip files (papaparse, fflate): loaded with the first import or export, never for players. */
const loadFileExport = () => import('../question-files/export-file');
const loadZipExport = () => import('../question-files/export-zip');
const loadImport = () => import('../question-files/import-file');

const exportQuery = z.object({
  format: z.enum(['csv', 'json', 'zip']).default('csv'),
  categoryId: z.coerce.number().int().positive().optional(),
  /** The admin's language: the file is named after the category as they read it. */
  lang: z.enum(LANGUAGES).default('en'),
});

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  zip: 'application/zip',
} as const;

/** A refusal of an import, with its i18n key and values for the page to say it in the admin's language. */
function sendImportError(reply: FastifyReply, error: unknown) {
  if (!(error instanceof DomainError)) return sendError(reply, error);
  const { status, body } = httpErrorOf(error);
  return reply.code(status).send({ ...body, key: error.message, params: error.params ?? {} });
}

/**
 * Question sets over REST: spec §7's POST /api/generate-questions, and for the Add Question Set
 * page the import of a file (CSV or JSON up to 5 MB, or an export's zip with its pictures), the
 * save of a reviewed set (one transaction), and Manage Questions' export. Admins only, checked here
 * on the server.
 */
export async function questionSetRoutes(app: FastifyInstance, options: Options) {
  const { deps } = options;
  // Every route here is an admin's: a stranger's body is never read (rest.ts).
  app.addHook('onRequest', adminFirst(options));

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

  app.post('/api/admin/question-sets', { bodyLimit: SAVE_SET_MAX_BYTES }, async (request, reply) => {
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
    const { format, categoryId, lang } = query.data;
    const category = categoryId ? listCategories(deps.db).find((c) => c.id === categoryId) : undefined;
    const { exportFileName, exportChunks } = await loadFileExport();
    const categoryName = category ? (lang === 'vi' ? category.name_vi : category.name_en) : String(categoryId);
    const name = exportFileName(categoryId ? categoryName : null, format);
    const rows = exportedQuestions(deps.db, categoryId ?? null);
    // Streamed: a million questions are never in memory at once, and other requests run meanwhile.
    const chunks =
      format === 'zip' ? (await loadZipExport()).zipExportChunks(rows, deps.images) : exportChunks(rows, format);
    return reply
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .header('Cache-Control', 'no-store')
      .type(CONTENT_TYPES[format])
      .send(Readable.from(chunks));
  });

  await app.register(async (imports) => {
    await imports.register(fastifyMultipart, {
      limits: { fileSize: IMPORT_ZIP_MAX_BYTES, files: 1, fields: 0, parts: 1 },
    });
    imports.post('/api/admin/question-sets/import', async (request, reply) => {
      const admin = (await signedInAdmin(options, request, reply))?.user;
      if (!admin) return reply;
      let name: string;
      let bytes: Buffer;
      try {
        const part = await request.file();
        if (!part) return reply.code(400).send({ error: englishMessage('errors:questionSet.noFile') });
        name = part.filename;
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          return sendImportError(
            reply,
            new DomainError('PAYLOAD_TOO_LARGE', 'errors:questionSet.zipFileTooLarge', undefined, {
              max: IMPORT_ZIP_MAX_BYTES / 1024 / 1024,
            }),
          );
        }
        return reply.code(400).send({ error: englishMessage('errors:questionSet.noFile') });
      }
      const { importQuestionFile } = await loadImport();
      try {
        const { questions, newCategories, problems } = await importQuestionFile(deps.db, deps.images, name, bytes);
        return {
          questions,
          newCategories,
          problems: problems.map((problem) => ({ ...problem, text: englishMessage(problem.message, problem.params) })),
        };
      } catch (error) {
        return sendImportError(reply, error);
      }
    });
  });
}

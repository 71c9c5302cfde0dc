import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import fastifyMultipart from '@fastify/multipart';
import { FileStore } from '@tus/file-store';
import { Server as TusServer, type Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticate, type CookieSecurity } from '../auth/request-auth';
import { DomainError, englishMessage, forbidden, httpErrorOf, unauthorized } from '../errors';
import { securityHeaders } from '../http/security';
import type { ServerDeps } from '../trpc/context';
import { type ImageStore, MAX_IMAGE_BYTES, SMALL_IMAGE_BYTES } from './image-store';

/** Resumable uploads no one finished are dropped after a day. */
const INCOMING_EXPIRY_MS = 24 * 60 * 60 * 1000;
export const IMAGE_ROUTE = '/api/admin/images';
export const UPLOADS_ROUTE = '/api/admin/uploads';

/** What a served image may do in a browser: nothing (it is an image, and only pixels the server wrote). */
const IMAGE_CSP = "default-src 'none'; sandbox";

/** The file opened for reading, or null when there is none. */
async function opened(file: string) {
  const stream = createReadStream(file);
  try {
    await new Promise((resolve, reject) => stream.once('open', resolve).once('error', reject));
    return stream;
  } catch {
    return null;
  }
}

type Options = { deps: ServerDeps; security: CookieSecurity; store: ImageStore };

/**
 * Question images (spec §3, §4): admins upload files up to 256 KB in one multipart request, larger
 * ones (to 10 MB) over the tus resumable-upload protocol (@tus/server with @tus/file-store, offsets
 * kept on the server, 409 for a chunk at the wrong offset); both end in ImageStore.store, which
 * re-encodes them. Anyone may fetch a stored image: question images are shown to players.
 */
export async function imageRoutes(app: FastifyInstance, options: Options) {
  const { deps, security, store } = options;

  app.get<{ Params: { name: string } }>('/uploads/question-images/:name', async (request, reply) => {
    const file = store.fileOf(`/uploads/question-images/${request.params.name}`);
    if (!file) return reply.code(404).send({ error: 'Not found.' });
    // A bank picture may still be being rendered just after start-up: it is there once that is done.
    const stream = (await opened(file)) ?? (await store.rendering.then(() => opened(file)));
    if (!stream) return reply.code(404).send({ error: 'Not found.' });
    return reply
      .type('image/webp')
      .header('Content-Security-Policy', IMAGE_CSP)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(stream);
  });

  await app.register(async (admin) => {
    admin.addHook('preHandler', async (request, reply) => {
      if (await refusedUnlessAdmin(deps, security, request, reply)) return reply;
    });

    await admin.register(fastifyMultipart, {
      // One file and nothing else; the big ones go through the resumable upload.
      limits: { fileSize: SMALL_IMAGE_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 },
    });
    admin.post(IMAGE_ROUTE, async (request, reply) => {
      try {
        const part = await request.file();
        if (!part) return reply.code(400).send({ error: englishMessage('errors:image.missing') });
        const bytes = await part.toBuffer();
        return { imageUrl: await store.store(bytes) };
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          return sendError(reply, new DomainError('PAYLOAD_TOO_LARGE', 'errors:image.useResumable'));
        if (code?.startsWith('FST_')) return sendError(reply, new DomainError('BAD_REQUEST', 'errors:image.missing'));
        return sendError(reply, error);
      }
    });

    const tus = new TusServer({
      path: UPLOADS_ROUTE,
      datastore: new FileStore({ directory: store.incoming, expirationPeriodInMilliseconds: INCOMING_EXPIRY_MS }),
      maxSize: MAX_IMAGE_BYTES,
      relativeLocation: true,
      // No cross-origin uploads: no Access-Control-Allow-Origin at all.
      allowedOrigins: [],
      disableTerminationForFinishedUploads: true,
      // The file's SHA-256 comes with the upload: what is stored is checked against it once whole.
      async onUploadCreate(_request, upload) {
        if (!/^[0-9a-f]{64}$/.test(upload.metadata?.sha256 ?? '')) {
          throw { status_code: 400, body: englishMessage('errors:image.checksumMissing') };
        }
        return {};
      },
      async onUploadFinish(_request, upload) {
        const imageUrl = await finishUpload(upload);
        return {
          status_code: 200,
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ imageUrl }),
        };
      },
    });

    async function finishUpload(upload: Upload): Promise<string> {
      const path = upload.storage?.path ?? '';
      try {
        const bytes = await readFile(path);
        const sha256 = createHash('sha256').update(bytes).digest('hex');
        if (sha256 !== upload.metadata?.sha256) {
          throw new DomainError('BAD_REQUEST', 'errors:image.checksum');
        }
        return await store.store(bytes);
      } catch (error) {
        const { status, body } = httpErrorOf(error);
        if (status >= 500) app.log.error({ err: error }, 'storing an upload failed');
        throw { status_code: status, body: JSON.stringify(body) };
      } finally {
        await tus.datastore.remove(upload.id).catch(() => undefined);
      }
    }

    // tus reads the request body itself, chunk by chunk: Fastify leaves it alone.
    admin.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    const handleTus = (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      for (const [name, value] of Object.entries(securityHeaders(security.secure))) reply.raw.setHeader(name, value);
      void tus.handle(request.raw, reply.raw);
    };
    admin.all(UPLOADS_ROUTE, handleTus);
    admin.all(`${UPLOADS_ROUTE}/*`, handleTus);

    // Uploads left unfinished for a day go.
    const sweep = setInterval(() => void tus.cleanUpExpiredUploads().catch(() => undefined), 60 * 60 * 1000);
    sweep.unref();
    admin.addHook('onClose', async () => clearInterval(sweep));
  });
}

function sendError(reply: FastifyReply, error: unknown) {
  const { status, body, headers } = httpErrorOf(error);
  if (status >= 500) throw error;
  return reply.code(status).headers(headers).send(body);
}

/**
 * A REST route's admin check (tRPC procedures have adminProcedure): answers 401 signed out, 403
 * to others, and says whether it did.
 */
export async function refusedUnlessAdmin(
  deps: ServerDeps,
  security: CookieSecurity,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const auth = await authenticate({ ...deps, security }, request, reply);
  if (auth?.user.isAdmin) return false;
  await sendError(reply, auth ? forbidden() : unauthorized());
  return true;
}

import { createReadStream } from 'node:fs';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSecurity } from '../auth/request-auth';
import type { ServerDeps } from '../deps';
import { DomainError, englishMessage } from '../errors';
import { adminFirst, sendError, sendNotFound, signedInAdmin } from '../http/rest';
import { securityHeaders } from '../http/security';
import { type ImageStore, SMALL_IMAGE_BYTES } from './image-store';
import type { ResumableUploads } from './tus-server';

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
  const { security, store } = options;

  app.get<{ Params: { name: string } }>('/uploads/question-images/:name', async (request, reply) => {
    const file = store.fileOf(`/uploads/question-images/${request.params.name}`);
    if (!file) return sendNotFound(reply);
    // A bank picture may still be being rendered just after start-up: it is there once that is done.
    const stream = (await opened(file)) ?? (await store.rendering.then(() => opened(file)));
    if (!stream) return sendNotFound(reply);
    return reply
      .type('image/webp')
      .header('Content-Security-Policy', IMAGE_CSP)
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(stream);
  });

  await app.register(async (admin) => {
    // Before a byte of an upload is read (rest.ts).
    admin.addHook('onRequest', adminFirst(options));

    await admin.register(fastifyMultipart, {
      // One file and nothing else; the big ones go through the resumable upload.
      limits: { fileSize: SMALL_IMAGE_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 },
    });
    admin.post(IMAGE_ROUTE, async (request, reply) => {
      let bytes: Buffer;
      try {
        const part = await request.file();
        if (!part) return reply.code(400).send({ error: englishMessage('errors:image.missing') });
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          return sendError(reply, new DomainError('PAYLOAD_TOO_LARGE', 'errors:image.useResumable'));
        // Whatever else went wrong reading the body (cut short, malformed) is the request's fault.
        return sendError(reply, new DomainError('BAD_REQUEST', 'errors:image.missing'));
      }
      try {
        return { imageUrl: await store.store(bytes) };
      } catch (error) {
        return sendError(reply, error);
      }
    });

    // tus reads the request body itself, chunk by chunk: Fastify leaves it alone.
    admin.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    // The resumable upload's server (tus-server.ts), loaded with the first upload: players never need it.
    let tus: Promise<ResumableUploads> | null = null;
    const handleTus = async (request: FastifyRequest, reply: FastifyReply) => {
      tus ??= import('./tus-server').then(({ resumableUploads }) => resumableUploads(store, app.log, UPLOADS_ROUTE));
      const uploads = await tus;
      // Who uploads, for the quotas of unfinished uploads (tus-server.ts): checked by the hook above.
      const admin = await signedInAdmin(options, request, reply);
      if (!admin) return reply;
      reply.hijack();
      for (const [name, value] of Object.entries(securityHeaders(security.secure))) reply.raw.setHeader(name, value);
      reply.raw.setHeader('Cache-Control', 'no-store');
      void uploads.handle(request.raw, reply.raw, admin.user.id);
    };
    admin.all(UPLOADS_ROUTE, handleTus);
    admin.all(`${UPLOADS_ROUTE}/*`, handleTus);
    admin.addHook('onClose', async () => (await tus)?.close());
  });
}

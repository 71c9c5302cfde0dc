import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FileStore } from '@tus/file-store';
import { Server as TusServer, type Upload } from '@tus/server';
import type { FastifyBaseLogger } from 'fastify';
import { DomainError, englishMessage, httpErrorOf } from '../errors';
import { UPLOADS_ROUTE } from './image-routes';
import { type ImageStore, MAX_IMAGE_BYTES } from './image-store';

/** Resumable uploads no one finished are dropped after a day. */
const INCOMING_EXPIRY_MS = 24 * 60 * 60 * 1000;

export type ResumableUploads = {
  handle(request: IncomingMessage, response: ServerResponse): Promise<void>;
  close(): void;
};

/**
 * The tus resumable-upload protocol for images over 256 KB (spec §4): @tus/server with
 * @tus/file-store, offsets kept on the server, 409 for a chunk at the wrong offset, the file's
 * SHA-256 checked once whole, then stored like any upload (ImageStore.store re-encodes it).
 */
export function resumableUploads(store: ImageStore, log: FastifyBaseLogger): ResumableUploads {
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
      if (status >= 500) log.error({ err: error }, 'storing an upload failed');
      throw { status_code: status, body: JSON.stringify(body) };
    } finally {
      await tus.datastore.remove(upload.id).catch(() => undefined);
    }
  }

  // Uploads left unfinished go.
  const sweep = setInterval(() => void tus.cleanUpExpiredUploads().catch(() => undefined), 60 * 60 * 1000);
  sweep.unref();
  return {
    handle: (request, response) => tus.handle(request, response),
    close: () => clearInterval(sweep),
  };
}

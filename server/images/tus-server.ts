import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FileStore } from '@tus/file-store';
import { Server as TusServer, type Upload } from '@tus/server';
import type { FastifyBaseLogger } from 'fastify';
import { DomainError, englishMessage, httpErrorOf } from '../errors';
import { type ImageStore, MAX_IMAGE_BYTES } from './image-store';

/** Resumable uploads no one finished are dropped after two hours (a 10 MB image takes minutes). */
export const INCOMING_EXPIRY_MS = 2 * 60 * 60 * 1000;
/** Unfinished uploads' declared sizes, at most: per admin (three images at the largest), and in all. */
export const UNFINISHED_BYTES_PER_ADMIN = 3 * MAX_IMAGE_BYTES;
export const UNFINISHED_BYTES_IN_ALL = 100 * 1024 * 1024;

export type ResumableUploads = {
  /** Serves a tus request of the admin `uploader` (their id: the quotas of unfinished uploads are theirs). */
  handle(request: IncomingMessage, response: ServerResponse, uploader: string): Promise<void>;
  close(): void;
};

/**
 * The tus resumable-upload protocol for images over 256 KB (spec §4), served at `route`: @tus/server
 * with @tus/file-store, offsets kept on the server, 409 for a chunk at the wrong offset, the file's
 * SHA-256 checked once whole, then stored like any upload (ImageStore.store re-encodes it).
 */
export function resumableUploads(store: ImageStore, log: FastifyBaseLogger, route: string): ResumableUploads {
  const datastore = new FileStore({ directory: store.incoming, expirationPeriodInMilliseconds: INCOMING_EXPIRY_MS });
  /** Who sent each request being served (tus hands the hooks its own view of the request, which leads back here). */
  const uploaderOf = new WeakMap<IncomingMessage, string>();

  /** The declared sizes of the uploads not finished yet (expired ones dropped first): the uploader's, and all. */
  async function unfinishedBytes(uploader: string): Promise<{ mine: number; all: number }> {
    await datastore.deleteExpired().catch(() => undefined);
    let mine = 0;
    let all = 0;
    for (const id of (await datastore.configstore.list?.()) ?? []) {
      const upload = await datastore.configstore.get(id).catch(() => undefined);
      if (!upload || upload.offset === upload.size) continue;
      all += upload.size ?? 0;
      if (upload.metadata?.uploader === uploader) mine += upload.size ?? 0;
    }
    return { mine, all };
  }

  const tus = new TusServer({
    path: route,
    datastore,
    maxSize: MAX_IMAGE_BYTES,
    relativeLocation: true,
    // No cross-origin uploads: no Access-Control-Allow-Origin at all.
    allowedOrigins: [],
    disableTerminationForFinishedUploads: true,
    // The file's SHA-256 comes with the upload: what is stored is checked against it once whole.
    async onUploadCreate(request, upload) {
      if (!/^[0-9a-f]{64}$/.test(upload.metadata?.sha256 ?? '')) {
        throw { status_code: 400, body: englishMessage('errors:image.checksumMissing') };
      }
      // Its size up front (no deferred length), counted against the quotas of unfinished uploads.
      if (upload.size === undefined) throw { status_code: 400, body: englishMessage('errors:image.missing') };
      const node = request.runtime?.node?.req as IncomingMessage | undefined;
      const uploader = node ? uploaderOf.get(node) : undefined;
      if (!uploader) throw { status_code: 403, body: englishMessage('errors:image.unauthorized') };
      const { mine, all } = await unfinishedBytes(uploader);
      if (mine + upload.size > UNFINISHED_BYTES_PER_ADMIN) {
        throw { status_code: 429, body: englishMessage('errors:image.tooManyUnfinished') };
      }
      if (all + upload.size > UNFINISHED_BYTES_IN_ALL) {
        throw { status_code: 507, body: englishMessage('errors:image.quota') };
      }
      return { metadata: { ...upload.metadata, uploader } };
    },
    async onUploadFinish(request, upload) {
      const imageUrl = await finishUpload(upload, request.runtime?.node?.res as ServerResponse | undefined);
      return {
        status_code: 200,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ imageUrl }),
      };
    },
  });

  async function finishUpload(upload: Upload, response: ServerResponse | undefined): Promise<string> {
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
      // Gone once answered: tus still reads the upload's record while it answers a creation that
      // carried the whole file (creation-with-upload).
      const remove = () => void datastore.remove(upload.id).catch(() => undefined);
      if (response && !response.writableFinished) response.once('close', remove);
      else remove();
    }
  }

  // Uploads left unfinished go.
  const sweep = setInterval(() => void tus.cleanUpExpiredUploads().catch(() => undefined), 10 * 60 * 1000);
  sweep.unref();
  return {
    handle: (request, response, uploader) => {
      uploaderOf.set(request, uploader);
      return tus.handle(request, response);
    },
    close: () => clearInterval(sweep),
  };
}

import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { DomainError, invalid } from '../errors';
import { isPlainWebp, sniffImageType } from './image-type';
import { oneAtATime } from './one-at-a-time';

/** Spec §9 and the admin issue: at most 10 MB, and only what a question can show. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Up to this size one multipart request; above it, the resumable upload (spec §4). */
export const SMALL_IMAGE_BYTES = 256 * 1024;
/** Far below sharp's default (268 million): a decompression bomb is refused before it is decoded. */
export const MAX_IMAGE_PIXELS = 25_000_000;
/**
 * An animation's bounds (GIF, WebP): at most this many frames, and this many pixels in all its
 * frames together. Re-encoding costs time and memory by pixels × frames: a 26 KB GIF of many
 * large frames took seconds, and a few at once hundreds of MB.
 */
export const MAX_FRAMES = 120; // in the message errors:image.animationTooLarge
export const MAX_ANIMATION_PIXELS = 20_000_000;
/** Question images are shown at most this wide or tall. */
const MAX_STORED_SIDE = 1600;
const PUBLIC_PREFIX = '/uploads/question-images/';
/** An upload's name (a UUID) or a bank picture's (the hash of its SVG: bank-images.ts). */
const STORED_NAME = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|bank-[0-9a-f]{16})\.webp$/;
const WEBP = { quality: 82 };

/** sharp (libvips, ~30 MB resident) is loaded when an image is first processed, never at start-up. */
const loadSharp = async () => (await import('sharp')).default;

/** An image's decoder, as every stored picture is read: its frames, within the pixel limit, failing on errors. */
async function decoderOf(bytes: Buffer) {
  const sharp = await loadSharp();
  return () => sharp(bytes, { animated: true, limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' });
}

type Shape = { width: number; height: number; frames: number };

/** A frame's size (an animation's frames are stacked in `height`: `pageHeight` is one) and the frames. */
const shapeOf = (meta: { width?: number; height?: number; pageHeight?: number; pages?: number }): Shape => ({
  width: meta.width ?? 0,
  height: meta.pageHeight ?? meta.height ?? 0,
  frames: meta.pages ?? 1,
});

/** What libvips may hold of an animation at once (errors:image.animationTooLarge). */
const withinAnimationBounds = ({ width, height, frames }: Shape) =>
  frames <= MAX_FRAMES && width * height * frames <= MAX_ANIMATION_PIXELS;

/** A bank picture (an SVG) as stored: WebP at twice the SVG's own size, sharp on a phone's or a TV's screen. */
export async function renderSvgAsWebp(svg: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(svg, { density: 144 })
    .flatten({ background: '#ffffff' })
    .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: 'inside', withoutEnlargement: true })
    .webp(WEBP)
    .toBuffer();
}

export type ImageStore = {
  /** Where question images live: UPLOADS_DIR/question-images. */
  readonly directory: string;
  /** Where resumable uploads are assembled: UPLOADS_DIR/incoming. */
  readonly incoming: string;
  /** Checks, decodes and re-encodes an upload, stores it under a name of its own; its public URL. */
  store(bytes: Buffer): Promise<string>;
  /**
   * A picture from one of our exports: kept byte for byte when it is a WebP as `store` writes it
   * (plain, within the stored size, decoding whole), so a round trip changes nothing; anything
   * else goes through `store`.
   */
  storeExported(bytes: Buffer): Promise<string>;
  /** Stores what `render` makes (a bank picture, bank-images.ts) under `imageUrl`, unless it is there; whether it stored. */
  storeRendered(imageUrl: string, render: () => Promise<Buffer>): Promise<boolean>;
  /** Settles once the bank pictures being rendered are there (bank-images.ts); what a request for one waits on. */
  rendering: Promise<unknown>;
  /** The file of a stored image's URL, or null for anything that is not one. */
  fileOf(imageUrl: string): string | null;
  /** Deletes a stored image (a missing one is fine). */
  remove(imageUrl: string): Promise<void>;
  /** Deletes stored images older than `olderThanMs` that `isUsed` says no question uses; how many. */
  removeUnused(isUsed: (imageUrl: string) => boolean, olderThanMs: number): Promise<number>;
};

/**
 * Question images on local disk (spec §3's "question-images/{uuid}"). Every image is decoded and
 * re-encoded as WebP (animation kept), so what is served is pixels the server wrote, never the
 * uploaded bytes: polyglots (an image that is also HTML or a script) and metadata go, and a
 * decompression bomb is refused by the pixel limit. Names are made here; a URL is mapped back to a
 * file only when it matches that name exactly, so no path from outside reaches the disk.
 */
/** Written under a temporary name, then renamed: a reader never sees half a file. */
async function writeAtomically(file: string, bytes: Buffer) {
  const temporary = join(dirname(file), `.${basename(file)}.${randomUUID()}.tmp`);
  await writeFile(temporary, bytes, { flag: 'wx' });
  await rename(temporary, file);
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

export function createImageStore(uploadsDir: string): ImageStore {
  // One re-encode at a time: libvips holds a whole animation's frames while it works.
  const reencoding = oneAtATime();
  const directory = join(uploadsDir, 'question-images');
  const incoming = join(uploadsDir, 'incoming');
  mkdirSync(directory, { recursive: true });
  mkdirSync(incoming, { recursive: true });

  const fileOf = (imageUrl: string) => {
    if (!imageUrl.startsWith(PUBLIC_PREFIX)) return null;
    const name = imageUrl.slice(PUBLIC_PREFIX.length);
    return STORED_NAME.test(name) ? join(directory, name) : null;
  };

  async function store(bytes: Buffer) {
    if (bytes.length > MAX_IMAGE_BYTES) throw new DomainError('PAYLOAD_TOO_LARGE', 'errors:image.tooLarge');
    if (!sniffImageType(bytes)) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'errors:image.unsupported');
    const input = await decoderOf(bytes);
    const shape = shapeOf(
      await input()
        .metadata()
        .catch(() => {
          throw invalid('errors:image.unreadable');
        }),
    );
    if (!withinAnimationBounds(shape)) throw invalid('errors:image.animationTooLarge');
    const encoded = await reencoding(() =>
      input()
        .rotate()
        .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp(WEBP)
        .toBuffer(),
    ).catch(() => {
      throw invalid('errors:image.unreadable');
    });
    return keep(encoded);
  }

  async function keep(bytes: Buffer) {
    const name = `${randomUUID()}.webp`;
    await writeAtomically(join(directory, name), bytes);
    return `${PUBLIC_PREFIX}${name}`;
  }

  /**
   * Why exported pictures may skip the re-encode: a second lossy encode would change every byte
   * (and a little of the picture) at each round trip. What is kept is still only a plain WebP that
   * libvips decoded whole within the stored bounds, served with the same sandboxing headers.
   */
  async function storeExported(bytes: Buffer) {
    if (bytes.length > MAX_IMAGE_BYTES || !isPlainWebp(bytes)) return store(bytes);
    const input = await decoderOf(bytes);
    const meta = await input()
      .metadata()
      .catch(() => null);
    const shape = meta && shapeOf(meta);
    const fits =
      meta?.format === 'webp' &&
      shape !== null &&
      shape.width <= MAX_STORED_SIDE &&
      shape.height <= MAX_STORED_SIDE &&
      withinAnimationBounds(shape);
    if (!fits) return store(bytes);
    const decodes = await reencoding(() => input().raw().toBuffer()).then(
      () => true,
      () => false,
    );
    return decodes ? keep(bytes) : store(bytes);
  }

  return {
    directory,
    incoming,
    fileOf,
    rendering: Promise.resolve(),
    store,
    storeExported,
    async storeRendered(imageUrl, render) {
      const file = fileOf(imageUrl);
      if (!file) throw new Error(`Not a stored image's URL: ${imageUrl}`);
      if (await exists(file)) return false;
      await writeAtomically(file, await render());
      return true;
    },
    async remove(imageUrl) {
      const file = fileOf(imageUrl);
      if (file) await rm(file, { force: true });
    },
    async removeUnused(isUsed, olderThanMs) {
      let removed = 0;
      for (const name of await readdir(directory)) {
        const file = join(directory, name);
        const old = Date.now() - (await stat(file)).mtimeMs > olderThanMs;
        // Leftovers of an interrupted store (.tmp) go too, once old.
        const unused = !STORED_NAME.test(name) || !isUsed(`${PUBLIC_PREFIX}${name}`);
        if (old && unused) {
          await rm(file, { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}

import { createHash } from 'node:crypto';
import {
  IMPORT_MAX_BYTES,
  IMPORT_ZIP_MAX_ENTRIES,
  IMPORT_ZIP_MAX_PICTURES,
  IMPORT_ZIP_MAX_UNPACKED_BYTES,
} from '#shared/schemas/question-set.ts';
import { type ImageStore, MAX_IMAGE_BYTES } from '../images/image-store';
import type { ImportedQuestion } from './read-file';
import { listZipEntries, readZipEntry, type ZipEntry, zipRefused } from './zip-reader';

/** Whether an upload is a zip, by its first bytes (a local file header, or an empty archive's end). */
export const isZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 0x03 || bytes[2] === 0x05);

/** An uploaded zip's question file, and its pictures' entries by their path inside it (not read yet). */
export type OpenedZip = {
  name: string;
  text: string;
  pictures: Map<string, ZipEntry>;
  read: (entry: ZipEntry) => Uint8Array;
};

const isQuestionFile = (name: string) => /\.(csv|json)$/i.test(name) && !name.startsWith('__MACOSX/');

/**
 * Opens an uploaded zip (untrusted): its entries listed and checked first (how many, their sizes
 * together, their names), then only its question file read: questions.csv or questions.json, or
 * the one CSV or JSON file it holds. Pictures are read when a question names them.
 */
export function openQuestionZip(bytes: Uint8Array): OpenedZip {
  const entries = listZipEntries(bytes, {
    maxEntries: IMPORT_ZIP_MAX_ENTRIES,
    maxTotalBytes: IMPORT_ZIP_MAX_UNPACKED_BYTES,
  });
  const files = entries.filter((entry) => !entry.name.endsWith('/'));
  const candidates = files.filter((entry) => isQuestionFile(entry.name));
  const named = candidates.find((entry) => /^questions\.(csv|json)$/i.test(entry.name));
  const data: ZipEntry | undefined = named ?? (candidates.length === 1 ? candidates[0] : undefined);
  if (!data) throw zipRefused('errors:questionSet.zipNoQuestionFile');
  if (data.size > IMPORT_MAX_BYTES) throw zipRefused('errors:questionSet.fileTooLarge');
  const text = new TextDecoder().decode(readZipEntry(bytes, data));
  const pictures = new Map(files.filter((entry) => entry !== data).map((entry) => [entry.name, entry] as const));
  return { name: data.name, text, pictures, read: (entry) => readZipEntry(bytes, entry) };
}

/** A picture's path as the question file names it, as the zip lists it (without a leading `./`). */
const pathInZip = (named: string) => named.replace(/^\.\//, '');

/**
 * Stores the pictures the imported questions name (each once, through the image store: sniffed,
 * size-limited, kept byte for byte when it is one of our own WebPs, else re-encoded) and gives each
 * question its URL. A question naming a picture the zip lacks keeps none, as a plain file's would.
 * Before anything is read, the pictures named are counted (at most IMPORT_ZIP_MAX_PICTURES) and
 * each one's declared size checked (an image's most), so a zip cannot make the work cost more than
 * it weighs; the same bytes under two names are stored once. A picture that is not one we accept
 * refuses the whole file, and what was stored is removed.
 */
export async function storeZipPictures(
  questions: ImportedQuestion[],
  zip: Pick<OpenedZip, 'pictures' | 'read'>,
  store: ImageStore,
): Promise<ImportedQuestion[]> {
  const named = new Map<string, ZipEntry>();
  for (const question of questions) {
    const path = question.picture === undefined ? undefined : pathInZip(question.picture);
    const entry = path === undefined ? undefined : zip.pictures.get(path);
    if (path && entry) named.set(path, entry);
  }
  if (named.size > IMPORT_ZIP_MAX_PICTURES) {
    throw zipRefused('errors:questionSet.zipTooManyPictures', { max: IMPORT_ZIP_MAX_PICTURES });
  }
  for (const [path, entry] of named) {
    if (entry.size > MAX_IMAGE_BYTES) {
      throw zipRefused('errors:questionSet.zipPictureTooLarge', { name: path, max: MAX_IMAGE_BYTES / 1024 / 1024 });
    }
  }
  const stored = new Map<string, string>();
  const byContent = new Map<string, string>();
  try {
    for (const [path, entry] of named) {
      const bytes = Buffer.from(zip.read(entry));
      const content = createHash('sha256').update(bytes).digest('hex');
      const url =
        byContent.get(content) ??
        (await store.storeExported(bytes).catch((error: unknown) => {
          if (error instanceof Error && error.name === 'DomainError' && error.message.startsWith('errors:image.')) {
            throw zipRefused('errors:questionSet.zipBadPicture', { name: path });
          }
          throw error;
        }));
      byContent.set(content, url);
      stored.set(path, url);
    }
  } catch (error) {
    await Promise.all([...new Set(stored.values())].map((url) => store.remove(url)));
    throw error;
  }
  return questions.map(({ picture, ...question }) => {
    const url = picture ? stored.get(pathInZip(picture)) : undefined;
    return url ? { ...question, imageUrl: url } : question;
  });
}

import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { ZIP_PICTURES_FOLDER, ZIP_QUESTIONS_FILE } from '#shared/schemas/question-set.ts';
import type { ImageStore } from '../images/image-store';
import type { ExportedQuestion } from '../services/question-sets';
import { type ExportRow, exportChunks } from './export-file';

/**
 * Manage Questions' export with its pictures, as the chunks of one zip, made as they are read:
 * questions.csv (deflated, a chunk of rows at a time, the CSV export's text exactly plus an
 * `image` column) and then each picture it names once, under images/ as stored (WebP, kept as
 * it is). A picture whose file is gone is left out; its question imports without one.
 */
export async function* zipExportChunks(
  rows: Iterable<ExportedQuestion>,
  store: ImageStore,
): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else ready.push(chunk);
  });
  function* drain() {
    if (failure) throw failure;
    while (ready.length > 0) yield ready.shift() as Uint8Array;
  }
  const pictures = new Map<string, string>();
  function* withPictures(): Generator<ExportRow> {
    for (const row of rows) {
      const file = row.imageUrl ? store.fileOf(row.imageUrl) : null;
      if (!row.imageUrl || !file) {
        yield row;
        continue;
      }
      const picture = `${ZIP_PICTURES_FOLDER}/${basename(file)}`;
      pictures.set(picture, file);
      yield { ...row, picture };
    }
  }
  const questions = new ZipDeflate(ZIP_QUESTIONS_FILE, { level: 6 });
  zip.add(questions);
  for await (const text of exportChunks(withPictures(), 'csv', { withPictures: true })) {
    questions.push(strToU8(text));
    yield* drain();
  }
  questions.push(new Uint8Array(0), true);
  yield* drain();
  // Bank pictures are rendered just after start-up (bank-images.ts): wait for them.
  await store.rendering;
  for (const [path, file] of pictures) {
    const bytes = await readFile(file).catch(() => null);
    // Already named in questions.csv: without its file, its question imports without a picture.
    if (!bytes) continue;
    const entry = new ZipPassThrough(path);
    zip.add(entry);
    entry.push(bytes, true);
    yield* drain();
  }
  zip.end();
  yield* drain();
}

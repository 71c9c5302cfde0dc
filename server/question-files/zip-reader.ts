import { Inflate } from 'fflate';
import { DomainError, type MessageParams } from '../errors';

/** What an uploaded zip may hold: a question file and its pictures, never more. */
export type ZipLimits = {
  /** Entries in all (folders and files we do not read count too). */
  maxEntries: number;
  /** The entries' uncompressed sizes together, as declared and as inflated: a zip bomb stops here. */
  maxTotalBytes: number;
};

export type ZipEntry = {
  name: string;
  /** 0 stored, 8 deflated: the only two a zip tool writes by default, and the only two read. */
  compression: 0 | 8;
  compressedSize: number;
  size: number;
  /** Where the local header starts (its own name and extra field lengths are read from it). */
  headerOffset: number;
};

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** Inflated a piece at a time, so a lying size is caught after at most ~1 MB of extra output. */
const INFLATE_PIECE = 1024;

const u16 = (bytes: Uint8Array, at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
const u32 = (bytes: Uint8Array, at: number) => (u16(bytes, at) | (u16(bytes, at + 2) << 16)) >>> 0;

/** A refusal of the whole zip, with the values its message names. */
export const zipRefused = (key: string, params?: MessageParams) =>
  new DomainError('BAD_REQUEST', key, undefined, params);
const unreadable = () => zipRefused('errors:questionSet.zipUnreadable');

/**
 * A name that could land outside a folder if someone unpacked it (zip slip): absolute, a drive,
 * a backslash, a `..` segment, or a control character. Nothing here writes by an entry's name, but
 * such a file is not one we made, and is refused whole.
 */
export function isUnsafeEntryName(name: string): boolean {
  return (
    name === '' ||
    name.startsWith('/') ||
    /^[a-z]:/i.test(name) ||
    name.includes('\\') ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for.
    /[\u0000-\u001f]/.test(name) ||
    name.split('/').some((segment) => segment === '..')
  );
}

/**
 * The entries of a zip from its central directory, checked before anything is inflated: their
 * number, their declared sizes together, their names and compression, and where their data lies
 * (checkSpans). Zip64 (entries over 4 GB or more than 65,535 of them) is refused: nothing we
 * accept comes near.
 */
export function listZipEntries(bytes: Uint8Array, limits: ZipLimits): ZipEntry[] {
  let end = bytes.length - 22;
  const earliest = Math.max(0, bytes.length - 22 - 0xffff);
  while (end >= earliest && u32(bytes, end) !== END_OF_DIRECTORY) end--;
  if (end < earliest) throw unreadable();
  const count = u16(bytes, end + 10);
  if (count > limits.maxEntries) throw zipRefused('errors:questionSet.zipTooManyEntries', { max: limits.maxEntries });
  const directory = u32(bytes, end + 16);
  let at = directory;
  const entries: ZipEntry[] = [];
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || u32(bytes, at) !== DIRECTORY_ENTRY) throw unreadable();
    const flags = u16(bytes, at + 8);
    const compression = u16(bytes, at + 10);
    const compressedSize = u32(bytes, at + 20);
    const size = u32(bytes, at + 24);
    const nameLength = u16(bytes, at + 28);
    const headerOffset = u32(bytes, at + 42);
    const name = new TextDecoder(flags & 0x800 ? 'utf-8' : 'latin1').decode(
      bytes.subarray(at + 46, at + 46 + nameLength),
    );
    if (isUnsafeEntryName(name)) throw zipRefused('errors:questionSet.zipUnsafeName', { name });
    if (flags & 1) throw zipRefused('errors:questionSet.zipEncrypted');
    if (compression !== 0 && compression !== 8) throw unreadable();
    if ([compressedSize, size, headerOffset].includes(0xffffffff)) throw unreadable();
    total += size;
    if (total > limits.maxTotalBytes) {
      throw zipRefused('errors:questionSet.zipTooLarge', { max: Math.round(limits.maxTotalBytes / 1024 / 1024) });
    }
    entries.push({ name, compression, compressedSize, size, headerOffset });
    at += 46 + nameLength + u16(bytes, at + 30) + u16(bytes, at + 32);
  }
  checkSpans(bytes, entries, directory);
  return entries;
}

/** Where an entry's data starts, after its local header (whose name and extra field lengths are its own). */
function dataStart(bytes: Uint8Array, entry: ZipEntry): number {
  const header = entry.headerOffset;
  if (header + 30 > bytes.length || u32(bytes, header) !== LOCAL_HEADER) throw unreadable();
  return header + 30 + u16(bytes, header + 26) + u16(bytes, header + 28);
}

/**
 * Each entry's local header agrees with the directory about its sizes (unless they follow its data,
 * flag 3), and the entries' headers and data lie one after another before the directory, none
 * over another: a zip tool writes nothing else, while entries sharing their data would make one
 * picture cost as many times as it is listed.
 */
function checkSpans(bytes: Uint8Array, entries: ZipEntry[], directory: number) {
  const spans = entries.map((entry) => {
    const start = dataStart(bytes, entry);
    const header = entry.headerOffset;
    const sizesFollow = (u16(bytes, header + 6) & 8) !== 0;
    if (!sizesFollow && (u32(bytes, header + 18) !== entry.compressedSize || u32(bytes, header + 22) !== entry.size)) {
      throw unreadable();
    }
    return { from: header, to: start + entry.compressedSize };
  });
  spans.sort((a, b) => a.from - b.from);
  for (const [i, span] of spans.entries()) {
    const next = spans[i + 1];
    if ((next && next.from < span.to) || span.to > directory) throw zipRefused('errors:questionSet.zipOverlapping');
  }
}

/**
 * One entry's bytes, inflated a piece at a time: more bytes than its declared size (a zip bomb
 * whose directory lies) stop the work at once, fewer or a broken stream fail too. Callers refuse an
 * entry declared larger than they take before reading it (openQuestionZip, storeZipPictures).
 */
export function readZipEntry(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const start = dataStart(bytes, entry);
  if (start + entry.compressedSize > bytes.length) throw unreadable();
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (entry.compression === 0) {
    if (data.length !== entry.size) throw unreadable();
    return data.slice();
  }
  const out = new Uint8Array(entry.size);
  let written = 0;
  let done = false;
  const inflate = new Inflate((chunk, final) => {
    if (written + chunk.length > entry.size) throw zipRefused('errors:questionSet.zipBomb', { name: entry.name });
    out.set(chunk, written);
    written += chunk.length;
    if (final) done = true;
  });
  try {
    for (let at = 0; at < data.length; at += INFLATE_PIECE) {
      const end = Math.min(at + INFLATE_PIECE, data.length);
      inflate.push(data.subarray(at, end), end === data.length);
    }
  } catch (error) {
    if (error instanceof Error && 'code' in error && typeof error.code === 'number') throw unreadable();
    throw error;
  }
  if (!done || written !== entry.size) throw unreadable();
  return out;
}

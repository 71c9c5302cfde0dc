import { crc32, createDeflateRaw } from 'node:zlib';

/** A zip entry as it is written: its data already compressed (8, deflate) or not (0). */
export type RawEntry = { name: string; data: Uint8Array; method: 0 | 8; size: number; crc: number };

/** An entry stored as it is. */
export const storedEntry = (name: string, content: Uint8Array): RawEntry => ({
  name,
  data: content,
  method: 0,
  size: content.length,
  crc: crc32(content),
});

/**
 * An entry of `megabytes` MB of zeros, deflated a megabyte at a time (never held whole): a picture
 * that weighs a few hundred KB in the zip and is hundreds of MB unpacked.
 */
export async function zerosEntry(name: string, megabytes: number): Promise<RawEntry> {
  const megabyte = new Uint8Array(1024 * 1024);
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  let crc = 0;
  for (let i = 0; i < megabytes; i++) {
    crc = crc32(megabyte, crc);
    if (!deflate.write(megabyte)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return { name, data: Buffer.concat(chunks), method: 8, size: megabytes * 1024 * 1024, crc };
}

/**
 * A zip written by hand, as a tool would (local headers and data, then the central directory),
 * but for `aliases`: more directory records naming other files whose data is an entry's own (the
 * audit's overlapping entries).
 */
export function rawZip(entries: RawEntry[], aliases: { name: string; of: string }[] = []): Buffer {
  const locals: Buffer[] = [];
  const records: Buffer[] = [];
  const offsets = new Map<string, number>();
  let offset = 0;
  const record = (entry: RawEntry, name: string, at: number) => {
    const nameBytes = Buffer.from(name, 'utf8');
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8); // names in UTF-8
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt16LE(0x21, 14); // 1980-01-01
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(at, 42);
    records.push(central, nameBytes);
  };
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, Buffer.from(entry.data));
    offsets.set(entry.name, offset);
    record(entry, entry.name, offset);
    offset += 30 + name.length + entry.data.length;
  }
  for (const alias of aliases) {
    const entry = entries.find((e) => e.name === alias.of);
    if (!entry) throw new Error(`no entry ${alias.of}`);
    record(entry, alias.name, offsets.get(alias.of) as number);
  }
  const directory = Buffer.concat(records);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length + aliases.length, 8);
  end.writeUInt16LE(entries.length + aliases.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

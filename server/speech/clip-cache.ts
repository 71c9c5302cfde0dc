import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clip } from './synthesizers';

const EXTENSIONS: Record<Clip['type'], string> = { 'audio/mpeg': 'mp3', 'audio/ogg': 'ogg' };
const TYPES = new Map(Object.entries(EXTENSIONS).map(([type, extension]) => [extension, type as Clip['type']]));
/** A clip's file: the hash of its voice and text (speech-service.ts), and its kind. */
const CLIP_FILE = /^[0-9a-f]{64}\.(mp3|ogg)$/;
/** Trimmed a little below its size, so that the next few clips do not each trim it again. */
const TRIM_TO = 0.9;

export type ClipCache = {
  /** The clip kept under `key`, marked as heard now; null when there is none. */
  read(key: string): Promise<Clip | null>;
  /** Keeps `clip` under `key`; the clips heard longest ago go once the cache is over its size. */
  write(key: string, clip: Clip): Promise<void>;
  /** Bytes held now, once the folder has been read. */
  bytes(): Promise<number>;
};

type Held = { size: number; used: number };

/**
 * The speech clips on disk, `<key>.<mp3|ogg>` in one folder, held within `maxBytes` as they are
 * written: the folder is read once (at start-up), and from then on the sizes and the times each
 * clip was last heard are kept in memory. Files the cache does not make (an interrupted write's
 * `.tmp`, the WAV clips of older versions) go when it opens.
 */
export function openClipCache(dir: string, maxBytes: number): ClipCache {
  mkdirSync(dir, { recursive: true });
  const held = new Map<string, Held>();
  let total = 0;
  let trimming: Promise<void> | null = null;

  const forget = (name: string) => {
    const entry = held.get(name);
    if (!entry) return;
    held.delete(name);
    total -= entry.size;
  };

  async function trim() {
    if (total <= maxBytes) return;
    const oldestFirst = [...held.entries()].sort((a, b) => a[1].used - b[1].used);
    const going: string[] = [];
    for (const [name] of oldestFirst) {
      if (total <= maxBytes * TRIM_TO) break;
      forget(name);
      going.push(name);
    }
    await Promise.all(going.map((name) => rm(join(dir, name), { force: true })));
  }
  /** One trim at a time; a write during one trims again after it. */
  function trimSoon(): Promise<void> {
    trimming ??= trim().finally(() => {
      trimming = null;
    });
    return trimming;
  }

  const ready = (async () => {
    for (const name of await readdir(dir)) {
      if (!CLIP_FILE.test(name)) {
        await rm(join(dir, name), { force: true, recursive: true });
        continue;
      }
      const info = await stat(join(dir, name)).catch(() => null);
      if (!info || held.has(name)) continue;
      held.set(name, { size: info.size, used: info.mtimeMs });
      total += info.size;
    }
    await trimSoon();
  })();
  // Reported by the first read or write that waits on it.
  ready.catch(() => undefined);

  return {
    async read(key) {
      await ready;
      for (const [extension, type] of TYPES) {
        const name = `${key}.${extension}`;
        const entry = held.get(name);
        if (!entry) continue;
        const bytes = await readFile(join(dir, name)).catch(() => null);
        if (!bytes) {
          forget(name); // deleted by hand
          continue;
        }
        entry.used = Date.now();
        // Kept on disk too: the order survives a restart.
        const now = new Date(entry.used);
        await utimes(join(dir, name), now, now).catch(() => undefined);
        return { bytes, type };
      }
      return null;
    },
    async write(key, clip) {
      await ready;
      const name = `${key}.${EXTENSIONS[clip.type]}`;
      const temporary = join(dir, `${name}.${randomUUID()}.tmp`);
      await writeFile(temporary, clip.bytes);
      await rename(temporary, join(dir, name));
      forget(name);
      held.set(name, { size: clip.bytes.length, used: Date.now() });
      total += clip.bytes.length;
      if (total > maxBytes) await trimSoon();
      if (total > maxBytes) await trimSoon(); // written while another trim ran
    },
    async bytes() {
      await ready;
      return total;
    },
  };
}

import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { backupDatabase } from '../db/database';
import { StartupError } from './startup-error';

/**
 * A backup is a folder anyone can read: the database (`quiz-ladder.db`, SQLite's online backup: a
 * consistent copy while the server runs) and the stored pictures (`question-images/`). Speech clips
 * are left out: the server makes them again when asked.
 */
export const BACKUP_DATABASE = 'quiz-ladder.db';
const PICTURES = 'question-images';

/** A stored picture's file, not a temporary one an upload is still writing (image-store.ts). */
const isPicture = (name: string) => !name.startsWith('.') && name.endsWith('.webp');

async function picturesIn(folder: string): Promise<string[]> {
  if (!existsSync(folder)) return [];
  return (await readdir(folder)).filter(isPicture);
}

/** Copies the pictures of `from` missing in `to` (a picture's name is its identity: never rewritten). */
async function copyPictures(from: string, to: string): Promise<number> {
  await mkdir(to, { recursive: true });
  const present = new Set(await picturesIn(to));
  let copied = 0;
  for (const name of await picturesIn(from)) {
    if (present.has(name)) continue;
    await copyFile(join(from, name), join(to, name));
    copied += 1;
  }
  return copied;
}

/** The pictures the database names that the folder lacks. */
function missingPictures(databaseFile: string, pictures: string): string[] {
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('SELECT DISTINCT image_url AS url FROM questions WHERE image_url IS NOT NULL').all() as {
      url: string;
    }[];
    return rows.map((row) => row.url.split('/').pop() ?? '').filter((name) => !existsSync(join(pictures, name)));
  } finally {
    db.close();
  }
}

/**
 * Backs up the install into `destination`, a new or empty folder: the database first, then the
 * pictures (stored before any question names them, so every picture the copy names is there).
 */
export async function backupInstall(
  paths: { database: string; uploads: string },
  destination: string,
): Promise<{ pictures: number; missing: string[] }> {
  if (!existsSync(paths.database)) {
    throw new StartupError(
      `There is no database at ${paths.database} to back up: set DATABASE_PATH to the server's database file.`,
    );
  }
  if (existsSync(destination) && (await readdir(destination)).length > 0) {
    throw new StartupError(`${destination} is not empty: back up into a new folder.`);
  }
  await mkdir(destination, { recursive: true });
  const databaseCopy = join(destination, BACKUP_DATABASE);
  await backupDatabase(paths.database, databaseCopy);
  const pictures = await copyPictures(join(paths.uploads, PICTURES), join(destination, PICTURES));
  return { pictures, missing: missingPictures(databaseCopy, join(destination, PICTURES)) };
}

/**
 * Restores a backup folder into the install, with the server stopped: its database at DATABASE_PATH
 * (replacing one only when told to) and its pictures added to UPLOADS_DIR.
 */
export async function restoreInstall(
  source: string,
  paths: { database: string; uploads: string },
  options: { replace: boolean },
): Promise<{ pictures: number }> {
  const databaseCopy = join(source, BACKUP_DATABASE);
  if (!existsSync(databaseCopy)) {
    throw new StartupError(`${source} is not a Quiz Ladder backup: it has no ${BACKUP_DATABASE}.`);
  }
  if (existsSync(paths.database) && !options.replace) {
    throw new StartupError(
      `There is already a database at ${paths.database}: stop the server, then run restore again with --replace to overwrite it.`,
    );
  }
  // A log left beside the old database would be replayed into the restored one.
  for (const suffix of ['-wal', '-shm']) await rm(`${paths.database}${suffix}`, { force: true });
  await rm(paths.database, { force: true });
  await backupDatabase(databaseCopy, paths.database);
  const pictures = await copyPictures(join(source, PICTURES), join(paths.uploads, PICTURES));
  return { pictures };
}

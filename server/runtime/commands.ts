import { existsSync } from 'node:fs';
import { DEFAULT_DATABASE_PATH, DEFAULT_UPLOADS_DIR, resolveDataPath } from '../env';
import { StartupError } from './startup-error';

/**
 * `node dist/server.js backup <folder>`, `restore <folder> [--replace]`, `admin grant|revoke <email>`
 * and `pin remove <email>`: the self-hoster's commands beside the server (server/index.ts runs them).
 */
async function backup(destination: string | undefined) {
  if (!destination) {
    console.error('Usage: node dist/server.js backup <folder>');
    process.exit(2);
  }
  // Only the data paths matter here: a backup must work whatever the sign-in setup.
  const { backupInstall } = await import('./backup');
  const { pictures, missing } = await backupInstall(dataPaths(), destination);
  console.log(`Backed up ${dataPaths().database} and ${pictures} pictures to ${destination}`);
  if (missing.length > 0) console.error(`Pictures named by questions but not found: ${missing.join(', ')}`);
}

async function restore(source: string | undefined, flags: string[]) {
  if (!source || flags.some((flag) => flag !== '--replace')) {
    console.error('Usage: node dist/server.js restore <folder> [--replace]   (with the server stopped)');
    process.exit(2);
  }
  const { restoreInstall } = await import('./backup');
  const { pictures } = await restoreInstall(source, dataPaths(), { replace: flags.includes('--replace') });
  console.log(`Restored ${source} to ${dataPaths().database} with ${pictures} pictures. Start the server.`);
}

/** The database and uploads folder the server uses, resolved as the server resolves them, only those. */
function dataPaths(): { database: string; uploads: string } {
  return {
    database: databasePath(),
    uploads: resolveDataPath(process.env.UPLOADS_DIR?.trim() || DEFAULT_UPLOADS_DIR),
  };
}

/** The database the server uses: DATABASE_PATH, resolved as the server resolves it. */
function databasePath(): string {
  return resolveDataPath(process.env.DATABASE_PATH?.trim() || DEFAULT_DATABASE_PATH);
}

/**
 * `admin grant <email>` / `admin revoke <email>`: for self-hosters, beside ADMIN_EMAILS. Safe while
 * the server runs (SQLite's own locking; the server reads admin rights at every request).
 */
async function admin(action: string | undefined, email: string | undefined) {
  if ((action !== 'grant' && action !== 'revoke') || !email) {
    console.error('Usage: node dist/server.js admin grant <email> | admin revoke <email>');
    process.exit(2);
  }
  const db = await existingDatabase();
  const { setAdmin } = await import('../auth/users');
  try {
    if (!setAdmin(db, email, action === 'grant')) {
      throw new StartupError(
        `No account with the email ${email} has signed in yet: have them sign in once, then run this again.`,
      );
    }
  } finally {
    // No checkpoint here: the server's connection folds this write in with its own.
    db.$client.close();
  }
  console.log(action === 'grant' ? `${email} is now an admin.` : `${email} is no longer an admin.`);
}

/**
 * `pin remove <email>`: takes the parent PIN off an account, for a parent who forgot it where
 * Forgot PIN cannot help (README, "The parent lock"). Safe while the server runs, like `admin`.
 */
async function pin(action: string | undefined, email: string | undefined) {
  if (action !== 'remove' || !email) {
    console.error('Usage: node dist/server.js pin remove <email>');
    process.exit(2);
  }
  const db = await existingDatabase();
  try {
    const { removePinByEmail } = await import('../auth/parent-lock');
    if (!removePinByEmail(db, email)) {
      throw new StartupError(`No account with the email ${email} has signed in yet.`);
    }
  } finally {
    db.$client.close();
  }
  console.log(`The parent PIN of ${email} is removed: nothing is locked until a new one is set.`);
}

async function existingDatabase() {
  const path = databasePath();
  if (!existsSync(path))
    throw new StartupError(`There is no database at ${path}: set DATABASE_PATH to the server's database file.`);
  const { openDatabase } = await import('../db/database');
  return openDatabase(path);
}

export const USAGE =
  'Usage: node dist/server.js [serve | backup <folder> | restore <folder> [--replace] | admin grant <email> | admin revoke <email> | pin remove <email>]';

/** Runs a command other than `serve`; false when there is no such command. */
export async function runCommand(command: string, args: string[]): Promise<boolean> {
  if (command === 'backup') await backup(args[0]);
  else if (command === 'restore') await restore(args[0], args.slice(1));
  else if (command === 'admin') await admin(args[0], args[1]);
  else if (command === 'pin') await pin(args[0], args[1]);
  else return false;
  return true;
}

import { existsSync } from 'node:fs';
import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';
import { type Checkpointer, startCheckpointer } from './db/checkpointer';
import { ConfigError, DEFAULT_DATABASE_PATH, loadConfig, resolveDataPath } from './env';
import { SERVER_HEAP_LIMITS, SERVER_V8_FLAGS } from './heap-limits';
import type { MainThreadMessage, ServerThreadData, ServerThreadMessage } from './server-thread';
import { StartupError } from './startup-error';
import { workerScript } from './worker-script';

const USAGE = 'Usage: node dist/server.js [serve | backup <file> | admin grant <email> | admin revoke <email>]';
const EXIT_GRACE_MS = 15_000;

/**
 * `serve`: the server runs in a worker thread of this process, with the heap limits of
 * heap-limits.ts (V8 sizes a heap only when it starts; a worker's are set here, so the process
 * keeps its PID, its signals and its IPC channel under systemd, Docker, PM2 or `fork`, on any
 * platform). This thread forwards SIGTERM and SIGINT to it, exits with its exit code, and in the
 * meantime runs the WAL checkpoints (db/checkpointer.ts), which may block it and nothing else.
 */
async function serve() {
  const config = loadConfig();
  v8.setFlagsFromString(SERVER_V8_FLAGS.join(' '));
  const { file, execArgv } = workerScript(import.meta.dirname, 'server-thread');
  const thread = new Worker(file, {
    workerData: { config } satisfies ServerThreadData,
    execArgv,
    resourceLimits: SERVER_HEAP_LIMITS,
  });
  const tell = (message: MainThreadMessage) => thread.postMessage(message);
  let failure: string | null = null;
  let checkpointer: Checkpointer | null = null;
  thread.on('message', (message: ServerThreadMessage) => {
    if (message.type === 'failed') failure = message.message;
    else if (message.type === 'ready') {
      checkpointer = startCheckpointer(config.DATABASE_PATH, (problem) =>
        tell({ type: 'logError', message: `WAL checkpoint failed: ${problem}` }),
      );
    }
  });
  thread.on('error', (error: Error) => {
    failure = `Quiz Ladder stopped: ${error.message}`;
  });

  let signalled = false;
  const shutdown = () => {
    if (signalled) return;
    signalled = true;
    tell('shutdown');
    setTimeout(() => process.exit(1), EXIT_GRACE_MS).unref();
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  const code = await new Promise<number>((resolve) => thread.once('exit', resolve));
  (checkpointer as Checkpointer | null)?.stop();
  if (failure) console.error(failure);
  process.exit(failure ? 1 : code);
}

async function backup(destination: string | undefined) {
  if (!destination) {
    console.error('Usage: node dist/server.js backup <file>');
    process.exit(2);
  }
  // Only the database's path matters here: a backup must work whatever the sign-in setup.
  const source = databasePath();
  if (!existsSync(source)) {
    throw new StartupError(
      `There is no database at ${source} to back up: set DATABASE_PATH to the server's database file.`,
    );
  }
  const { backupDatabase } = await import('./db/database');
  await backupDatabase(source, destination);
  console.log(`Backed up ${source} to ${destination}`);
}

/** The database the server uses: DATABASE_PATH, resolved as the server resolves it, only that. */
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
  const path = databasePath();
  if (!existsSync(path))
    throw new StartupError(`There is no database at ${path}: set DATABASE_PATH to the server's database file.`);
  const { openDatabase } = await import('./db/database');
  const { setAdmin } = await import('./auth/users');
  const db = openDatabase(path);
  try {
    if (!setAdmin(db, email, action === 'grant')) {
      throw new StartupError(
        `No account with the email ${email} has signed in yet: have them sign in once, then run this again.`,
      );
    }
  } finally {
    // No checkpoint here: the server's own checkpointer folds this write in.
    db.$client.close();
  }
  console.log(action === 'grant' ? `${email} is now an admin.` : `${email} is no longer an admin.`);
}

/** `node dist/server.js [serve | backup <file> | admin ...]`: one clear sentence and exit 1 when it cannot. */
export async function run(args: string[]): Promise<void> {
  const [command, ...rest] = args;
  try {
    if (command === 'backup') await backup(rest[0]);
    else if (command === 'admin') await admin(rest[0], rest[1]);
    else if (command === undefined || command === 'serve') await serve();
    else {
      console.error(`Unknown command "${command}". ${USAGE}`);
      process.exit(2);
    }
  } catch (error) {
    if (error instanceof ConfigError || error instanceof StartupError) console.error(error.message);
    else console.error(`Quiz Ladder could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

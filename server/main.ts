import { join } from 'node:path';
import { buildApp, loggerOptions } from './app';
import { startCheckpointer } from './db/checkpointer';
import { backupDatabase, closeDatabase, openDatabase } from './db/database';
import { seedStarterBank } from './db/seed/seed';
import { DEFAULT_DATABASE_PATH, loadConfig } from './env';
import { startGameThread } from './services/game-thread';

const SHUTDOWN_GRACE_MS = 10_000;

async function serve() {
  const config = loadConfig();
  const db = openDatabase(config.DATABASE_PATH);
  const seeded = seedStarterBank(db);
  const app = await buildApp({
    config,
    db,
    publicDir: join(import.meta.dirname, 'public'),
    logger: { level: config.NODE_ENV === 'test' ? 'warn' : 'info', ...loggerOptions },
  });
  if (config.signInWarning) app.log.warn(config.signInWarning);
  if (config.signIn === 'local')
    app.log.info('Google sign-in is not configured: the sign-in button opens the local sign-in page.');
  if (seeded.questions > 0) app.log.info(seeded, 'starter question bank loaded');
  const checkpointer = startCheckpointer(db, config.DATABASE_PATH, (message) =>
    app.log.error({ message }, 'WAL checkpoint failed'),
  );
  const gameThread = startGameThread(db, config.DATABASE_PATH, (message) =>
    app.log.error({ message }, 'game thread failed; games run on the main thread'),
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const forced = setTimeout(() => {
      app.log.error('requests still in flight after 10 s; exiting anyway');
      closeDatabase(db);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    forced.unref();
    await app.close(); // stops accepting, lets requests in flight finish
    await gameThread.stop();
    await checkpointer.stop();
    closeDatabase(db); // checkpoints the WAL into the main file
    clearTimeout(forced);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
}

async function backup(destination: string | undefined) {
  if (!destination) {
    console.error('Usage: node dist/server.js backup <file>');
    process.exit(2);
  }
  // Only the database's path matters here: a backup must work whatever the sign-in setup.
  const source = process.env.DATABASE_PATH?.trim() || DEFAULT_DATABASE_PATH;
  await backupDatabase(source, destination);
  console.log(`Backed up ${source} to ${destination}`);
}

/** What `node dist/server.js [serve | backup <file>]` runs, once its V8 flags are in place (see index.ts). */
export async function run(command: string | undefined, args: string[]): Promise<void> {
  if (command === 'backup') await backup(args[0]);
  else if (command === undefined || command === 'serve') await serve();
  else {
    console.error(`Unknown command "${command}". Usage: node dist/server.js [serve | backup <file>]`);
    process.exit(2);
  }
}

import { existsSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { buildApp, loggerOptions } from './app';
import { closeDatabase, openReadConnection } from './db/database';
import { starterBank } from './db/seed/bank';
import { readBankPictures } from './db/seed/seed';
import type { Config } from './env';
import { renderBankPictures } from './images/bank-images';
import { createImageStore } from './images/image-store';
import { StartupError } from './startup-error';
import { startWriter, WriterStartError, type WriterThread } from './writer/writer';

export type RunningServer = { close(): Promise<void>; log: FastifyBaseLogger };

/**
 * The whole server on one database: the writer thread (which migrates and seeds), the read
 * connection and the HTTP app, listening on config.HOST:PORT. (WAL checkpoints are the main
 * thread's: see main.ts.)
 */
export async function startServer(
  config: Config,
  options: { publicDir: string | null; logger?: FastifyServerOptions['logger'] },
): Promise<RunningServer> {
  checkDatabasePath(config.DATABASE_PATH);
  const crashes: string[] = [];
  let log: (message: string) => void = (message) => crashes.push(message);

  let writerThread: WriterThread;
  try {
    writerThread = await startWriter(config.DATABASE_PATH, { seed: true, onCrash: (message) => log(message) });
  } catch (error) {
    if (error instanceof WriterStartError) {
      throw new StartupError(`Cannot open the database at ${config.DATABASE_PATH}: ${error.message}.`);
    }
    throw error;
  }
  const db = openReadConnection(config.DATABASE_PATH);
  const images = createImageStore(config.UPLOADS_DIR);
  renderBankPictures(images, readBankPictures(starterBank).values(), (error) => log(`bank picture: ${String(error)}`));

  const app = await buildApp({
    config,
    deps: { db, writer: writerThread.writer, images },
    publicDir: options.publicDir,
    logger: options.logger ?? { level: config.NODE_ENV === 'test' ? 'warn' : 'info', ...loggerOptions },
  });
  log = (message) => app.log.error({ message }, 'writer thread failed');
  for (const message of crashes) log(message);
  if (config.signInWarning) app.log.warn(config.signInWarning);
  if (config.signIn === 'local') {
    app.log.info('Google sign-in is not configured: the sign-in button opens the local sign-in page.');
  }
  const { added, updated, removed } = writerThread.seeded;
  if (added + updated + removed > 0) app.log.info(writerThread.seeded, 'starter question bank loaded');
  app.log.info({ database: config.DATABASE_PATH, uploads: config.UPLOADS_DIR }, 'data folders');

  async function closeData() {
    await writerThread.stop(); // finishes queued writes, checkpoints the WAL into the main file
    closeDatabase(db);
  }

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    await app.close();
    await closeData();
    throw listenProblem(error, config) ?? error;
  }

  return {
    log: app.log,
    async close() {
      await app.close(); // stops accepting, lets requests in flight finish
      await closeData();
    },
  };
}

/** What a self-hoster most often gets wrong about DATABASE_PATH, said before SQLite says it less clearly. */
function checkDatabasePath(path: string) {
  if (existsSync(path) && statSync(path).isDirectory()) {
    throw new StartupError(`DATABASE_PATH ${path} is a directory: point it at a file, such as ${path}/quiz-ladder.db.`);
  }
  const folder = dirname(path);
  if (existsSync(folder) && !statSync(folder).isDirectory()) {
    throw new StartupError(`Cannot create the database at ${path}: ${folder} is a file, not a folder.`);
  }
}

function listenProblem(error: unknown, config: Config): StartupError | null {
  const code = (error as { code?: string }).code;
  const where = `port ${config.PORT} on ${config.HOST}`;
  if (code === 'EADDRINUSE') {
    return new StartupError(
      `Cannot listen on ${where}: it is already in use. Stop what uses it, or set PORT to a free port.`,
    );
  }
  if (code === 'EACCES') {
    return new StartupError(`Not allowed to listen on ${where}: use a PORT above 1023, or a reverse proxy in front.`);
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    return new StartupError(`Cannot listen on ${where}: HOST is not an address of this machine.`);
  }
  return null;
}

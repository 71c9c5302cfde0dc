import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildApp, loggerOptions } from '../app';
import { purgeExpiredSessions, SESSION_COOKIE } from '../auth/session';
import { readBankPictures } from '../bank/bank';
import { renderBankPictures } from '../bank/bank-images';
import { seedStarterBank } from '../bank/seed';
import { closeDatabase, type Db, openDatabase, openReadConnection } from '../db/database';
import { type Config, loadConfig } from '../env';
import { reachableAt } from '../http/own-addresses';
import { createImageStore } from '../images/image-store';
import { installPath } from '../install-dir';
import { ensureSearchIndex } from '../services/question-search';
import { createSpeechService, DEFAULT_SPEECH_LIMITS } from '../speech/speech-service';
import { StartupError } from './startup-error';
import { startWriter } from './writer-client';

/** How long requests in flight may take to finish once SIGTERM or SIGINT asks the server to stop. */
const SHUTDOWN_GRACE_MS = 10_000;
const SESSION_PURGE_MS = 60 * 60 * 1000;

/**
 * `node dist/server.js` (`serve`): the whole server, one process (bench/README.md says why,
 * measured against one thread and three). At start this thread migrates the database and loads the
 * starter bank; then it serves HTTP and reads through a read-only connection, while the writes run
 * on the writer thread (writer-client.ts), which starts with the first write and rests when nobody
 * plays. It runs until SIGTERM or SIGINT, which let requests in flight finish (exit 0), or end them
 * after SHUTDOWN_GRACE_MS (exit 1).
 */
export async function serve(): Promise<void> {
  const config = loadConfig();
  prepareDatabase(config.DATABASE_PATH);
  const db = openReadConnection(config.DATABASE_PATH);
  const images = createImageStore(config.UPLOADS_DIR);
  // The clip cache is read (and trimmed to its size) from now, while the rest starts.
  const speech = createSpeechService(config, join(config.UPLOADS_DIR, 'speech'), {
    ...DEFAULT_SPEECH_LIMITS,
    cacheBytes: config.SPEECH_CACHE_MB * 1024 * 1024,
    dailyBytesPerAccount: config.SPEECH_DAILY_MB * 1024 * 1024,
  });
  let log = (message: string) => console.error(message);
  const writerThread = startWriter(config.DATABASE_PATH, {
    onCrash: (message) => {
      log(`${message}; stopping`);
      process.exit(1);
    },
  });
  const app = await buildApp({
    config,
    deps: { db, writer: writerThread.writer, images, speech },
    publicDir: installPath('dist', 'public'),
    logger: { level: config.LOG_LEVEL ?? (config.NODE_ENV === 'test' ? 'warn' : 'info'), ...loggerOptions },
  });
  log = (message) => app.log.error(message);
  // A signed-in visitor is about to play: the writer (~100 ms to start) gets ready meanwhile.
  // (`ql_session=` is also the end of the https name, `__Host-ql_session=`: request-auth.ts.)
  app.addHook('onRequest', async (request) => {
    if (request.headers.cookie?.includes(`${SESSION_COOKIE}=`)) writerThread.wake();
  });
  if (config.signInWarning) app.log.warn(config.signInWarning);
  if (config.signIn === 'local') {
    app.log.info('Google sign-in is not configured: the sign-in button opens the local sign-in page.');
  }
  app.log.info({ database: config.DATABASE_PATH, uploads: config.UPLOADS_DIR }, 'data folders');

  // Expired sessions go once an hour (they are refused when read meanwhile).
  const purge = setInterval(() => {
    writerThread.writer
      .purgeExpiredSessions()
      .catch((error: unknown) => app.log.warn({ err: error }, 'purging expired sessions failed'));
  }, SESSION_PURGE_MS);
  purge.unref();
  async function closeAll() {
    clearInterval(purge);
    await app.close(); // stops accepting, lets requests in flight finish
    await writerThread.stop(); // finishes queued writes, checkpoints the WAL into the database file
    closeDatabase(db);
  }
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    await closeAll();
    throw listenProblem(error, config) ?? error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  app.log.info(
    `Quiz Ladder answers at ${reachableAt({ publicUrl: config.PUBLIC_URL, host: config.HOST, port }).join(', ')}`,
  );
  const { ready } = renderBankPictures(images, readBankPictures().values(), (error) =>
    app.log.error({ err: error }, 'rendering a bank picture failed'),
  );
  void ready.then((rendered) => rendered > 0 && app.log.info({ rendered }, 'bank pictures rendered'));

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    app.log.info('shutting down');
    setTimeout(() => {
      app.log.error('requests still in flight after 10 s; exiting anyway');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    await closeAll();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/**
 * The database migrated, its starter bank (or a newer version of it) loaded and searchable, and
 * its expired sessions gone, on a connection of this start-up's own, closed before serving.
 */
function prepareDatabase(path: string) {
  checkDatabasePath(path);
  let db: Db;
  try {
    db = openDatabase(path);
  } catch (error) {
    throw new StartupError(`Cannot open the database at ${path}: ${(error as Error).message}.`);
  }
  try {
    ensureSearchIndex(db); // first: on a new database there is nothing to index yet
    seedStarterBank(db); // which indexes what it adds
    purgeExpiredSessions(db);
  } finally {
    closeDatabase(db);
  }
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

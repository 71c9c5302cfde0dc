/**
 * The one-thread server, as a self-hoster would start it (`node one-thread-server.mjs`, configured
 * by the environment like dist/server.js): the simplest runtime, one thread and one connection that
 * reads and writes, measured beside today's two threads (bench/README.md).
 */
import { buildApp, loggerOptions } from '../server/app';
import { closeDatabase, openDatabase } from '../server/db/database';
import { seedStarterBank } from '../server/bank/seed';
import { loadConfig } from '../server/env';
import { createImageStore } from '../server/images/image-store';
import { ensureSearchIndex } from '../server/services/question-search';
import { inProcessWriter } from '../server/writer';

const config = loadConfig();
const db = openDatabase(config.DATABASE_PATH);
seedStarterBank(db);
ensureSearchIndex(db);
const app = await buildApp({
  config,
  deps: { db, writer: inProcessWriter(db), images: createImageStore(config.UPLOADS_DIR) },
  publicDir: null,
  logger: { level: config.LOG_LEVEL ?? 'warn', ...loggerOptions },
});
await app.listen({ port: config.PORT, host: config.HOST });
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    await app.close();
    closeDatabase(db);
    process.exit(0);
  });
}

/**
 * The one-thread server, as a self-hoster would start it (`node one-thread-server.mjs`, configured
 * by the environment like dist/server.js): the simplest runtime, one thread and one connection that
 * reads and writes, measured beside today's two threads (bench/README.md).
 */
import { restartWithMemoryTuning } from '../server/runtime/memory';

restartWithMemoryTuning();
const { buildApp, loggerOptions } = await import('../server/app');
const { closeDatabase, openDatabase } = await import('../server/db/database');
const { seedStarterBank } = await import('../server/bank/seed');
const { loadConfig } = await import('../server/env');
const { createImageStore } = await import('../server/images/image-store');
const { ensureSearchIndex } = await import('../server/services/question-search');
const { inProcessWriter } = await import('../server/writer');

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

/**
 * The server under load, in its own process so the load generator does not share its event loop:
 * the real app (logger off, API only, WAL checkpoints and game services on threads of their own as in dist/server.js) on 127.0.0.1 and a free port, plus one bench-only route,
 * POST /bench/bare, answering a precomputed JSON body that the parent sets over IPC.
 *
 * bench/run.ts bundles it as dist/server.js is bundled and forks `node <bundle> <database file>`.
 * Messages to the parent: { type: 'listening', port }. From the parent: { type: 'bare', body },
 * answered { type: 'bare-set', bytes }; { type: 'stop' } closes the app and the database.
 */
import { buildApp, LOCAL_ONLY_CONFIG } from '../server/app';
import { startCheckpointer } from '../server/db/checkpointer';
import { closeDatabase, openDatabase } from '../server/db/database';
import { startGameThread } from '../server/services/game-thread';

export type ChildMessage = { type: 'listening'; port: number } | { type: 'bare-set'; bytes: number };
export type ParentMessage = { type: 'bare'; body: string } | { type: 'stop' };

const databasePath = process.argv[2];
if (!databasePath || !process.send) {
  console.error('Usage: node <bundle of bench/server-child.ts> <database file> (forked with an IPC channel)');
  process.exit(2);
}
const send = (message: ChildMessage) => process.send?.(message);

const db = openDatabase(databasePath);
const checkpointer = startCheckpointer(db, databasePath, (message) => console.error(`checkpoint failed: ${message}`));
const gameThread = startGameThread(db, databasePath, (message) => console.error(`game thread failed: ${message}`));
const app = await buildApp({
  db,
  config: LOCAL_ONLY_CONFIG,
  publicDir: null,
  logger: false,
  // The bench signs in a handful of accounts at once; the limit itself is not what is measured.
  signInRateLimit: 1000,
});

let bareBody = '{}';
app.post('/bench/bare', async (_request, reply) => reply.type('application/json; charset=utf-8').send(bareBody));

await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no TCP address');

process.on('message', async (message: ParentMessage) => {
  if (message.type === 'bare') {
    bareBody = message.body;
    send({ type: 'bare-set', bytes: Buffer.byteLength(bareBody) });
  } else if (message.type === 'stop') {
    // The load is over: drop whatever connections the load generators left open.
    app.server.closeAllConnections();
    await app.close();
    await gameThread.stop();
    await checkpointer.stop();
    closeDatabase(db);
    process.exit(0);
  }
});
// The parent going away must not leave a server behind.
process.on('disconnect', () => process.exit(0));

send({ type: 'listening', port: address.port });

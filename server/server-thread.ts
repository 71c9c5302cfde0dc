/**
 * The server thread: the HTTP server and everything under it (see main.ts for why it is a
 * thread). It tells the main thread `{ type: 'ready' }` once it listens (the database exists and
 * is migrated), `{ type: 'failed', message }` when it cannot start, and logs what the main thread
 * asks it to; it stops cleanly on 'shutdown' (exit code 0; 1 when requests were still in flight
 * after the grace).
 */
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { Config } from './env';
import { type RunningServer, startServer } from './serve';
import { StartupError } from './startup-error';

export type ServerThreadData = { config: Config };
export type ServerThreadMessage = { type: 'ready' } | { type: 'failed'; message: string };
export type MainThreadMessage = 'shutdown' | { type: 'logError'; message: string };

const SHUTDOWN_GRACE_MS = 10_000;

const port = parentPort;
if (!port) throw new Error('server-thread runs as a worker thread');
const { config } = workerData as ServerThreadData;

let server: RunningServer;
try {
  server = await startServer(config, { publicDir: join(import.meta.dirname, 'public') });
} catch (error) {
  const message =
    error instanceof StartupError
      ? error.message
      : `Quiz Ladder could not start: ${error instanceof Error ? error.message : String(error)}`;
  port.postMessage({ type: 'failed', message } satisfies ServerThreadMessage);
  process.exit(1);
}

port.postMessage({ type: 'ready' } satisfies ServerThreadMessage);

port.on('message', async (message: MainThreadMessage) => {
  if (message !== 'shutdown') {
    server.log.error(message.message);
    return;
  }
  server.log.info('shutting down');
  setTimeout(() => {
    server.log.error('requests still in flight after 10 s; exiting anyway');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
  await server.close();
  process.exit(0);
});

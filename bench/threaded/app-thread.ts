/** The three-thread runtime's app thread (see main.ts): today's two-thread server, inside a worker with heap limits. */
import { parentPort, workerData } from 'node:worker_threads';
import { closeDatabase, openReadConnection } from '../../server/db/database';
import { serve } from '../../server/runtime/serve';
import { startWriter } from '../../server/runtime/writer-client';
import { type ParentMessage, serveBenchApp } from '../bench-app';
import type { AppThreadData, AppThreadMessage } from './main';

const port = parentPort;
if (!port) throw new Error('app-thread runs as a worker thread');
const data = workerData as AppThreadData;
const send = (message: AppThreadMessage) => port.postMessage(message);

if (data.mode === 'bench') {
  const writerThread = startWriter(data.databasePath, {
    onCrash: (message) => {
      send({ type: 'failed', message });
      process.exit(1);
    },
  });
  const db = openReadConnection(data.databasePath);
  await serveBenchApp({
    db,
    writer: writerThread.writer,
    send,
    onMessage: (handler: (message: ParentMessage) => void) => port.on('message', handler),
    close: async () => {
      await writerThread.stop();
      closeDatabase(db);
    },
  });
} else {
  try {
    await serve();
    send({ type: 'ready', databasePath: process.env.DATABASE_PATH ?? '' });
  } catch (error) {
    send({ type: 'failed', message: `could not start: ${(error as Error).message}` });
    process.exit(1);
  }
}

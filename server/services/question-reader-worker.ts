/**
 * The question reader's thread (see question-reader.ts): its own read-only connection, answering
 * each { id, request, lang } with the selected rows or an error message.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabaseReadOnly } from '../db/database';
import type { ReaderReply, ReaderRequest } from './question-reader';
import { selectQuestions } from './question-rows';

const port = parentPort;
if (!port) throw new Error('question-reader-worker runs as a worker thread');

const db = openDatabaseReadOnly((workerData as { path: string }).path);

port.on('message', (message: ReaderRequest | 'stop') => {
  if (message === 'stop') {
    db.$client.close();
    port.close();
    return;
  }
  let reply: ReaderReply;
  try {
    reply = { id: message.id, rows: selectQuestions(db, message.request, message.lang) };
  } catch (error) {
    reply = { id: message.id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});

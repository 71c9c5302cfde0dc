import { Worker } from 'node:worker_threads';
import { workerScript } from '../worker-script';
import type { CheckpointerData, CheckpointerMessage } from './checkpointer-thread';
import { WAL_SIZE_LIMIT_BYTES } from './database';

/** How often the checkpointer folds the WAL back into the database file. */
export const CHECKPOINT_INTERVAL_MS = 250;
const RESTART_DELAY_MS = 1000;

export type Checkpointer = { stop(): Promise<void> };

/**
 * Moves WAL checkpoints off the writer's commits. SQLite's automatic checkpoint runs inside
 * whichever commit pushes the WAL past 1,000 pages and fsyncs the WAL and the database file
 * (tens of milliseconds on a shared virtual disk, bench/README.md); the writer turns it off and
 * this thread checkpoints every `intervalMs` instead. Should the thread die, `onError` hears why
 * and another starts a second later.
 */
export function startCheckpointer(
  path: string,
  onError: (message: string) => void,
  options: { intervalMs?: number; walLimitBytes?: number } = {},
): Checkpointer {
  const data: CheckpointerData = {
    path,
    intervalMs: options.intervalMs ?? CHECKPOINT_INTERVAL_MS,
    walLimitBytes: options.walLimitBytes ?? WAL_SIZE_LIMIT_BYTES,
  };
  let stopping = false;
  let worker: Worker;
  let exited: Promise<void>;

  function start() {
    const { file, execArgv } = workerScript(import.meta.dirname, 'checkpointer-thread');
    worker = new Worker(file, { workerData: data, execArgv, resourceLimits: { maxOldGenerationSizeMb: 16 } });
    worker.on('message', (message: CheckpointerMessage) => onError(message.message));
    worker.on('error', (error: Error) => onError(error.message));
    exited = new Promise((resolve) => {
      worker.once('exit', () => {
        resolve();
        if (!stopping) setTimeout(() => stopping || start(), RESTART_DELAY_MS).unref();
      });
    });
  }
  start();

  return {
    stop() {
      stopping = true;
      worker.postMessage('stop');
      return exited;
    },
  };
}

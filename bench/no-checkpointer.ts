/**
 * server/runtime/checkpointer.ts's interface with no checkpointer behind it: the bench builds its
 * `no-checkpointer` runtime with this module in that one's place (runtimes.ts), so the writer
 * checkpoints on its own connection as SQLite does by default (every 1,000 pages of log).
 */
import type { Db } from '../server/db/database';
import type { Checkpointer } from '../server/runtime/checkpointer';
import type { ThreadScript } from '../server/runtime/writer-messages';

export function startCheckpointer(_db: Db, _path: string, _script: ThreadScript): Checkpointer {
  return { stop: async () => undefined };
}

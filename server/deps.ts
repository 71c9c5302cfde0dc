import type { QuestionGenerator } from './ai/question-generator';
import type { Db } from './db/database';
import type { ImageStore } from './images/image-store';
import type { GameLimiter } from './rate-limits';
import type { ShowRuntime } from './show/runtime';
import type { SpeechService } from './speech/speech-service';
import type { Writer } from './writer';

/**
 * What every request's work stands on, whatever carries it (tRPC, the REST routes, images, AI):
 * the database to read, the writer, the rate limits, the question images, the AI service (null
 * when none is configured), the server's speech (null: none, as in most tests) and the family
 * shows' live part (timers, streams: server/show/runtime.ts).
 */
export type ServerDeps = {
  db: Db;
  writer: Writer;
  limiter: GameLimiter;
  images: ImageStore;
  generator: QuestionGenerator | null;
  speech: SpeechService | null;
  shows: ShowRuntime;
};

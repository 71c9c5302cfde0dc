import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Language } from '#shared/i18n.ts';
import { QUESTIONS_PER_GAME } from '#shared/ladder.ts';
import enSpeech from '#shared/locales/en/speech.json' with { type: 'json' };
import viSpeech from '#shared/locales/vi/speech.json' with { type: 'json' };
import {
  SPOKEN_LINES,
  type SpeechStrings,
  type SpokenLine,
  speechStringsOf,
  spokenLine,
} from '#shared/spoken-lines.ts';
import type { CookieSecurity } from '../auth/request-auth';
import type { Db } from '../db/database';
import type { ServerDeps } from '../deps';
import { DomainError, invalid, notFound } from '../errors';
import { gameById, gameState } from '../game/game-views';
import { sendError, signedIn } from '../http/rest';
import { showQuestionLine } from '../show/speech';
import { decodeOggOpus } from './ogg-opus';
import { writeWav } from './pcm';
import type { SpeechService } from './speech-service';

type Options = { deps: ServerDeps; security: CookieSecurity };

const STRINGS: Record<Language, SpeechStrings> = { en: speechStringsOf(enSpeech), vi: speechStringsOf(viSpeech) };

const speechQuery = z.object({
  /** A game's line, or (showId) a family show's question for its TV: one of the two. */
  gameId: z.string().min(1).max(64).optional(),
  showId: z.uuid().optional(),
  line: z.enum(SPOKEN_LINES),
  /** Which question a 'question' line is for (shared/spoken-lines.ts, spokenLine). */
  at: z.coerce
    .number()
    .int()
    .min(0)
    .max(QUESTIONS_PER_GAME - 1)
    .optional(),
  /** `wav` from a browser that plays no Opus (Safari): the kept Ogg Opus clip is sent as WAV. */
  format: z.enum(['wav']).optional(),
});

/** A line of one of the account's games (NOT_FOUND for another account's); null when it has none now. */
function gameLine(db: Db, userId: string, gameId: string, line: SpokenLine, at: number | undefined) {
  const game = gameById(db, userId, gameId);
  if (game.status === 'interrupted') return null;
  // The last pick is read only for the line that speaks it.
  const lastPick = line === 'result' ? gameState(db, userId, gameId).lastPick : null;
  return spokenLine(line, { ...game, lastPick }, STRINGS, at);
}

/** Sentences read as one clip, each ending in a stop (a pause) unless it has its own. */
const asOneText = (sentences: string[]) => sentences.map((s) => (/[.?!:…]$/.test(s) ? s : `${s}.`)).join(' ');

/**
 * Speech made by the server, for a device with no voice for the game's language: a line of one
 * of the player's games (the question on screen, the last pick's result, the end, a lifeline's)
 * or the question of a family show on its host's TV (server/show/speech.ts),
 * composed here from the game the server holds (shared/spoken-lines.ts), never from a text sent.
 * Signed-in players only, another account's game NOT_FOUND, rate-limited like the game; new clips
 * within the machine's means and each account's daily budget (speech-service.ts), refused with a
 * 503 or 429 the page takes quietly.
 */
export async function speechRoutes(app: FastifyInstance, options: Options) {
  const { deps } = options;

  app.get('/api/speech/available', async (request, reply) => {
    if (!(await signedIn(options, request, reply))) return reply;
    return { available: (await deps.speech?.available()) ?? false };
  });

  app.get('/api/speech', async (request, reply) => {
    const auth = await signedIn(options, request, reply);
    if (!auth) return reply;
    const query = speechQuery.safeParse(request.query);
    if (!query.success) return sendError(reply, query.error);
    const { gameId, showId, line, at, format } = query.data;
    let text: string;
    let lang: Language;
    try {
      if ((gameId === undefined) === (showId === undefined)) throw invalid('errors:invalidInput');
      await deps.limiter.consume('GET /api/speech', auth.user.id);
      const spoken = showId
        ? line === 'question'
          ? showQuestionLine(deps.db, auth.user.id, showId, STRINGS, at)
          : null
        : gameLine(deps.db, auth.user.id, gameId as string, line, at);
      if (!spoken) throw notFound('errors:speech.noLine');
      text = asOneText(spoken.sentences);
      lang = spoken.lang;
      if (!(await deps.speech?.available())) throw new DomainError('SERVICE_UNAVAILABLE', 'errors:speech.unavailable');
    } catch (error) {
      return sendError(reply, error);
    }
    try {
      const clip = await (deps.speech as SpeechService).clip(text, lang, auth.user.id);
      if (format === 'wav' && clip.type === 'audio/ogg') {
        return reply.type('audio/wav').send(writeWav(await decodeOggOpus(clip.bytes)));
      }
      return reply.type(clip.type).send(clip.bytes);
    } catch (error) {
      // Busy, or the account's day of new clips spent: said, with when to try again.
      if (error instanceof DomainError) return sendError(reply, error);
      // A failing service never stops a game: the page shows its note and plays on.
      request.log.warn({ err: error }, 'speech failed');
      return sendError(reply, new DomainError('SERVICE_UNAVAILABLE', 'errors:speech.failed'));
    }
  });
}

import { z } from 'zod';
import { GAME_ID_V7 } from '../game-id';
import { LANGUAGES } from '../i18n';
import { QUESTIONS_PER_GAME } from '../ladder';
import { LIFELINES } from '../lifelines';

/** Spec §7: a category id (a JSON number) or 'random'; nothing else is read as one (not "5", true or ["5"]). */
export const categoryChoice = z.union(
  [z.literal('random'), z.number().int().positive('errors:category.invalidChoice')],
  {
    error: 'errors:category.invalidChoice',
  },
);
export type CategoryChoice = z.infer<typeof categoryChoice>;

export const language = z.enum(LANGUAGES);

export const startGameInput = z.object({
  profileId: z.uuid(),
  categoryId: categoryChoice,
  lang: language,
  /**
   * The id the game is to have, made by the client for this start (shared/game-id.ts): sent again
   * after a lost reply, it returns the game the first one made instead of starting another.
   */
  gameId: z.string().regex(GAME_ID_V7).optional(),
});

export const gameIdInput = z.object({ gameId: z.uuid() });
/** A game in a language (the one the interface switched to mid-game). */
export const gameViewInput = z.object({ gameId: z.uuid(), lang: language.optional() });

export const answerInput = z.object({
  gameId: z.uuid(),
  position: z
    .number()
    .int()
    .min(0)
    .max(QUESTIONS_PER_GAME - 1),
  answerIndex: z.number().int().min(0).max(3),
});

/** A lifeline, on the question awaiting a pick (its position, so that a stale tab cannot use it on another). */
export const lifelineInput = z.object({
  gameId: z.uuid(),
  position: answerInput.shape.position,
  lifeline: z.enum(LIFELINES),
});

export const currentGameInput = z.object({ profileId: z.uuid() });

/** Body of POST /api/start-game (spec §7); profileId is our addition to choose the age category. */
export const startGameBody = z.object({
  categoryId: categoryChoice,
  lang: language,
  profileId: z.uuid().optional(),
});

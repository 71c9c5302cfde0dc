import { z } from 'zod';

/** Where a list of a profile's games goes on from: the last game listed (when it started, its row). */
export const gameCursor = z.object({ playedAt: z.number().int().min(0), row: z.number().int().min(1) });
export type GameCursor = z.infer<typeof gameCursor>;

/** The family page's "Show more": a profile's games older than the cursor. */
export const familyGamesInput = z.object({ profileId: z.uuid(), cursor: gameCursor });

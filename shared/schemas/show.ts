import { z } from 'zod';
import { AGE_CATEGORIES } from '../age';
import { AVATARS, DEFAULT_AVATAR } from '../avatars';
import { QUESTIONS_PER_GAME } from '../ladder';
import { isRoomCode, normalizeRoomCode, SHOW_AGE_CHOICES, SHOW_QUESTION_COUNTS } from '../show';
import { categoryChoice, language } from './game';
import { visibleName } from './name';
import { PROFILE_NAME_MAX, profileMessages } from './profile';

/** The family show's inputs (server/trpc/routers/show.ts); messages are i18n keys of the `errors` namespace. */

export const showMessages = {
  questionCount: 'errors:show.questionCount',
  ageGroup: 'errors:show.ageGroupRequired',
  code: 'errors:show.codeInvalid',
  guestName: 'errors:show.nameRequired',
} as const;

const questionCount = z.union(
  SHOW_QUESTION_COUNTS.map((n) => z.literal(n)),
  { error: showMessages.questionCount },
);
const ageChoice = z.enum(SHOW_AGE_CHOICES, showMessages.ageGroup);

export const createShowInput = z.object({
  categoryId: categoryChoice,
  questionCount,
  lang: language,
  ageGroup: ageChoice.default('auto'),
});

export const showIdInput = z.object({ showId: z.uuid() });

/** Changes to the settings while the room is open (any left out stay). */
export const configureShowInput = z.object({
  showId: z.uuid(),
  categoryId: categoryChoice.optional(),
  questionCount: questionCount.optional(),
  lang: language.optional(),
  ageGroup: ageChoice.optional(),
});

const position = z
  .number()
  .int()
  .min(0)
  .max(QUESTIONS_PER_GAME - 1);

/**
 * The host's Next, naming the question it moves on from: pressed twice (a double press, a
 * resent request) it moves on once.
 */
export const nextQuestionInput = z.object({ showId: z.uuid(), position });

export const removePlayerInput = z.object({ showId: z.uuid(), playerId: z.uuid() });

/** A room code as typed: six digits, spaces and dashes allowed between them. */
export const roomCode = z
  .string(showMessages.code)
  .max(20, showMessages.code)
  .transform(normalizeRoomCode)
  .refine(isRoomCode, showMessages.code);

export const lookupShowInput = z.object({ code: roomCode });

/** A guest (no account): a name by the profile name rules, an age group, an avatar. */
export const guestInput = z.object({
  name: visibleName({ max: PROFILE_NAME_MAX, required: showMessages.guestName, tooLong: profileMessages.nameTooLong }),
  ageGroup: z.enum(AGE_CATEGORIES, showMessages.ageGroup),
  avatar: z.enum(AVATARS, profileMessages.invalidAvatar).default(DEFAULT_AVATAR),
});

/** Join as one of the host account's profiles (a phone signed into it), or as a guest. */
export const joinShowInput = z.object({
  code: roomCode,
  as: z.union([z.object({ profileId: z.uuid() }), z.object({ guest: guestInput })]),
});

export const answerShowInput = z.object({ position, answerIndex: z.number().int().min(0).max(3) });

/** tRPC adds the last event id it saw when a stream reconnects (tracked() ids). */
const lastEventId = z.string().max(64).nullish();

export const watchHostInput = z.object({ showId: z.uuid(), lastEventId });
export const watchPlayerInput = z.object({ lastEventId }).default({});

export type CreateShowInput = z.output<typeof createShowInput>;
export type ConfigureShowInput = z.output<typeof configureShowInput>;
export type JoinShowInput = z.output<typeof joinShowInput>;
export type GuestInput = z.output<typeof guestInput>;
export type AnswerShowInput = z.output<typeof answerShowInput>;

import { AGE_CATEGORIES, type AgeCategory } from './age';
import { PRIZE_LADDER } from './ladder';

/**
 * The family show's rules (issue 26): the TV asks, every phone answers. Pure functions, one home
 * for each rule; the server applies them, the client shows them (docs/decisions/family-show.md).
 */

/** lobby: players join → question: answers open until the deadline → reveal → … → podium. */
export const SHOW_STATUSES = ['lobby', 'question', 'reveal', 'podium'] as const;
export type ShowStatus = (typeof SHOW_STATUSES)[number];

export const SHOW_QUESTION_COUNTS = [5, 10, 15] as const;
export type ShowQuestionCount = (typeof SHOW_QUESTION_COUNTS)[number];

/** A family, grandparents and cousins; a TV's worth of names. */
export const MAX_SHOW_PLAYERS = 12;

export const ROOM_CODE_LENGTH = 6;
/** How many room codes there are: guessing one of the few live ones is rate-limited (server/rate-limits.ts). */
export const ROOM_CODES = 10 ** ROOM_CODE_LENGTH;
const ROOM_CODE = /^\d{6}$/;

/** Six digits, leading zeros kept ("004217"). */
export function isRoomCode(text: string): boolean {
  return ROOM_CODE.test(text);
}

/** The code of a number in [0, ROOM_CODES). */
export function roomCodeOf(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n >= ROOM_CODES) throw new RangeError(`Not a room code number: ${n}`);
  return String(n).padStart(ROOM_CODE_LENGTH, '0');
}

/** What a phone types, as a code: spaces and dashes dropped ("004 217", "004-217"). */
export function normalizeRoomCode(typed: string): string {
  return typed.replace(/[\s-]/g, '');
}

/** A question's countdown: longer when a child plays, who reads more slowly. */
export const COUNTDOWN_MS = 20_000;
export const KIDS_COUNTDOWN_MS = 30_000;

export function countdownMs(playerAgeGroups: readonly AgeCategory[]): number {
  return playerAgeGroups.includes('Kids') ? KIDS_COUNTDOWN_MS : COUNTDOWN_MS;
}

/** The host's choice of age group: a group, or 'auto', the youngest joined player's. */
export const SHOW_AGE_CHOICES = ['auto', ...AGE_CATEGORIES] as const;
export type ShowAgeChoice = (typeof SHOW_AGE_CHOICES)[number];

/** The youngest of these age groups; null for none. */
export function youngestAgeGroup(groups: readonly AgeCategory[]): AgeCategory | null {
  for (const group of AGE_CATEGORIES) if (groups.includes(group)) return group;
  return null;
}

/** The age group the show's questions are for; null while 'auto' has nobody to go by. */
export function showAgeGroup(choice: ShowAgeChoice, playerAgeGroups: readonly AgeCategory[]): AgeCategory | null {
  return choice === 'auto' ? youngestAgeGroup(playerAgeGroups) : choice;
}

/**
 * The family ladder of a show of `count` questions: the game's 15 amounts (100 → 1,000,000)
 * spread evenly, from the first rung to the top, so every show climbs to the million.
 */
export function showLadder(count: number): number[] {
  if (!Number.isInteger(count) || count < 1 || count > PRIZE_LADDER.length) {
    throw new RangeError(`No ladder of ${count} questions`);
  }
  const top = PRIZE_LADDER.length - 1;
  if (count === 1) return [PRIZE_LADDER[top] as number];
  return Array.from({ length: count }, (_, i) => PRIZE_LADDER[Math.round((i * top) / (count - 1))] as number);
}

/** The amount shown beside question `position` of a show of `count` questions. */
export function amountAt(count: number, position: number): number {
  const amount = showLadder(count)[position];
  if (amount === undefined) throw new RangeError(`No question ${position} in a show of ${count}`);
  return amount;
}

/**
 * The scoring rule, shown before the start: each right answer climbs one rung of the family
 * ladder, whatever the question (so a child's easy right answer counts as much as a hard one),
 * and a player's score is the amount of the rung reached. Ties go to the quicker total time
 * taken over the right answers.
 */
export function scoreOf(count: number, correctCount: number): number {
  return correctCount === 0 ? 0 : amountAt(count, Math.min(correctCount, count) - 1);
}

export type StandingInput = {
  playerId: string;
  correctCount: number;
  /** Total time taken over the player's right answers. */
  rightAnswerMs: number;
};
export type Standing = { playerId: string; place: number };

/**
 * Players best first: more right answers, then quicker over them. Equal on both share a place
 * (1, 2, 2, 4), listed in the order given (the order they joined).
 */
export function rankPlayers(players: readonly StandingInput[]): Standing[] {
  const order = players
    .map((player, index) => ({ player, index }))
    .sort(
      (a, b) =>
        b.player.correctCount - a.player.correctCount ||
        a.player.rightAnswerMs - b.player.rightAnswerMs ||
        a.index - b.index,
    );
  const standings: Standing[] = [];
  order.forEach(({ player }, i) => {
    const before = order[i - 1]?.player;
    const tied = before && before.correctCount === player.correctCount && before.rightAnswerMs === player.rightAnswerMs;
    standings.push({ playerId: player.playerId, place: tied ? (standings[i - 1] as Standing).place : i + 1 });
  });
  return standings;
}

/** A show whose host has had no screen open this long ends (its results kept). */
export const HOST_AWAY_END_MS = 10 * 60 * 1000;
/** A phone gone this long no longer holds a question open for the others (it can still come back). */
export const PLAYER_AWAY_MS = 2 * 60 * 1000;
/** The podium stays this long for the TV and the phones, then the show and its guests are deleted. */
export const PODIUM_KEEP_MS = 5 * 60 * 1000;

export type DueAction = { action: 'reveal' | 'end' | 'close'; at: number };

/**
 * What a show's timer does next, and when: a question is revealed at its deadline, a podium
 * closed PODIUM_KEEP_MS after the end, and a live show whose host has been away since
 * `hostAwaySince` (null: the host is there) ended HOST_AWAY_END_MS later: whichever comes first.
 */
export function dueAction(
  show: { status: ShowStatus; deadline: number | null; endedAt: number | null },
  hostAwaySince: number | null,
): DueAction | null {
  if (show.status === 'podium') return { action: 'close', at: (show.endedAt ?? 0) + PODIUM_KEEP_MS };
  const end: DueAction | null = hostAwaySince === null ? null : { action: 'end', at: hostAwaySince + HOST_AWAY_END_MS };
  const reveal: DueAction | null =
    show.status === 'question' && show.deadline !== null ? { action: 'reveal', at: show.deadline } : null;
  if (!end) return reveal;
  if (!reveal) return end;
  return reveal.at <= end.at ? reveal : end;
}

/** Whether every player still around has answered: the question is then revealed before its deadline. */
export function everyoneAnswered(
  eligible: readonly { playerId: string; answered: boolean; around: boolean }[],
): boolean {
  return eligible.every((player) => player.answered || !player.around);
}

/** A tap made just before the deadline may arrive just after it: still counted (its time capped at the countdown). */
export const ANSWER_GRACE_MS = 1000;

import type { AgeCategory } from './age';
import type { Avatar } from './avatars';
import type { Language } from './i18n';
import type { ShowAgeChoice, ShowStatus, Standing } from './show';

/**
 * What the family show's screens are sent (docs/decisions/family-show.md): each event of a
 * subscription is the viewer's whole snapshot, the TV's (HostView) or one phone's (PlayerView).
 * Declared once, here; the server builds them (server/show/views.ts), the client reads them.
 */

export type ShowSettings = {
  categoryId: number | 'random';
  /** Asked for; the show has fewer when the category has fewer questions (HostView.questionCount). */
  questionCount: number;
  lang: Language;
  ageGroup: ShowAgeChoice;
};

/** A question as the screens show it: never its right answer before the reveal. */
export type ShowQuestion = {
  position: number;
  /** Its rung on the family ladder (shared/show.ts, amountAt). */
  amount: number;
  lang: Language;
  question: string;
  answers: string[];
  imageUrl: string | null;
  countdownMs: number;
  /** When answers close, in the server's clock (epoch ms): compare with the view's serverNow. */
  deadline: number;
};

/** The reveal of the question on screen, once answers have closed. */
export type ShowReveal = {
  correctIndex: number;
  /** How many picked each answer. */
  counts: number[];
};

export type ShowScore = { correctCount: number; amount: number };

export type HostPlayer = {
  playerId: string;
  name: string;
  avatar: Avatar;
  ageGroup: AgeCategory;
  guest: boolean;
  /** A screen of the player's is open now (an event stream: presence is in memory). */
  connected: boolean;
  /** In the current question (players who join mid-show come in at the next one). */
  playing: boolean;
  /** Has answered the current question (not what: that waits for the reveal). */
  answered: boolean;
  /** At the reveal: right or not; null before, or when not playing. */
  right: boolean | null;
  score: ShowScore;
};

export type HostView = {
  kind: 'host';
  showId: string;
  /** Null once the show is over (the code is free for another show). */
  code: string | null;
  status: ShowStatus;
  settings: ShowSettings;
  /** The age group the questions are (or will be) for; null while 'auto' has no player yet. */
  ageGroup: AgeCategory | null;
  /** The questions the show has (once started; before, the number asked for). */
  questionCount: number;
  /** The ladder's amounts for this show (shared/show.ts, showLadder). */
  ladder: number[];
  /** The question on screen (0-based), -1 in the lobby. */
  position: number;
  question: ShowQuestion | null;
  reveal: ShowReveal | null;
  /** Players in the order they joined. */
  players: HostPlayer[];
  /** Best first (shared/show.ts, rankPlayers): the podium, and the scores at each reveal. */
  standings: Standing[];
  /** The server's clock when this was sent, for the countdown. */
  serverNow: number;
};

export type PlayerView = {
  kind: 'player';
  showId: string;
  playerId: string;
  name: string;
  avatar: Avatar;
  status: ShowStatus;
  questionCount: number;
  position: number;
  /** Whether this player is in the current question (false: joined during it, in at the next). */
  playing: boolean;
  /** The question on screen, with its four answers (read on the phone too); null in the lobby and at the podium. */
  question: ShowQuestion | null;
  /** This player's answer to it, once given (locked: a second tap changes nothing). */
  myAnswer: number | null;
  /** At the reveal: the right answer and whether this player had it. */
  reveal: { correctIndex: number; right: boolean | null } | null;
  score: ShowScore;
  /** This player's place among `players` (at each reveal and the podium); null before the first reveal. */
  place: number | null;
  players: number;
  serverNow: number;
};

/** The last event of a phone's stream: its player is no longer in the show. */
export type PlayerGone = { kind: 'gone'; reason: 'removed' | 'closed' };
/** The last event of the TV's stream: the show was closed (after its podium, or by the host). */
export type ShowClosed = { kind: 'closed' };

export type HostEvent = HostView | ShowClosed;
export type PlayerEvent = PlayerView | PlayerGone;

/** What a phone learns from a room code before joining (show.lookup). */
export type ShowLookup = {
  status: ShowStatus;
  lang: Language;
  players: number;
  full: boolean;
  /**
   * The host account's profiles, for a phone signed into that account (each joinable once: a
   * profile already in comes back as the same player); null for any other phone (it joins as a guest).
   */
  profiles: { profileId: string; name: string; avatar: Avatar; age: number; joined: boolean }[] | null;
};

/** A phone's player (show.join, show.me); the join token itself travels only in its httpOnly cookie. */
export type JoinedShow = { showId: string; playerId: string };

import { formatAmount } from './format';
import type { GameStatus } from './game-status';
import type { Language } from './i18n';
import { isMillionaire, prizeAt } from './ladder';
import { ASK_THE_FAMILY_SECONDS, type UsedLifelines } from './lifelines';

/**
 * What a game says aloud, line by line: the same lines whether a device's voice reads them or the
 * server speaks them (GET /api/speech, for a device with no voice for the game's language). The
 * server speaks only these, composed from the game it holds, never a text from a request.
 */
export const SPOKEN_LINES = ['question', 'result', 'end', 'audience', 'family', 'timeUp'] as const;
export type SpokenLine = (typeof SPOKEN_LINES)[number];

export const ANSWER_LETTERS = ['A', 'B', 'C', 'D'] as const;

/** The speech strings of one language (shared/locales/<lang>/speech.json), with their {{placeholders}} filled. */
export type SpeechStrings = (key: SpeechKey, params?: Record<string, string | number>) => string;
export type SpeechKey =
  | 'question'
  | 'correct'
  | 'wrong'
  | 'walkAway'
  | 'walkAwayNothing'
  | 'millionaire'
  | 'audience'
  | 'family'
  | 'timeUp';

/** What a line needs to know of the game: its language, the question on screen, the last pick, the end. */
export type SpokenGame = {
  lang: Language;
  status: GameStatus;
  position: number;
  winnings: number;
  questions: { lang: Language; question: string; answers: string[] }[];
  lifelines: UsedLifelines;
  lastPick: { position: number; correct: boolean; correctAnswerIndex: number | null } | null;
};

/** A line as it is read: its language and its sentences, in order. Null when the game has no such line now. */
export type Spoken = { lang: Language; sentences: string[] };

/** A question's announcement: its number and the amount it is played for. */
export function questionAnnouncement(
  t: SpeechStrings,
  lang: Language,
  position: number,
  amount: number = prizeAt(position),
): string {
  return t('question', { number: position + 1, amount: formatAmount(amount, lang) });
}

/**
 * The announcement, the question and each answer with its letter, for the question at `position`,
 * played for `amount` (a game's ladder by default; a family show's is its own: shared/show.ts).
 */
export function questionLine(
  t: SpeechStrings,
  question: SpokenGame['questions'][number],
  position: number,
  amount: number = prizeAt(position),
): Spoken {
  return {
    lang: question.lang,
    sentences: [
      questionAnnouncement(t, question.lang, position, amount),
      question.question,
      ...question.answers.map((answer, i) => `${ANSWER_LETTERS[i]}. ${answer}`),
    ],
  };
}

/** The result of a pick: "Correct!", or the right answer's letter and text. */
export function resultLine(
  t: SpeechStrings,
  question: SpokenGame['questions'][number],
  correctIndex: number,
  correct: boolean,
): Spoken {
  if (correct) return { lang: question.lang, sentences: [t('correct')] };
  return {
    lang: question.lang,
    sentences: [t('wrong', { letter: ANSWER_LETTERS[correctIndex] ?? '' }), question.answers[correctIndex] ?? ''],
  };
}

/** The end: the millionaire's line, or what the player walks away with. */
export function endLine(t: SpeechStrings, lang: Language, winnings: number): Spoken {
  const sentence = isMillionaire(winnings)
    ? t('millionaire')
    : winnings > 0
      ? t('walkAway', { amount: formatAmount(winnings, lang) })
      : t('walkAwayNothing');
  return { lang, sentences: [sentence] };
}

/** Ask the audience's poll: each answer left with its share. */
export function audienceLine(t: SpeechStrings, lang: Language, poll: readonly number[]): Spoken {
  return {
    lang,
    sentences: [
      t('audience'),
      ...poll.flatMap((percent, i) => (percent > 0 ? [`${ANSWER_LETTERS[i]}: ${percent}%`] : [])),
    ],
  };
}

/**
 * A line of a game as the server holds it, for GET /api/speech; null when the game has none now.
 * `at` names the question a 'question' line is for: one the game has shown (a request sent as a
 * quick pick moved the game on, or ended it, still gets its line), never one still to come. Without
 * it, the question on screen of a game being played.
 */
export function spokenLine(
  line: SpokenLine,
  game: SpokenGame,
  strings: Record<Language, SpeechStrings>,
  at?: number,
): Spoken | null {
  const question = game.questions[game.position];
  const t = strings[question?.lang ?? game.lang];
  switch (line) {
    case 'question': {
      if (at === undefined)
        return game.status === 'playing' && question ? questionLine(t, question, game.position) : null;
      const shown = at <= game.position ? game.questions[at] : undefined;
      return shown ? questionLine(strings[shown.lang], shown, at) : null;
    }
    case 'result': {
      const pick = game.lastPick;
      const picked = pick && game.questions[pick.position];
      if (!pick || !picked || pick.correctAnswerIndex === null) return null;
      return resultLine(strings[picked.lang], picked, pick.correctAnswerIndex, pick.correct);
    }
    case 'end':
      return game.status === 'playing' ? null : endLine(strings[game.lang], game.lang, game.winnings);
    case 'audience': {
      const audience = game.lifelines.audience;
      return audience ? audienceLine(strings[game.lang], game.lang, audience.poll) : null;
    }
    case 'family':
      return game.lifelines.family
        ? { lang: game.lang, sentences: [strings[game.lang]('family', { seconds: ASK_THE_FAMILY_SECONDS })] }
        : null;
    case 'timeUp':
      return game.lifelines.family ? { lang: game.lang, sentences: [strings[game.lang]('timeUp')] } : null;
  }
}

/** Speech strings from a language's speech.json: its {{placeholders}} filled from `params`. */
export function speechStringsOf(messages: Record<SpeechKey, string>): SpeechStrings {
  return (key, params = {}) =>
    messages[key].replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => String(params[name] ?? placeholder));
}

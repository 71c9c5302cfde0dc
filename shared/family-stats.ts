/**
 * How a child is doing, from the games it played (the family page; /pre-game's bars): its answers
 * counted under each question's own category and difficulty, so that a Random game's questions
 * count where they belong, and where it is right least often once there are enough answers to say.
 */

/** One question of a game as its row records it (server/db/schema.ts, ServedQuestion). */
export type PlayedQuestion = { questionId: number; answerOrder: number[]; pickedIndex: number | null };

/** What an answer is judged by: the question as it is stored now. */
export type QuestionFacts = { categoryId: number; difficulty: number; correctAnswerIndex: number };

export type Tally = { answered: number; right: number };

/** A tally of one category or difficulty, with its share answered right (0 to 1). */
export type Judged<K> = Tally & { key: K; rate: number };

/**
 * Answers a child needs in a category or at a difficulty before the family page says anything of
 * it: fewer are luck. Lower than a question's own bar (MIN_ANSWERS_TO_JUDGE, many players at
 * once): one child gives a category a dozen answers in one of its games, and a parent should hear
 * of a trend within a month of play, not a year.
 */
export const CHILD_ANSWERS_TO_TELL = 20;

/** How many categories "right least often" names at most. */
export const HARDEST_SHOWN = 3;

/**
 * Whether a pick was the right answer: shown answer k is stored answer answerOrder[k] (a game and a
 * show record their picks alike).
 */
export const isRightPick = (played: PlayedQuestion, facts: QuestionFacts) =>
  played.pickedIndex !== null && played.answerOrder[played.pickedIndex] === facts.correctAnswerIndex;

function add<K>(tallies: Map<K, Tally>, key: K, right: boolean) {
  const tally = tallies.get(key) ?? { answered: 0, right: 0 };
  tally.answered += 1;
  if (right) tally.right += 1;
  tallies.set(key, tally);
}

/**
 * Every answer given in `games` (a question shown but never picked is no answer), by the category
 * and the difficulty of its question. A question deleted since counts nowhere: nothing says where
 * it belonged.
 */
export function tallyAnswers(games: Iterable<PlayedQuestion[]>, facts: ReadonlyMap<number, QuestionFacts>) {
  const byCategory = new Map<number, Tally>();
  const byDifficulty = new Map<number, Tally>();
  for (const game of games) {
    for (const played of game) {
      const question = facts.get(played.questionId);
      if (played.pickedIndex === null || !question) continue;
      const right = isRightPick(played, question);
      add(byCategory, question.categoryId, right);
      add(byDifficulty, question.difficulty, right);
    }
  }
  return { byCategory, byDifficulty };
}

/** The question ids the games asked, each once: what tallyAnswers needs the facts of. */
export function questionIdsOf(games: Iterable<PlayedQuestion[]>): number[] {
  const ids = new Set<number>();
  for (const game of games) for (const played of game) if (played.pickedIndex !== null) ids.add(played.questionId);
  return [...ids];
}

/**
 * The tallies with enough answers to tell (CHILD_ANSWERS_TO_TELL), right least often first; on a
 * tie, the one answered more (the surer). Fewer answers than that say nothing yet.
 */
export function rightLeastOften<K>(tallies: ReadonlyMap<K, Tally>, minAnswers = CHILD_ANSWERS_TO_TELL): Judged<K>[] {
  return [...tallies]
    .filter(([, tally]) => tally.answered >= minAnswers)
    .map(([key, tally]) => ({ key, ...tally, rate: tally.right / tally.answered }))
    .sort((a, b) => a.rate - b.rate || b.answered - a.answered);
}

import { describe, expect, it } from 'vitest';
import {
  CHILD_ANSWERS_TO_TELL,
  isRightPick,
  type PlayedQuestion,
  questionIdsOf,
  rightLeastOften,
  tallyAnswers,
} from './family-stats';

/** Question `id` served with its answers in `order`, the shown answer `picked` chosen (null: never answered). */
const served = (questionId: number, picked: number | null, answerOrder = [2, 0, 3, 1]): PlayedQuestion => ({
  questionId,
  answerOrder,
  pickedIndex: picked,
});

// Question 1 (Animals, easy) and 2 (Space, hard): stored answer 3 is right, shown at index 2.
const facts = new Map([
  [1, { categoryId: 10, difficulty: 1, correctAnswerIndex: 3 }],
  [2, { categoryId: 20, difficulty: 3, correctAnswerIndex: 3 }],
  [3, { categoryId: 20, difficulty: 1, correctAnswerIndex: 0 }],
]);

describe('a child’s answers, by the questions’ own categories', () => {
  it('judges a pick through the order its answers were shown in', () => {
    expect(isRightPick(served(1, 2), facts.get(1)!)).toBe(true);
    expect(isRightPick(served(1, 3), facts.get(1)!)).toBe(false);
    expect(isRightPick(served(1, null), facts.get(1)!)).toBe(false);
  });

  it('counts each answer under its question’s category and difficulty, whatever the game was', () => {
    // A Random game across two categories, then a Space game: a right pick, a wrong one, one never answered.
    const games = [
      [served(1, 2), served(2, 2), served(3, 1)],
      [served(2, 0), served(3, null)],
    ];
    const { byCategory, byDifficulty } = tallyAnswers(games, facts);
    expect(byCategory).toEqual(
      new Map([
        [10, { answered: 1, right: 1 }],
        [20, { answered: 3, right: 2 }],
      ]),
    );
    expect(byDifficulty).toEqual(
      new Map([
        [1, { answered: 2, right: 2 }],
        [3, { answered: 2, right: 1 }],
      ]),
    );
    expect(questionIdsOf(games).sort()).toEqual([1, 2, 3]);
  });

  it('leaves out a question deleted since: nothing says where it belonged', () => {
    const { byCategory } = tallyAnswers([[served(99, 2), served(1, 2)]], facts);
    expect(byCategory).toEqual(new Map([[10, { answered: 1, right: 1 }]]));
  });
});

describe('right least often', () => {
  it('judges only with enough answers, the lowest share first, the surer first on a tie', () => {
    const enough = CHILD_ANSWERS_TO_TELL;
    const tallies = new Map([
      ['Maths', { answered: enough, right: enough / 2 }],
      ['Music', { answered: enough - 1, right: 0 }],
      ['Space', { answered: enough * 2, right: enough }],
      ['Animals', { answered: enough, right: enough - 3 }],
    ]);
    expect(rightLeastOften(tallies).map((judged) => [judged.key, judged.rate])).toEqual([
      ['Space', 0.5],
      ['Maths', 0.5],
      ['Animals', (enough - 3) / enough],
    ]);
    expect(rightLeastOften(new Map([['Music', { answered: enough - 1, right: 0 }]]))).toEqual([]);
  });
});

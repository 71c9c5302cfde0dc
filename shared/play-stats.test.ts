import { describe, expect, it } from 'vitest';
import { MIN_ANSWERS_TO_JUDGE, playedDifficulty, suggestedDifficulty } from './play-stats';

describe('what play says of a difficulty', () => {
  it('says nothing before enough answers', () => {
    expect(playedDifficulty(MIN_ANSWERS_TO_JUDGE - 1, MIN_ANSWERS_TO_JUDGE - 1)).toBeNull();
    expect(suggestedDifficulty(3, 29, 29)).toBeNull();
  });

  it('reads the share answered right: 80 % and more easy, 50 % and more medium, less hard', () => {
    expect(playedDifficulty(100, 80)).toBe(1);
    expect(playedDifficulty(100, 79)).toBe(2);
    expect(playedDifficulty(100, 50)).toBe(2);
    expect(playedDifficulty(100, 49)).toBe(3);
  });

  it('flags a tag play contradicts, as the issue’s “hard” answered right 90 % of the time over 30 plays', () => {
    expect(suggestedDifficulty(3, 30, 27)).toBe(1);
    expect(suggestedDifficulty(1, 40, 10)).toBe(3);
    expect(suggestedDifficulty(2, 40, 24)).toBeNull();
  });
});

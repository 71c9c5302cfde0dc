import { describe, expect, it } from 'vitest';
import { type ShowResult, showsTogether } from './family-shows';

const result = (profileId: string, playedAt: number, overrides: Partial<ShowResult> = {}): ShowResult => ({
  profileId,
  playedAt,
  lang: 'en',
  categoryId: null,
  correctCount: 3,
  questionCount: 10,
  winnings: 3000,
  standing: null,
  ...overrides,
});

describe('shows played together', () => {
  it('gathers the results of one show, newest show first, the best placed first', () => {
    const shows = showsTogether(
      [
        result('an', 1000, { standing: { place: 3, players: 4 }, correctCount: 2 }),
        result('binh', 1000, { standing: { place: 1, players: 4 }, correctCount: 7 }),
        result('an', 5000, { lang: 'vi', categoryId: 7 }),
        result('chi', 1000, { standing: { place: 2, players: 4 }, correctCount: 5 }),
      ],
      10,
    );
    expect(shows.map((show) => [show.playedAt, show.lang, show.categoryId, show.players])).toEqual([
      [5000, 'vi', 7, null],
      [1000, 'en', null, 4],
    ]);
    expect(shows[1]?.results.map((r) => r.profileId)).toEqual(['binh', 'chi', 'an']);
  });

  it('keeps apart two shows of the same moment in other languages or categories, and keeps the newest few', () => {
    const shows = showsTogether(
      [result('an', 1000), result('binh', 1000, { lang: 'vi' }), result('chi', 1000, { categoryId: 2 })],
      2,
    );
    expect(shows).toHaveLength(2);
    expect(
      showsTogether(
        [result('an', 1000, { correctCount: 1 }), result('binh', 1000, { correctCount: 4 })],
        5,
      )[0]?.results.map((r) => r.profileId),
    ).toEqual(['binh', 'an']);
  });
});

import { type ShowResult, type ShowTogether, showsTogether } from '#shared/family-shows.ts';
import type { Language } from '#shared/i18n.ts';
import type { Db } from '../db/database';
import { preparedQueries } from '../db/prepared';
import { type CategoryName, categoryNames } from './profile-history';

/** Shows the family page lists. */
export const SHOWS_SHOWN = 5;

type ShowRow = Omit<ShowResult, 'profileId' | 'standing' | 'playedAt'> & { playedAt: number };

/**
 * A profile's family-show results, newest first, through games_profile_idx (query-plans.test.ts):
 * a family show records one `games` row of status 'show' per profile player, with its place.
 */
const showQueries = preparedQueries((db) => ({
  results: db.$client.prepare<[string, number], ShowRow & { place: number | null; players: number | null }>(
    `SELECT created_at AS playedAt, lang, category_id AS categoryId, correct_count AS correctCount,
            question_count AS questionCount, winnings, show_place AS place, show_players AS players
     FROM games WHERE profile_id = ? AND status = 'show' ORDER BY created_at DESC LIMIT ?`,
  ),
}));

export type FamilyShow = Omit<ShowTogether, 'playedAt' | 'categoryId'> & {
  playedAt: Date;
  category: CategoryName | null;
};

/** The last shows the account's players were in, newest first, each with every one of them in it. */
export function familyShows(db: Db, profileIds: readonly string[]): FamilyShow[] {
  const { results } = showQueries(db);
  const rows = profileIds.flatMap((profileId) =>
    results.all(profileId, SHOWS_SHOWN).map(
      ({ place, players, lang, ...row }): ShowResult => ({
        ...row,
        lang: lang as Language,
        profileId,
        standing: place !== null && players !== null ? { place, players } : null,
      }),
    ),
  );
  const shows = showsTogether(rows, SHOWS_SHOWN);
  const names = categoryNames(
    db,
    shows.flatMap((show) => (show.categoryId === null ? [] : [show.categoryId])),
  );
  return shows.map(({ playedAt, categoryId, ...show }) => ({
    ...show,
    playedAt: new Date(playedAt),
    category: (categoryId !== null && names.get(categoryId)) || null,
  }));
}

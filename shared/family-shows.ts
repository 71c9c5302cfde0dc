import type { Language } from './i18n';

/**
 * The family shows a family's players were in together, for the family page: a show leaves one
 * result a profile player (a `games` row of status 'show', server/show/results.ts, written at the
 * same moment for all of them), so the results of one show are the ones of the same moment,
 * language and category.
 */

/** One profile's result in a show, as its history keeps it. */
export type ShowResult = {
  profileId: string;
  playedAt: number;
  lang: Language;
  categoryId: number | null;
  correctCount: number;
  questionCount: number;
  winnings: number;
  /** Its place, and how many played (guests too); null when the show did not rank it. */
  standing: { place: number; players: number } | null;
};

export type ShowTogether = {
  playedAt: number;
  lang: Language;
  categoryId: number | null;
  /** How many played, guests too; null when not known. */
  players: number | null;
  /** The family's players in it, the best placed (or the most right) first. */
  results: Omit<ShowResult, 'playedAt' | 'lang' | 'categoryId'>[];
};

const showKey = (result: ShowResult) => `${result.playedAt}/${result.lang}/${result.categoryId ?? 'random'}`;

/** The shows these results come from, newest first, at most `limit` of them. */
export function showsTogether(results: Iterable<ShowResult>, limit: number): ShowTogether[] {
  const shows = new Map<string, ShowTogether>();
  for (const { playedAt, lang, categoryId, ...result } of results) {
    const key = showKey({ playedAt, lang, categoryId, ...result });
    const show = shows.get(key) ?? { playedAt, lang, categoryId, players: null, results: [] };
    show.players = result.standing?.players ?? show.players;
    show.results.push(result);
    shows.set(key, show);
  }
  const byPlace = (a: ShowTogether['results'][number], b: ShowTogether['results'][number]) =>
    (a.standing?.place ?? Number.MAX_SAFE_INTEGER) - (b.standing?.place ?? Number.MAX_SAFE_INTEGER) ||
    b.correctCount - a.correctCount;
  return [...shows.values()]
    .sort((a, b) => b.playedAt - a.playedAt)
    .slice(0, limit)
    .map((show) => ({ ...show, results: show.results.sort(byPlace) }));
}

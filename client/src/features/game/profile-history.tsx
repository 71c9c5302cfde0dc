import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { type RouterOutputs, trpc } from '../../lib/trpc';

type History = RouterOutputs['profiles']['history'];
type Named = { nameEn: string; nameVi: string } | null;

/** Under /pre-game's totals: the profile's last games and its right answers by category, as bars. */
export function ProfileHistory({ profileId }: { profileId: string }) {
  const { t } = useTranslation('game');
  const history = trpc.profiles.history.useQuery({ profileId }, { staleTime: 0 });
  if (!history.data || history.data.recent.length === 0) return null;
  return (
    <>
      <RecentGames games={history.data.recent} />
      <section aria-labelledby="by-category-title">
        <h2 id="by-category-title" className="section-title">
          {t('history.byCategory')}
        </h2>
        <CategoryBars tallies={history.data.byCategory} />
      </section>
    </>
  );
}

function useCategoryName() {
  const { t } = useTranslation('game');
  return (category: Named) =>
    category ? (currentLanguage() === 'vi' ? category.nameVi : category.nameEn) : t('preGame.random');
}

function RecentGames({ games }: { games: History['recent'] }) {
  const { t } = useTranslation('game');
  const language = currentLanguage();
  const nameOf = useCategoryName();
  const date = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short' });
  return (
    <section aria-labelledby="recent-title">
      <h2 id="recent-title" className="section-title">
        {t('history.recent')}
      </h2>
      <table className="recent-games">
        <thead>
          <tr>
            <th scope="col">{t('history.date')}</th>
            <th scope="col">{t('history.category')}</th>
            <th scope="col">{t('history.reached')}</th>
            <th scope="col">{t('history.winnings')}</th>
          </tr>
        </thead>
        <tbody>
          {games.map((game) => (
            <tr key={game.gameId} data-status={game.status}>
              <td>{date.format(new Date(game.playedAt))}</td>
              <td>{game.show ? `${t('history.show')} · ${nameOf(game.category)}` : nameOf(game.category)}</td>
              <td>
                {game.show
                  ? t('history.showPlace', { place: game.show.place, players: game.show.players })
                  : game.status === 'won'
                    ? t('history.won')
                    : t('history.correctOf', { count: game.correctCount, total: game.questionCount })}
              </td>
              <td className="amount">{formatAmount(game.winnings, language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * One bar per category, as long as its right answers (the longest full), the number at its end: a
 * Random game's questions count under their own categories (server/services/profile-history.ts).
 */
function CategoryBars({ tallies }: { tallies: History['byCategory'] }) {
  const { t } = useTranslation('game');
  const nameOf = useCategoryName();
  const most = Math.max(1, ...tallies.map((tally) => tally.right));
  return (
    <ul className="category-bars">
      {tallies.map((tally) => {
        const name = nameOf(tally.category);
        return (
          <li key={name} aria-label={t('history.categoryTally', { name, count: tally.right })}>
            <span className="category-bar-name" aria-hidden="true">
              {name}
            </span>
            <span className="category-bar" aria-hidden="true">
              <span style={{ width: `${(tally.right / most) * 100}%` }} />
            </span>
            <span className="category-bar-count" aria-hidden="true">
              {tally.right}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

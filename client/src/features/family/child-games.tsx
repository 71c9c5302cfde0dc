import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../../lib/errors';
import { focusWhenReady, scriptFocusable } from '../../lib/focus';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { useFamilyFormat } from './use-family-format';

type Page = RouterOutputs['family']['games'];
type Game = Page['games'][number];

/** A child's games, newest first: when (this device's date and time), language, category, how far, won. */
export function ChildGames({
  profileId,
  firstPage,
  nextCursor,
}: {
  profileId: string;
  firstPage: Game[];
  nextCursor: Page['nextCursor'];
}) {
  const { t } = useTranslation(['family', 'errors']);
  const utils = trpc.useUtils();
  const [more, setMore] = useState<{ games: Game[]; nextCursor: Page['nextCursor'] } | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const cursor = more ? more.nextCursor : nextCursor;
  const listRef = useRef<HTMLOListElement>(null);

  async function showMore() {
    if (!cursor) return;
    setLoading(true);
    setFailed(null);
    try {
      const page = await utils.family.games.fetch({ profileId, cursor });
      const first = page.games[0];
      setMore((shown) => ({ games: [...(shown?.games ?? []), ...page.games], nextCursor: page.nextCursor }));
      // The first of the games just shown takes the focus: the keyboard and a reader go on from there.
      if (first)
        focusWhenReady(() =>
          scriptFocusable(listRef.current?.querySelector<HTMLElement>(`[data-game="${first.gameId}"]`) ?? null),
        );
    } catch (error) {
      setFailed(errorKeyOf(error, 'family:games.moreFailed'));
    } finally {
      setLoading(false);
    }
  }

  return (
    <section className="family-games">
      <h3 className="section-title">{t('games.title')}</h3>
      <ol className="family-game-list" ref={listRef}>
        {[...firstPage, ...(more?.games ?? [])].map((game) => (
          <GameRow key={game.gameId} game={game} />
        ))}
      </ol>
      {failed && (
        <p className="form-error" role="alert">
          {t(failed)}
        </p>
      )}
      {cursor && (
        <button type="button" className="button" onClick={() => void showMore()} disabled={loading}>
          {loading ? t('games.loadingMore') : t('games.more')}
        </button>
      )}
    </section>
  );
}

function GameRow({ game }: { game: Game }) {
  const { t } = useTranslation(['family', 'common']);
  const format = useFamilyFormat();
  const right = { count: game.correctCount, total: game.questionCount };
  const result = game.show
    ? `${t('together.place', { ...game.show })} · ${t('games.reached', right)}`
    : game.status === 'won'
      ? t('games.wonAll')
      : t(game.status === 'abandoned' ? 'games.walkedAway' : 'games.reached', right);
  return (
    <li className="family-game" data-status={game.status} data-game={game.gameId}>
      <time className="family-game-when" dateTime={new Date(game.playedAt).toISOString()}>
        {format.dateTime(game.playedAt)}
      </time>
      <span className="family-game-amount">{t('games.winnings', { amount: format.amount(game.winnings) })}</span>
      <span className="family-game-what">
        {game.status === 'show' && `${t('games.show')} · `}
        {game.category ? format.nameOf(game.category) : t('games.random')}
        {' · '}
        <span lang={game.lang}>{t(`common:languages.${game.lang}`)}</span>
      </span>
      <span className="family-game-result">{result}</span>
    </li>
  );
}

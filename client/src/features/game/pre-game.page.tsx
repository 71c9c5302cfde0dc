import './game-strings';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { newGameId } from '#shared/game-id.ts';
import { Avatar } from '../../components/avatar';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Header } from '../../components/header';
import { Loading } from '../../components/loading';
import { useSession } from '../../components/use-session';
import { paths } from '../../config/paths';
import { errorKeyOf } from '../../lib/errors';
import { formatAmount } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { keep, readKept } from '../../lib/kept';
import { preloadPage } from '../../lib/lazy-page';
import { usePageTitle } from '../../lib/page-title';
import { unlockSpeech } from '../../lib/speech/speech';
import { trpc } from '../../lib/trpc';
import { type GameNavigationState, RANDOM_CATEGORY } from './navigation';
import { ProfileHistory } from './profile-history';

/** Where a profile's last chosen category is kept in this browser. */
const choiceKey = (profileId: string) => `ql:category:${profileId}`;

/** Spec §2 /pre-game: lifetime stats, a category and Start New Game. */
export default function PreGamePage() {
  const { t } = useTranslation(['game', 'errors']);
  const language = currentLanguage();
  const [, navigate] = useLocation();
  const { activeProfile } = useSession();
  const categories = trpc.categories.list.useQuery();
  const shortOnes = trpc.categories.short.useQuery();
  const unfinished = trpc.game.current.useQuery(
    { profileId: activeProfile?.id ?? '' },
    { enabled: Boolean(activeProfile), staleTime: 0 },
  );
  // The category chosen last time on this device, kept per profile: a child plays on where they were.
  const [chosenCategory, setChosenCategory] = useState<string>(
    () => (activeProfile && readKept(choiceKey(activeProfile.id))) || RANDOM_CATEGORY,
  );
  /** Start New Game with a game unfinished asks first: one stray tap must not end it. */
  const [confirmingNew, setConfirmingNew] = useState(false);
  // The game screen's code, fetched while the family chooses: Start works even if the network drops now.
  useEffect(() => {
    void preloadPage(paths.game);
  }, []);
  const selectId = useId();
  usePageTitle('preGame');

  const sorted = useMemo(() => {
    const collator = new Intl.Collator(language);
    const nameOf = (c: { name_en: string; name_vi: string }) => (language === 'vi' ? c.name_vi : c.name_en);
    return [...(categories.data ?? [])].sort((a, b) => collator.compare(nameOf(a), nameOf(b)));
  }, [categories.data, language]);

  if (!activeProfile) return <Loading />;
  // One that is gone since (deleted by an admin) is Random again.
  const categoryId = sorted.some((category) => String(category.id) === chosenCategory)
    ? chosenCategory
    : RANDOM_CATEGORY;
  /** The chosen category when it has fewer questions than a game. */
  const short = shortOnes.data?.find((category) => String(category.id) === categoryId);
  const setCategoryId = (value: string) => {
    setChosenCategory(value);
    keep(choiceKey(activeProfile.id), value);
  };
  // A game an admin's deletion interrupted is not one to continue: a new start ends it.
  const inProgress = unfinished.data && unfinished.data.status !== 'interrupted' ? unfinished.data : null;

  function start() {
    unlockSpeech();
    const state: GameNavigationState = {
      categoryId: categoryId === RANDOM_CATEGORY ? RANDOM_CATEGORY : Number(categoryId),
      gameId: newGameId(),
    };
    navigate(paths.game, { state });
  }

  const stats = [
    { label: t('preGame.gamesPlayed'), value: formatAmount(activeProfile.totalGamesPlayed, language), key: 'games' },
    { label: t('preGame.moneyEarned'), value: formatAmount(activeProfile.totalMoneyEarned, language), key: 'money' },
    {
      label: t('preGame.correctAnswers'),
      value: formatAmount(activeProfile.totalCorrectAnswers, language),
      key: 'correct',
    },
  ];

  return (
    <>
      <Header />
      <main className="page page-narrow" id="main">
        <div className="card pre-game">
          <div className="pre-game-heading">
            <Avatar avatar={activeProfile.avatar} size={72} />
            <h1>{t('preGame.title', { name: activeProfile.name })}</h1>
          </div>
          <label className="field" htmlFor={selectId}>
            <span>{t('preGame.category')}</span>
          </label>
          <select id={selectId} name="category" value={categoryId} onChange={(e) => setCategoryId(e.target.value)}>
            <option value={RANDOM_CATEGORY}>{t('preGame.random')}</option>
            {sorted.map((category) => (
              <option key={category.id} value={String(category.id)}>
                {language === 'vi' ? category.name_vi : category.name_en}
              </option>
            ))}
          </select>
          {short && short.questions > 0 && (
            <p className="notice" role="status">
              {t('preGame.shortGame', { count: short.questions })}
            </p>
          )}
          {categories.isError && (
            <p className="form-error" role="alert">
              {t(errorKeyOf(categories.error))}
            </p>
          )}
          {inProgress ? (
            <>
              <div className="continue">
                <p className="muted">{t('preGame.continueHint', { number: inProgress.position + 1 })}</p>
                <button
                  type="button"
                  className="button button-primary button-large"
                  onClick={() => {
                    unlockSpeech();
                    navigate(paths.game);
                  }}
                >
                  {t('preGame.continue')}
                </button>
              </div>
              <button type="button" className="button" onClick={() => setConfirmingNew(true)}>
                {t('preGame.start')}
              </button>
              {confirmingNew && (
                <ConfirmDialog
                  message={t('preGame.confirmNew', {
                    number: inProgress.position + 1,
                    amount: formatAmount(inProgress.winnings, language),
                  })}
                  confirmLabel={t('preGame.confirmNewYes')}
                  cancelLabel={t('preGame.keepPlaying')}
                  onConfirm={start}
                  onCancel={() => setConfirmingNew(false)}
                />
              )}
            </>
          ) : (
            <button type="button" className="button button-primary button-large" onClick={start}>
              {t('preGame.start')}
            </button>
          )}
          {/* The way to play first; how the player has done below it. */}
          <section aria-labelledby="stats-title">
            <h2 id="stats-title" className="section-title">
              {t('preGame.stats')}
            </h2>
            <dl className="stats">
              {stats.map((stat) => (
                <div key={stat.key} className="stat" data-stat={stat.key}>
                  <dt>{stat.label}</dt>
                  <dd>{stat.value}</dd>
                </div>
              ))}
            </dl>
          </section>
          <ProfileHistory profileId={activeProfile.id} />
        </div>
      </main>
    </>
  );
}

import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { HostView } from '#shared/show-views.ts';
import { JoinPanel } from './join-panel';
import { PlayerList } from './player-list';
import { ScoringRule } from './scoring-rule';
import { useShowCategories } from './use-category-names';

type Props = {
  view: HostView & { code: string };
  busy: 'start' | 'remove' | 'other' | null;
  error: string | null;
  onStart: () => void;
  onEdit: () => void;
  onRemove: (playerId: string) => void;
};

/** The open room: how to join on one side; the players, the settings and Start on the other. */
export function HostLobby({ view, busy, error, onStart, onEdit, onRemove }: Props) {
  const { t } = useTranslation(['show', 'common', 'errors']);
  const startRef = useRef<HTMLButtonElement>(null);
  const hasPlayers = view.players.length > 0;
  // With the first player in, Start takes the focus: Enter on the remote starts the show.
  useEffect(() => {
    if (hasPlayers && !document.querySelector('dialog[open]')) startRef.current?.focus();
  }, [hasPlayers]);

  return (
    <div className="show-lobby">
      <JoinPanel code={view.code} />
      <div className="lobby-side">
        <PlayerList players={view.players} busy={busy === 'remove'} onRemove={onRemove} />
        <SettingsSummary view={view} />
        <ScoringRule />
        {error && (
          <p className="form-error" role="alert">
            {t(error)}
          </p>
        )}
        <div className="form-actions">
          <button type="button" className="button" onClick={onEdit}>
            {t('lobby.change')}
          </button>
          <button
            ref={startRef}
            type="button"
            className="button button-primary button-large"
            disabled={busy !== null}
            onClick={onStart}
          >
            {busy === 'start' ? t('lobby.starting') : t('lobby.start')}
          </button>
        </div>
        <p className="muted">{t('lobby.startHint')}</p>
      </div>
    </div>
  );
}

/** The show's settings in one line, and who its questions are for. */
function SettingsSummary({ view }: { view: HostView }) {
  const { t } = useTranslation(['show', 'common']);
  const { categories } = useShowCategories();
  const { settings } = view;
  const category =
    settings.categoryId === 'random'
      ? t('setup.random')
      : (categories.find((c) => c.id === settings.categoryId)?.name ?? t('setup.random'));
  const group = view.ageGroup ? t(`ageGroups.${view.ageGroup}`) : null;
  return (
    <div className="settings-summary">
      <p>
        {t('lobby.settings', {
          category,
          questions: t('setup.questions', { count: settings.questionCount }),
          language: t(`common:languages.${settings.lang}`),
        })}
      </p>
      <p>
        {settings.ageGroup !== 'auto'
          ? t('lobby.ageGroup', { group })
          : group
            ? t('lobby.ageGroupAuto', { group })
            : t('lobby.ageGroupWaiting')}
      </p>
    </div>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HostPlayer } from '#shared/show-views.ts';
import { Avatar } from '../../components/avatar';
import { ConfirmDialog } from '../../components/confirm-dialog';

type Props = {
  players: HostPlayer[];
  busy: boolean;
  onRemove: (playerId: string) => void;
};

/** The lobby's players as they join: avatar, name, connected or not; the host may remove one. */
export function PlayerList({ players, busy, onRemove }: Props) {
  const { t } = useTranslation('show');
  const [removing, setRemoving] = useState<HostPlayer | null>(null);
  return (
    <section className="lobby-players" aria-labelledby="players-title">
      <h2 id="players-title" aria-live="polite">
        {t('lobby.players', { count: players.length })}
      </h2>
      {players.length === 0 ? (
        <p className="muted">{t('lobby.noPlayers')}</p>
      ) : (
        <ul className="player-grid">
          {players.map((player) => (
            <li key={player.playerId} className="player-card" data-connected={player.connected}>
              <Avatar avatar={player.avatar} size={64} />
              <span className="player-name">{player.name}</span>
              <span className="player-note">
                <span className="connection-dot" aria-hidden="true" />
                {player.connected ? t('lobby.connected') : t('lobby.away')}
                {player.guest && ` · ${t('lobby.guest')}`}
              </span>
              <button
                type="button"
                className="button player-remove"
                aria-label={t('lobby.removeLabel', { name: player.name })}
                onClick={() => setRemoving(player)}
              >
                {t('lobby.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {removing && (
        <ConfirmDialog
          message={t('lobby.confirmRemove', { name: removing.name })}
          confirmLabel={t('lobby.confirmRemoveYes')}
          busy={busy}
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            onRemove(removing.playerId);
            setRemoving(null);
          }}
        />
      )}
    </section>
  );
}

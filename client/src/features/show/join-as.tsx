import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JoinShowInput } from '#shared/schemas/show.ts';
import type { ShowLookup } from '#shared/show-views.ts';
import { Avatar } from '../../components/avatar';
import { GuestForm } from './guest-form';

type Props = {
  code: string;
  lookup: ShowLookup;
  busy: boolean;
  error: string | null;
  onJoin: (input: JoinShowInput) => void;
  onBack: () => void;
};

/**
 * Who plays on this phone: one of the family's profiles (a phone signed into the host's
 * account), or a guest. A show over or full says so; one under way says its players come in at
 * the next question.
 */
export function JoinAs({ code, lookup, busy, error, onJoin, onBack }: Props) {
  const { t } = useTranslation(['show', 'errors']);
  const [asGuest, setAsGuest] = useState(lookup.profiles === null);
  const closedReason = lookup.status === 'podium' ? 'join.over' : lookup.full ? 'join.full' : null;
  const back = (
    <button type="button" className="button" onClick={onBack}>
      {t('join.back')}
    </button>
  );
  if (closedReason) {
    return (
      <div className="card phone-card" role="alert">
        <p>{t(closedReason)}</p>
        {back}
      </div>
    );
  }
  return (
    <div className="card phone-card">
      <h1>{t('join.who')}</h1>
      <p className="muted">
        {t('join.inShow', { count: lookup.players })}
        {lookup.status !== 'lobby' && ` ${t('join.started')}`}
      </p>
      {lookup.profiles && (
        <ul className="profile-choices">
          {lookup.profiles.map((profile) => (
            <li key={profile.profileId}>
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => onJoin({ code, as: { profileId: profile.profileId } })}
              >
                <Avatar avatar={profile.avatar} size={48} />
                <span>
                  {t('join.joinAs', { name: profile.name })}
                  {profile.joined && <span className="muted"> ({t('join.alreadyIn')})</span>}
                </span>
              </button>
            </li>
          ))}
          <li>
            <button type="button" className="button" aria-expanded={asGuest} onClick={() => setAsGuest(!asGuest)}>
              {t('join.orGuest')}
            </button>
          </li>
        </ul>
      )}
      {error && !asGuest && (
        <p className="form-error" role="alert">
          {t(error)}
        </p>
      )}
      {asGuest && <GuestForm busy={busy} error={error} onSubmit={(guest) => onJoin({ code, as: { guest } })} />}
      {back}
    </div>
  );
}

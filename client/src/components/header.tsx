import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { paths } from '../config/paths';
import { trpc } from '../lib/trpc';
import { AccountMenu } from './account-menu';
import { Avatar } from './avatar';
import { LanguageSwitch } from './language-switch';
import { useHeaderHeight } from './use-header-height';
import { useSession } from './use-session';

/** Spec §2: the header shared by the profiles, pre-game and game screens. */
export function Header() {
  const { t } = useTranslation();
  const { activeProfile } = useSession();
  const [location, navigate] = useLocation();
  // Who is playing, where someone is: not on the profile picker, where the family chooses anew.
  const player = location === paths.preGame || location === paths.game ? activeProfile : null;
  const utils = trpc.useUtils();
  const choose = trpc.profiles.choose.useMutation();
  const headerRef = useRef<HTMLElement>(null);
  useHeaderHeight(headerRef);

  async function backToProfiles() {
    if (activeProfile) await choose.mutateAsync({ profileId: null }).catch(() => undefined);
    await utils.session.me.invalidate();
    navigate(paths.profiles);
  }

  return (
    <header className="app-header player-header" ref={headerRef}>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      {/* On /profiles itself there is nowhere to go back to. */}
      {location === paths.profiles ? (
        <span className="header-button-space" />
      ) : (
        <button
          type="button"
          className="button header-button"
          onClick={() => void backToProfiles()}
          aria-label={t('header.backToProfilesLabel')}
        >
          <span aria-hidden="true">←</span> {t('header.backToProfiles')}
        </button>
      )}
      <div className="header-brand" aria-hidden={player ? 'true' : undefined}>
        {player ? (
          <span className="header-profile">
            <Avatar avatar={player.avatar} size={36} />
            <span className="header-profile-name">{player.name}</span>
          </span>
        ) : (
          <span className="brand">{t('appName')}</span>
        )}
      </div>
      {player && <span className="visually-hidden">{t('header.playingAs', { name: player.name })}</span>}
      <div className="header-actions">
        <LanguageSwitch />
        <AccountMenu />
      </div>
    </header>
  );
}

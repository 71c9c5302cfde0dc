import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/language-switch';
import { ConnectionStatus } from './connection-status';

/**
 * The family show's header, on the TV and the phones: the app and the show, the connection (once
 * in a show), the language, and what the screen adds (Leave on a phone).
 */
export function ShowHeader({
  connection,
  children,
}: {
  connection: { reconnecting: boolean } | null;
  children?: ReactNode;
}) {
  const { t } = useTranslation(['common', 'show']);
  return (
    <header className="app-header show-header">
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <span className="brand show-brand">
        {t('appName')} <span className="show-brand-part">· {t('show:brand')}</span>
      </span>
      {connection && <ConnectionStatus reconnecting={connection.reconnecting} />}
      <div className="header-actions">
        {children}
        <LanguageSwitch />
      </div>
    </header>
  );
}

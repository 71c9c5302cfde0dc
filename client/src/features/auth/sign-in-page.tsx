import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/language-switch';
import { paths } from '../../config/paths';
import { usePageTitle } from '../../lib/page-title';

/** Spec §2 `/`: the sign-in screen. The server decides between Google and the local stand-in. */
export function SignInPage() {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  usePageTitle('signIn');
  // Sent back here by the server after too many sign-ins from this address in a minute.
  const tooManyAttempts = new URLSearchParams(window.location.search).get('signIn') === 'tooManyAttempts';
  return (
    <main className="page sign-in" id="main">
      <div className="sign-in-language">
        <LanguageSwitch />
      </div>
      <div className="sign-in-card">
        <img className="sign-in-logo" src="/favicon.svg" alt="" width={96} height={96} />
        <h1 className="sign-in-app-name">{t('common:appName')}</h1>
        <p className="sign-in-title">{t('signIn.title')}</p>
        <p>{t('signIn.subtitle')}</p>
        {tooManyAttempts && (
          <p className="form-error" role="alert">
            {t('errors:signIn.tooManyAttempts')}
          </p>
        )}
        <a
          className="button button-primary button-google"
          href={`/auth/google?returnTo=${encodeURIComponent(paths.profiles)}`}
        >
          <svg className="icon" aria-hidden="true" width="22" height="22" viewBox="0 0 48 48">
            <path
              fill="#EA4335"
              d="M24 9.5c3.5 0 6.6 1.2 9 3.6l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.8 6C12.3 13.6 17.6 9.5 24 9.5z"
            />
            <path
              fill="#4285F4"
              d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.8c4.3-4 6.9-9.9 6.9-17.2z"
            />
            <path
              fill="#FBBC05"
              d="M10.5 28.7c-.5-1.4-.8-3-.8-4.7s.3-3.2.8-4.7l-7.8-6C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.8-6z"
            />
            <path
              fill="#34A853"
              d="M24 48c6.5 0 11.9-2.1 15.8-5.8l-7.4-5.8c-2.1 1.4-4.8 2.3-8.4 2.3-6.4 0-11.7-4.1-13.5-9.8l-7.8 6C6.6 42.6 14.6 48 24 48z"
            />
          </svg>
          {t('signIn.google')}
        </a>
        <p className="muted">{t('signIn.privacy')}</p>
      </div>
    </main>
  );
}

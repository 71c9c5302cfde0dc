import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { FORGOT_PIN_PARAM } from '#shared/parent-lock.ts';
import { safeReturnPath } from '#shared/routes.ts';
import { EMAIL_MAX, LOCAL_NAME_MAX, localSignInInput } from '#shared/schemas/auth.ts';
import { LanguageSwitch } from '../../components/language-switch';
import { paths } from '../../config/paths';
import { usePageTitle } from '../../lib/page-title';

/**
 * The clearly labelled stand-in for Google when the server has no Google credentials; also Forgot
 * PIN's sign-in there (`?forgotPin`), which opens the parent lock and, asking no password, protects nothing.
 */
export default function LocalSignInPage() {
  usePageTitle('signIn');
  const { t } = useTranslation(['auth', 'errors']);
  const [forgotPin] = useState(() => new URLSearchParams(window.location.search).has(FORGOT_PIN_PARAM));
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const returnTo = safeReturnPath(new URLSearchParams(window.location.search).get('returnTo') ?? paths.profiles);
    // The server's own checks (shared/schemas/auth.ts), before anything is sent.
    const parsed = localSignInInput.safeParse({ name, email, returnTo, ...(forgotPin ? { forgotPin } : {}) });
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]?.message ?? 'local.invalid'));
      return;
    }
    setSubmitting(true);
    try {
      const response = await fetch('/auth/local', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify(parsed.data),
      });
      if (response.status === 400) throw new Error(t('local.invalid'));
      if (response.status === 429) throw new Error(t('errors:signIn.tooManyAttempts'));
      if (!response.ok) throw new Error(t('local.failed'));
      const { redirectTo } = (await response.json()) as { redirectTo: string };
      // A full load, so every cached query starts from the new session.
      window.location.assign(safeReturnPath(redirectTo));
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : t('local.failed'));
      setSubmitting(false);
    }
  }

  return (
    <main className="page page-narrow" id="main">
      <div className="sign-in-language">
        <LanguageSwitch />
      </div>
      <form className="card form" onSubmit={(event) => void submit(event)} noValidate>
        <h1>{t('local.title')}</h1>
        <p className="badge">{t('local.badge')}</p>
        <p>{t('local.explanation')}</p>
        {forgotPin && (
          <p>
            <strong>{t('local.forgotPin')}</strong>
          </p>
        )}
        <label className="field">
          <span>{t('local.name')}</span>
          <input
            name="name"
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={LOCAL_NAME_MAX + 10}
            required
          />
        </label>
        <label className="field">
          <span>{t('local.email')}</span>
          <input
            name="email"
            type="email"
            autoComplete="email"
            maxLength={EMAIL_MAX}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
          />
        </label>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="form-actions">
          <Link className="button" href={paths.home}>
            {t('local.back')}
          </Link>
          <button className="button button-primary" type="submit" disabled={submitting}>
            {submitting ? t('local.submitting') : t('local.submit')}
          </button>
        </div>
      </form>
    </main>
  );
}

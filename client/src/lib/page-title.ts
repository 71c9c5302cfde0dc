import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export type PageTitle =
  | 'signIn'
  | 'profiles'
  | 'createProfile'
  | 'preGame'
  | 'game'
  | 'family'
  | 'admin'
  | 'notFound'
  | 'show'
  | 'join';

/**
 * Each page its own title ("Who's playing? · Quiz Ladder"), in the language shown, for tabs and
 * screen readers; a view within a page (an admin section) goes first ("Manage Questions · Admin · …").
 */
export function usePageTitle(page: PageTitle, view?: string): void {
  // `t` changes with the language: the title follows it.
  const { t } = useTranslation('common');
  useEffect(() => {
    const appName = t('appName');
    document.title = page === 'signIn' ? appName : [view, t(`pageTitles.${page}`), appName].filter(Boolean).join(' · ');
  }, [page, view, t]);
}

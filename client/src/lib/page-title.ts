import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export type PageTitle = 'signIn' | 'profiles' | 'createProfile' | 'preGame' | 'game' | 'family' | 'admin' | 'notFound';

/** Each page its own title ("Who's playing? · Quiz Ladder"), in the language shown, for tabs and screen readers. */
export function usePageTitle(page: PageTitle): void {
  // `t` changes with the language: the title follows it.
  const { t } = useTranslation('common');
  useEffect(() => {
    const appName = t('appName');
    document.title = page === 'signIn' ? appName : `${t(`pageTitles.${page}`)} · ${appName}`;
  }, [page, t]);
}

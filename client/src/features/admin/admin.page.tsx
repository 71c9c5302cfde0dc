import './admin.css';
import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Switch, useLocation, useRoute } from 'wouter';
import { questionIdFromPath } from '#shared/routes.ts';
import { AccountMenu } from '../../components/account-menu';
import { LanguageSwitch } from '../../components/language-switch';
import { Loading } from '../../components/loading';
import { NotFoundPage } from '../../components/not-found-page';
import { useHeaderHeight } from '../../components/use-header-height';
import { paths } from '../../config/paths';
import { i18n } from '../../lib/i18n';
import { usePageTitle } from '../../lib/page-title';
import { ParentUnlocked } from '../parent-lock/admin-gate';
import { adminErrors, adminResources } from './admin-strings';
import { adminViewTitleKey } from './admin-views';
import DashboardPage from './dashboard-page';
import { QuestionNotFound } from './question-not-found';

for (const [language, namespaces] of Object.entries(adminResources)) {
  i18n.addResourceBundle(language, 'admin', namespaces.admin, true, true);
}
for (const [language, errors] of Object.entries(adminErrors)) {
  i18n.addResourceBundle(language, 'errors', errors, true, false);
}

const QuestionsPage = lazy(() => import('./questions-page'));
const QuestionFormPage = lazy(() => import('./question-form-page'));
const CategoriesPage = lazy(() => import('./categories-page'));
const PlaceholderPage = lazy(() => import('./placeholder-page'));
const QuestionSetPage = lazy(() => import('./question-set-page'));

/** Paths below /admin (the route is nested: spec §2). */
const sections = [
  { href: '/', key: 'dashboard' },
  { href: '/questions', key: 'questions' },
  { href: '/add-question', key: 'addQuestion' },
  { href: '/categories', key: 'categories' },
  { href: '/add-question-set', key: 'addQuestionSet' },
] as const;

function NavLink({ href, label }: { href: string; label: string }) {
  const [active] = useRoute(href);
  return (
    <Link href={href} className="admin-nav-link" aria-current={active ? 'page' : undefined}>
      {label}
    </Link>
  );
}

/** Spec §2 /admin: a sidebar (Dashboard … Back to App) beside the section's page. */
export default function AdminPage() {
  const { t } = useTranslation('admin');
  const [location] = useLocation();
  const view = adminViewTitleKey(location);
  // A path that is no view is the not-found page's, and so is its title.
  usePageTitle(view ? 'admin' : 'notFound', view ? t(view) : undefined);
  return (
    <ParentUnlocked>
      <AdminLayout />
    </ParentUnlocked>
  );
}

function AdminLayout() {
  const { t } = useTranslation('admin');
  const headerRef = useRef<HTMLElement>(null);
  useHeaderHeight(headerRef);
  return (
    <div className="admin">
      <header className="app-header admin-header" ref={headerRef}>
        <a className="skip-link" href="#main">
          {t('common:skipToContent')}
        </a>
        <span className="brand">
          {t('common:appName')} · {t('title')}
        </span>
        <div className="header-actions">
          <LanguageSwitch />
          <AccountMenu />
        </div>
      </header>
      <div className="admin-body">
        <nav className="admin-nav" aria-label={t('nav.label')}>
          {sections.map((section) => (
            <NavLink key={section.key} href={section.href} label={t(`nav.${section.key}`)} />
          ))}
          <a className="admin-nav-link admin-nav-back" href={paths.profiles}>
            {t('nav.backToApp')}
          </a>
        </nav>
        <main className="admin-main" id="main">
          <Suspense fallback={<Loading />}>
            <Switch>
              <Route path="/" component={DashboardPage} />
              <Route path="/questions" component={QuestionsPage} />
              <Route path="/add-question">
                <QuestionFormPage />
              </Route>
              <Route path="/edit-question/:questionId">
                {(params) => {
                  const questionId = questionIdFromPath(params.questionId);
                  return questionId === null ? (
                    <QuestionNotFound />
                  ) : (
                    <QuestionFormPage questionId={questionId} key={questionId} />
                  );
                }}
              </Route>
              <Route path="/categories" component={CategoriesPage} />
              <Route path="/ai-tools" component={PlaceholderPage} />
              <Route path="/add-question-set" component={QuestionSetPage} />
              <Route>
                <NotFoundPage />
              </Route>
            </Switch>
          </Suspense>
        </main>
      </div>
    </div>
  );
}

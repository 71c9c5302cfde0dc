import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AGE_CATEGORIES } from '#shared/age.ts';
import { editQuestionPath } from '#shared/routes.ts';
import { useSession } from '../../components/use-session';
import { errorKeyOf } from '../../lib/errors';
import { formatAmount } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { inAdmin } from './in-admin';

/** Spec §2 /admin (index): a welcome, and what an admin looks at first: the bank's shape and the reports. */
export default function DashboardPage() {
  const { t } = useTranslation(['admin', 'errors']);
  const language = currentLanguage();
  const { user } = useSession();
  const overview = trpc.admin.overview.useQuery();
  const reports = trpc.admin.reports.list.useQuery();
  const utils = trpc.useUtils();
  const [dismissError, setDismissError] = useState<string | null>(null);
  const dismiss = trpc.admin.reports.dismiss.useMutation({
    onSuccess: () => Promise.all([utils.admin.reports.list.invalidate(), utils.admin.overview.invalidate()]),
    onError: () => setDismissError(t('dashboard.dismissFailed')),
  });
  const count = (n: number) => formatAmount(n, language);
  const nameOf = (category: { name_en: string; name_vi: string }) =>
    language === 'vi' ? category.name_vi : category.name_en;

  return (
    <div className="admin-stack">
      <section className="card" aria-labelledby="dashboard-title">
        <h1 id="dashboard-title">{t('nav.dashboard')}</h1>
        <p>{t('dashboard.welcome', { name: user?.displayName ?? '' })}</p>
      </section>

      <section className="card" aria-labelledby="bank-title">
        <h2 id="bank-title">{t('dashboard.bankTitle')}</h2>
        {overview.isError && (
          <p className="form-error" role="alert">
            {t(errorKeyOf(overview.error, 'errors:question.loadFailed'))}
          </p>
        )}
        {overview.data && (
          <>
            <p className="muted">{t('dashboard.total', { formatted: count(overview.data.totalQuestions) })}</p>
            <div className="table-scroll">
              <table className="admin-table reflow">
                <thead>
                  <tr>
                    <th scope="col">{t('dashboard.category')}</th>
                    {AGE_CATEGORIES.map((age) => (
                      <th scope="col" key={age} className="number">
                        {t(`ages.${age}`)}
                      </th>
                    ))}
                    <th scope="col" className="number">
                      {t('dashboard.allAges')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {overview.data.categories.map((category) => (
                    <tr key={category.id}>
                      <th scope="row">{nameOf(category)}</th>
                      {AGE_CATEGORIES.map((age) => (
                        <td key={age} className="number" data-label={t(`ages.${age}`)}>
                          {count(category.byAge[age])}
                        </td>
                      ))}
                      <td className="number" data-label={t('dashboard.allAges')}>
                        {count(category.total)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>

      <section className="card" aria-labelledby="reports-title">
        <h2 id="reports-title">{t('dashboard.reportsTitle')}</h2>
        {dismissError && (
          <p className="form-error" role="alert">
            {dismissError}
          </p>
        )}
        {reports.isError && (
          <p className="form-error" role="alert">
            {t(errorKeyOf(reports.error, 'errors:question.loadFailed'))}
          </p>
        )}
        {reports.data?.length === 0 && <p className="muted">{t('dashboard.noReports')}</p>}
        <ul className="report-list">
          {reports.data?.map((report) => (
            <li key={report.questionId} className="report">
              <p className="report-question" lang="en">
                {report.questionEn}
              </p>
              {report.questionVi && (
                <p className="muted" lang="vi">
                  {report.questionVi}
                </p>
              )}
              <p className="report-meta">
                <strong>{t('dashboard.reports', { count: report.reports })}</strong> · {nameOf(report.category)} ·{' '}
                {Object.entries(report.reasons)
                  .map(([reason, n]) => `${t(`reasons.${reason}`)} ${n}`)
                  .join(', ')}
              </p>
              {report.notes.length > 0 && (
                <details>
                  <summary>{t('dashboard.notes')}</summary>
                  <ul>
                    {report.notes.map((note) => (
                      <li key={`${note.at.toString()}-${note.note}`}>
                        <span className="muted">{t(`reasons.${note.reason}`)}:</span> {note.note}
                      </li>
                    ))}
                  </ul>
                </details>
              )}
              <div className="form-actions">
                <Link className="button" href={inAdmin(editQuestionPath(report.questionId))}>
                  {t('dashboard.edit')}
                </Link>
                <button
                  type="button"
                  className="button"
                  disabled={dismiss.isPending}
                  onClick={() => {
                    setDismissError(null);
                    dismiss.mutate({ questionId: report.questionId });
                  }}
                >
                  {t('dashboard.dismiss')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_NOTE_MAX, REPORT_REASONS, type ReportReason } from '#shared/reports.ts';
import { useModal } from '../../components/use-modal';
import { announce } from '../../lib/announcer';
import { rateLimitedOr } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

/**
 * "Report a problem" beside a question: a reason and an optional note, sent for the question's
 * place in this game (the server knows which question that is; players never see question ids).
 */
export function ReportProblem({ gameId, position }: { gameId: string; position: number }) {
  const { t } = useTranslation(['game', 'errors']);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentFor, setSentFor] = useState<string | null>(null);
  const dialogRef = useModal(open);
  const titleId = useId();
  const noteId = useId();
  const key = `${gameId}#${position}`;
  const report = trpc.game.report.useMutation({
    onSuccess: () => {
      setSentFor(key);
      dialogRef.current?.close();
      announce(t('report.sent'));
    },
    onError: (caught) => setError(rateLimitedOr(caught, 'game:report.failed')),
  });

  function send(event: FormEvent) {
    event.preventDefault();
    if (!reason) return setError('errors:report.reasonRequired');
    setError(null);
    report.mutate({ gameId, position, reason, note });
  }

  const sent = sentFor === key;
  return (
    <>
      <button
        type="button"
        className="button report-button"
        // Held, not disabled, once sent: the dialog hands the focus back to it, and it keeps it.
        aria-disabled={sent || undefined}
        onClick={() => {
          if (sent) return;
          setReason(null);
          setNote('');
          setError(null);
          setOpen(true);
        }}
      >
        {sent ? t('report.reported') : t('report.button')}
      </button>
      {open && (
        <dialog ref={dialogRef} className="dialog" aria-labelledby={titleId} onClose={() => setOpen(false)}>
          <form onSubmit={send} noValidate>
            <fieldset className="report-reasons">
              <legend id={titleId}>{t('report.title')}</legend>
              {REPORT_REASONS.map((option) => (
                <label key={option} className="report-reason">
                  <input
                    type="radio"
                    name="reason"
                    value={option}
                    checked={reason === option}
                    onChange={() => setReason(option)}
                  />
                  <span>{t(`report.reasons.${option}`)}</span>
                </label>
              ))}
            </fieldset>
            <label className="field" htmlFor={noteId}>
              <span>{t('report.note')}</span>
              <textarea
                id={noteId}
                rows={3}
                maxLength={REPORT_NOTE_MAX}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
            </label>
            {error && (
              <p className="form-error" role="alert">
                {t(error)}
              </p>
            )}
            <div className="form-actions">
              <button type="button" className="button" onClick={() => dialogRef.current?.close()}>
                {t('report.cancel')}
              </button>
              <button type="submit" className="button button-primary" disabled={report.isPending}>
                {report.isPending ? t('report.sending') : t('report.send')}
              </button>
            </div>
          </form>
        </dialog>
      )}
    </>
  );
}

import { type RefObject, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptedFileValues } from '#shared/schemas/question-set.ts';
import { Loading } from '../../components/loading';

/** The accepted values of an imported file's columns (shared with the server's reading of them). */
function AcceptedValues() {
  const { t } = useTranslation('admin');
  const values = acceptedFileValues();
  return (
    <details className="set-accepted">
      <summary>{t('questionSet.acceptedTitle')}</summary>
      <ul>
        <li>{t('questionSet.acceptedAges', { values: values.ages })}</li>
        <li>{t('questionSet.acceptedDifficulties', { values: values.difficulties })}</li>
        <li>{t('questionSet.acceptedAnswers', { values: values.answers })}</li>
      </ul>
    </details>
  );
}

type Props = {
  busy: boolean;
  reading: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  onFile: (file: File) => void;
};

/** Spec §2 /admin/add-question-set, Import: a CSV, a JSON or an export's zip. */
export function ImportSection({ busy, reading, inputRef, onFile }: Props) {
  const { t } = useTranslation('admin');
  const ids = { file: useId(), fileHint: useId() };
  return (
    <section className="card" aria-labelledby="import-title">
      <h2 id="import-title">{t('questionSet.importTitle')}</h2>
      <label className="field" htmlFor={ids.file}>
        <span>{t('questionSet.file')}</span>
        <input
          id={ids.file}
          type="file"
          ref={inputRef}
          accept=".csv,.json,.zip,text/csv,application/json,application/zip"
          // Held while busy, not disabled: the focus stays on it while the file is read.
          aria-disabled={busy || undefined}
          onClick={(event) => busy && event.preventDefault()}
          aria-describedby={ids.fileHint}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) onFile(file);
            event.target.value = '';
          }}
        />
        <small id={ids.fileHint} className="muted">
          {t('questionSet.fileHint')}
        </small>
      </label>
      <AcceptedValues />
      {reading && <Loading label={t('questionSet.reading')} />}
    </section>
  );
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { GenerateSection } from './question-set-generate';
import { ImportSection } from './question-set-import';
import { ReviewSection } from './question-set-review';
import { useQuestionSetFlow } from './use-question-set-flow';

/**
 * Spec §2 /admin/add-question-set: generate with AI or import a file, review, save. The phases are
 * question-set-machine.ts's; the calls and the focus, use-question-set-flow.ts's.
 */
export default function QuestionSetPage() {
  const { t } = useTranslation(['admin', 'errors']);
  const { state, dispatch, busy, refs, onGenerate, onFile, onSave } = useQuestionSetFlow();
  const { phase, error } = state;
  const errorId = useId();

  return (
    <div className="admin-stack">
      <GenerateSection
        busy={busy}
        generating={phase === 'generating'}
        errorId={error ? errorId : undefined}
        invalid={state.invalid}
        buttonRef={refs.generateButton}
        onRefused={(fields) => dispatch({ type: 'generateRefused', fields })}
        onGenerate={(input) => void onGenerate(input)}
      />
      <ImportSection
        busy={busy}
        reading={phase === 'reading'}
        inputRef={refs.fileInput}
        onFile={(file) => void onFile(file)}
      />

      {error && (
        <p className="form-error" role="alert" id={errorId}>
          {t(error.key, error.params ?? {})}
        </p>
      )}
      {phase === 'saved' && (
        <p className="form-success" role="status" tabIndex={-1} ref={refs.saved}>
          {t('questionSet.saved', { count: state.saved })}
        </p>
      )}
      {(phase === 'review' || phase === 'saving') && (
        <ReviewSection
          state={state}
          dispatch={dispatch}
          busy={busy}
          titleRef={refs.reviewTitle}
          onSave={() => void onSave()}
        />
      )}
    </div>
  );
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/i18n.ts';
import { ANSWER_TEXT_MAX, QUESTION_TEXT_MAX } from '#shared/schemas/admin.ts';
import { ANSWER_LETTERS } from '#shared/spoken-lines.ts';
import { invalidFieldProps } from '../../components/field-errors';
import type { QuestionField } from './question-form-problems';

export type Localized = { question: string; answers: string[] };

/**
 * One language's column: the question and its four answers, side by side with the other's. The
 * fields' text is in the column's language (`lang` on each field, for spelling and for a screen
 * reader's voice); their labels are in the page's, like the rest of the form.
 */
export function LanguageColumn({
  lang,
  values,
  correctAnswerIndex,
  onChange,
  onCorrectChange,
  problemIdOf,
}: {
  lang: Language;
  values: Localized;
  correctAnswerIndex: number;
  onChange: (values: Localized) => void;
  /** English only: the Vietnamese radios mirror it, disabled (spec §5). */
  onCorrectChange?: (index: number) => void;
  /** The id of the message a field is at fault for, if it is. */
  problemIdOf: (field: QuestionField) => string | undefined;
}) {
  const { t } = useTranslation('admin');
  const groupId = useId();
  return (
    <fieldset className="language-column">
      <legend>{t(lang === 'en' ? 'form.english' : 'form.vietnamese')}</legend>
      <label className="field">
        <span>{t('form.questionText')}</span>
        <textarea
          lang={lang}
          name={`${lang}-question`}
          {...invalidFieldProps(problemIdOf(`${lang}-question`))}
          rows={3}
          maxLength={QUESTION_TEXT_MAX}
          value={values.question}
          onChange={(event) => onChange({ ...values, question: event.target.value })}
        />
      </label>
      {values.answers.map((answer, index) => {
        const letter = ANSWER_LETTERS[index] as (typeof ANSWER_LETTERS)[number];
        return (
          <div className="answer-field" key={letter}>
            <label className="field">
              <span>{t('form.answer', { letter })}</span>
              <input
                lang={lang}
                name={`${lang}-answer-${letter}`}
                {...invalidFieldProps(problemIdOf(`${lang}-answer-${letter}`))}
                value={answer}
                maxLength={ANSWER_TEXT_MAX}
                onChange={(event) =>
                  onChange({ ...values, answers: values.answers.map((a, i) => (i === index ? event.target.value : a)) })
                }
              />
            </label>
            <label className="correct-choice">
              <input
                type="radio"
                name={`${groupId}-correct`}
                checked={correctAnswerIndex === index}
                disabled={!onCorrectChange}
                onChange={() => onCorrectChange?.(index)}
              />
              <span>{t('form.correctIs', { letter })}</span>
            </label>
          </div>
        );
      })}
      {!onCorrectChange && <p className="muted">{t('form.mirrorsEnglish')}</p>}
    </fieldset>
  );
}

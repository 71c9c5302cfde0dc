import { useTranslation } from 'react-i18next';
import type { ShowQuestion } from '#shared/show-views.ts';
import { AnswerMark } from '../../components/answer-mark';
import { ANSWER_LETTERS } from '../../lib/speech/voice';

type Props = {
  question: ShowQuestion;
  /** This phone's answer, locked (from the tap on). */
  locked: number | null;
  /** The right answer, once revealed. */
  correctIndex: number | null;
  /** Whether a tap answers now. */
  open: boolean;
  onPick: (index: number) => void;
};

/**
 * The four answers on a phone, with their text (a child far from the TV reads them here). A tap
 * answers and locks at once; locked answers keep their place and focus (aria-disabled, not
 * disabled), so nothing moves or flickers under the finger.
 */
export function PhoneAnswers({ question, locked, correctIndex, open, onPick }: Props) {
  const { t } = useTranslation('show');
  return (
    <fieldset className="phone-answers" lang={question.lang}>
      <legend className="visually-hidden">{t('question.answers')}</legend>
      {question.answers.map((text, index) => {
        const letter = ANSWER_LETTERS[index] as string;
        const state =
          correctIndex === null
            ? locked === index
              ? 'locked'
              : ''
            : index === correctIndex
              ? 'correct'
              : locked === index
                ? 'wrong'
                : '';
        return (
          <button
            key={`${question.position}-${letter}`}
            type="button"
            className={`answer ${state}`}
            data-state={state || undefined}
            aria-disabled={!open}
            aria-pressed={locked === index}
            onClick={() => open && onPick(index)}
          >
            <span className="answer-letter">{letter}</span>
            <span className="answer-text">{text}</span>
            {(state === 'correct' || state === 'wrong') && <AnswerMark right={state === 'correct'} />}
          </button>
        );
      })}
    </fieldset>
  );
}

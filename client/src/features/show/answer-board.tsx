import { useTranslation } from 'react-i18next';
import type { ShowQuestion, ShowReveal } from '#shared/show-views.ts';
import { AnswerMark } from '../../components/answer-mark';
import { ANSWER_LETTERS } from '../../lib/speech/voice';

/**
 * The four answers on the TV (nothing to press there: phones answer), and at the reveal the
 * right one marked, with how many picked each.
 */
export function AnswerBoard({ question, reveal }: { question: ShowQuestion; reveal: ShowReveal | null }) {
  const { t } = useTranslation('show');
  return (
    <ul className="answer-board" aria-label={t('question.answers')}>
      {question.answers.map((text, index) => {
        const letter = ANSWER_LETTERS[index] as string;
        const right = reveal ? index === reveal.correctIndex : null;
        return (
          <li
            key={`${question.position}-${letter}`}
            className={`answer board-answer${right ? ' correct' : right === false ? ' faded' : ''}`}
            data-right={right ?? undefined}
          >
            <span className="answer-letter">{letter}</span>
            <span className="answer-text" lang={question.lang}>
              {text}
            </span>
            {reveal && <span className="answer-count">{t('reveal.picks', { count: reveal.counts[index] ?? 0 })}</span>}
            {right && <AnswerMark right />}
          </li>
        );
      })}
    </ul>
  );
}

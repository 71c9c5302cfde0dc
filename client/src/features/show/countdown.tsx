import { useTranslation } from 'react-i18next';
import type { ShowQuestion } from '#shared/show-views.ts';
import { useSecondsLeft } from './show-clock';

/**
 * The seconds left to answer, by the server's deadline: a ring emptying and the number in it.
 * Its own component, so that only it renders at each tick. Announced to screen readers only at
 * ten seconds and at the end, not every second.
 */
export function Countdown({
  question,
  serverNow,
  receivedAt,
}: {
  question: ShowQuestion;
  serverNow: number;
  receivedAt: number;
}) {
  const { t } = useTranslation('show');
  const seconds = useSecondsLeft(question, serverNow, receivedAt) ?? 0;
  const total = Math.max(1, Math.round(question.countdownMs / 1000));
  const announced = seconds === 10 || seconds === 0;
  return (
    <div
      className="countdown"
      data-low={seconds <= 5}
      style={{ '--left': Math.min(1, seconds / total) } as React.CSSProperties}
    >
      <span className="countdown-number" aria-hidden="true">
        {seconds}
      </span>
      <span className="visually-hidden" aria-live={announced ? 'polite' : 'off'}>
        {t('question.secondsLeft', { count: seconds })}
      </span>
    </div>
  );
}

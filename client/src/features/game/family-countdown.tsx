import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ASK_THE_FAMILY_SECONDS } from '#shared/lifelines.ts';

/** Ask the family: the seconds left to ask someone in the room, then "Time is up!". */
export function FamilyCountdown({ onTimeUp, onDone }: { onTimeUp: () => void; onDone: () => void }) {
  const { t } = useTranslation('game');
  const [left, setLeft] = useState(ASK_THE_FAMILY_SECONDS);
  const timeUp = useRef(onTimeUp);
  timeUp.current = onTimeUp;
  useEffect(() => {
    const endsAt = Date.now() + ASK_THE_FAMILY_SECONDS * 1000;
    const timer = setInterval(() => {
      const seconds = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setLeft(seconds);
      if (seconds === 0) {
        clearInterval(timer);
        timeUp.current();
      }
    }, 250);
    return () => clearInterval(timer);
  }, []);

  return (
    <section className="family-countdown" aria-labelledby="family-title">
      <h2 id="family-title" className="section-title">
        {t('lifelines.familyTitle')}
      </h2>
      <p className="countdown-hint">{t('lifelines.familyHint', { seconds: ASK_THE_FAMILY_SECONDS })}</p>
      <p className="countdown" role="timer" aria-live="off">
        <span className="countdown-number" aria-hidden="true">
          {left}
        </span>
        <span className="visually-hidden">{t('lifelines.secondsLeft', { count: left })}</span>
      </p>
      {/* Announced at the end only: a screen reader counting every second would drown the question. */}
      <p className="countdown-status" role="status">
        {left === 0 ? t('lifelines.timeUp') : ''}
      </p>
      <button type="button" className="button" onClick={onDone}>
        {t('lifelines.familyDone')}
      </button>
    </section>
  );
}

/** Room kept between the last answer and the countdown, and under the header. */
const GAP_PX = 8;

/**
 * While the family is asked, the question and its answers stay in view above the countdown,
 * which stays at the bottom of the screen (styles.css): the page scrolls just enough for the
 * last answer to clear it, never so far that the question goes under the sticky header (on a
 * screen too short for both, the question wins), and back down if the question was above.
 */
export function keepQuestionInView() {
  const question = document.getElementById('question-text');
  const lastAnswer = document.querySelector('.answers button.answer:last-of-type');
  const countdown = document.querySelector('.family-countdown');
  if (!question || !lastAnswer || !countdown) return;
  const header = document.querySelector('.app-header');
  const covered = header && getComputedStyle(header).position === 'sticky' ? header.getBoundingClientRect().bottom : 0;
  const questionTop = question.getBoundingClientRect().top;
  const room = questionTop - covered - GAP_PX;
  const needed = lastAnswer.getBoundingClientRect().bottom + GAP_PX - countdown.getBoundingClientRect().top;
  const by = room < 0 ? room : Math.min(Math.max(0, needed), room);
  if (by !== 0) window.scrollBy({ top: by, behavior: 'instant' });
}

import { lazy, type RefObject, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isMillionaire } from '#shared/ladder.ts';
import { announce } from '../../lib/announcer';
import { formatAmount } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { ANSWER_LETTERS } from '../../lib/speech/voice';
import type { Game, MissedPick, Phase } from './game-machine';

/** The win's confetti and lit ladder: loaded only by those who reach the top. */
const Celebration = lazy(() => import('./celebration'));

type Props = {
  end: Extract<Phase, { kind: 'ended' }>;
  game: Game | null;
  titleRef: RefObject<HTMLHeadingElement | null>;
  onPlayAgain: () => void;
};

/** The end of a game (spec §4): Congratulations with the celebration, or Game Over with its review. */
export function EndScreen({ end, game, titleRef, onPlayAgain }: Props) {
  const { t } = useTranslation('game');
  const amount = formatAmount(end.winnings, currentLanguage());
  const millionaire = isMillionaire(end.winnings);
  // A short game (a category with fewer than 15 questions) answered whole is won, as its history says.
  const allAnswered = !millionaire && game !== null && !end.missed && end.correctCount === game.questions.length;
  const title = millionaire ? t('end.congratulations') : allAnswered ? t('end.wellDone') : t('end.gameOver');
  const message = millionaire
    ? t('end.millionaire', { amount })
    : allAnswered
      ? t('end.allAnswered', { count: end.correctCount, amount })
      : end.winnings > 0
        ? t('end.walkAway', { amount })
        : t('end.walkAwayNothing');
  // How it ended, said once (the focus on the heading reads the heading only).
  const said = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: said when the end is first shown, not again in the other language.
  useEffect(() => {
    if (said.current) return;
    said.current = true;
    announce([title, end.questionRemoved ? t('end.questionRemoved') : '', message].filter(Boolean).join(' '));
  }, []);
  return (
    <section className={`card end-card${millionaire ? ' millionaire' : ''}`} aria-labelledby="end-title">
      <h1 id="end-title" tabIndex={-1} ref={titleRef}>
        {title}
      </h1>
      {end.questionRemoved && <p className="end-message">{t('end.questionRemoved')}</p>}
      <p className="end-message">{message}</p>
      <p className="muted">{t('end.correctCount', { count: end.correctCount })}</p>
      {end.missed && game && <MissedQuestion game={game} missed={end.missed} />}
      <button type="button" className="button button-primary button-large" onClick={onPlayAgain}>
        {t('end.playAgain')}
      </button>
      {millionaire && (
        <Suspense fallback={null}>
          <Celebration />
        </Suspense>
      )}
    </section>
  );
}

/** Game Over's review: the question that ended the game, the pick and the right answer. */
function MissedQuestion({ game, missed }: { game: Game; missed: MissedPick }) {
  const { t } = useTranslation('game');
  const question = game.questions[missed.position];
  if (!question?.question) return null;
  const answer = (index: number) => ({ letter: ANSWER_LETTERS[index], text: question.answers[index] });
  return (
    <section className="missed-question" aria-labelledby="missed-title" lang={question.lang}>
      <h2 id="missed-title" className="section-title">
        {t('end.reviewTitle')}
      </h2>
      <p className="missed-text">{question.question}</p>
      <p className="missed-picked">{t('end.reviewPicked', answer(missed.picked))}</p>
      <p className="missed-right">{t('end.reviewRight', answer(missed.correctIndex))}</p>
    </section>
  );
}

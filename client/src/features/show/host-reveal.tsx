import { type RefObject, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { HostView } from '#shared/show-views.ts';
import { AnswerMark } from '../../components/answer-mark';
import { Avatar } from '../../components/avatar';
import { formatAmount } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { ANSWER_LETTERS } from '../../lib/speech/voice';

type Props = {
  view: HostView;
  busy: boolean;
  error: string | null;
  nextRef: RefObject<HTMLButtonElement | null>;
  onNext: () => void;
};

/** Under a revealed question: the right answer in words, and Next (the winners after the last). */
export function RevealBar({ view, busy, error, nextRef, onNext }: Props) {
  const { t } = useTranslation(['show', 'errors']);
  const { question, reveal } = view;
  // Next takes the focus: Enter on the remote moves on.
  useEffect(() => {
    nextRef.current?.focus({ preventScroll: true });
  }, [nextRef]);
  if (!question || !reveal) return null;
  const last = question.position + 1 >= view.questionCount;
  return (
    <div className="reveal-bar">
      <p className="reveal-title" role="status">
        {t('reveal.title', {
          letter: ANSWER_LETTERS[reveal.correctIndex],
          text: question.answers[reveal.correctIndex],
        })}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {t(error)}
        </p>
      )}
      <button
        ref={nextRef}
        type="button"
        className="button button-primary button-large"
        disabled={busy}
        onClick={onNext}
      >
        {busy ? t('reveal.moving') : last ? t('reveal.toPodium') : t('reveal.next')}
      </button>
    </div>
  );
}

/** The scores at a reveal, best first: who was right, and each one's amount on the ladder. */
export function RevealStandings({ view }: { view: HostView }) {
  const { t } = useTranslation('show');
  const byId = new Map(view.players.map((player) => [player.playerId, player]));
  const language = currentLanguage();
  return (
    <section className="reveal-standings" aria-labelledby="standings-title">
      <h2 id="standings-title">{t('reveal.standings')}</h2>
      <ol className="standings">
        {view.standings.map(({ playerId, place }) => {
          const player = byId.get(playerId);
          if (!player) return null;
          // Right or wrong for those in the question; a late joiner is in from the next one.
          const result = !player.playing ? null : !player.answered ? 'noAnswer' : player.right ? 'right' : 'wrong';
          return (
            <li key={playerId} className="standing" data-result={result ?? 'later'}>
              <span className="standing-place">{place}</span>
              <Avatar avatar={player.avatar} size={40} />
              <span className="standing-who">
                <span className="player-name">{player.name}</span>
                <span className="standing-result">
                  {(result === 'right' || result === 'wrong') && <AnswerMark right={result === 'right'} />}
                  {result ? t(`reveal.${result}`) : t('question.nextRound')}
                </span>
              </span>
              <span className="standing-amount">{formatAmount(player.score.amount, language)}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

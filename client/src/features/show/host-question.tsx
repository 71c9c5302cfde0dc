import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { HostView, ShowQuestion } from '#shared/show-views.ts';
import { Avatar } from '../../components/avatar';
import { formatAmount } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { AnswerBoard } from './answer-board';
import { Countdown } from './countdown';

type Props = {
  view: HostView & { question: ShowQuestion };
  receivedAt: number;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** What stands under the question: who has answered, or the reveal's Next. */
  children: ReactNode;
  /** Beside it: the ladder, or the reveal's scores. */
  side: ReactNode;
  /** The host's tools, under what stands beside. */
  tools: ReactNode;
};

/**
 * A question on the TV, asked or revealed: its number and amount on the family ladder, the
 * countdown while answers are open, the question and its picture, the four answers.
 */
export function HostQuestion({ view, receivedAt, headingRef, children, side, tools }: Props) {
  const { t } = useTranslation('show');
  const { question, reveal } = view;
  const amount = formatAmount(question.amount, currentLanguage());
  return (
    <div className="show-stage">
      <section className="show-question" aria-labelledby="show-question-text">
        <div className="show-question-meta">
          {/* Announced with each new question: its number and amount, not only its text. */}
          <p aria-live="polite" aria-atomic="true">
            <span>{t('question.of', { number: question.position + 1, total: view.questionCount })}</span>{' '}
            <span className="playing-for">{t('question.for', { amount })}</span>
          </p>
          {view.status === 'question' && (
            <Countdown question={question} serverNow={view.serverNow} receivedAt={receivedAt} />
          )}
        </div>
        <h1 id="show-question-text" className="question-text" lang={question.lang} tabIndex={-1} ref={headingRef}>
          {question.question}
        </h1>
        {question.imageUrl && <img className="question-image" src={question.imageUrl} alt={t('question.image')} />}
        <AnswerBoard question={question} reveal={reveal} />
        {children}
      </section>
      <aside className="show-side">
        {side}
        {tools}
      </aside>
    </div>
  );
}

/** Who has answered the question (not what: that waits for the reveal). */
export function AnsweredRow({ view }: { view: HostView }) {
  const { t } = useTranslation('show');
  const playing = view.players.filter((player) => player.playing);
  const answered = playing.filter((player) => player.answered).length;
  return (
    <section className="answered-row" aria-labelledby="answered-title">
      <h2 id="answered-title" aria-live="polite">
        {t('question.answered', { count: answered, total: playing.length })}
      </h2>
      <ul className="player-chips">
        {view.players.map((player) => (
          <li
            key={player.playerId}
            className="player-chip"
            data-answered={player.answered}
            data-playing={player.playing}
          >
            <Avatar avatar={player.avatar} size={48} />
            <span className="player-name">{player.name}</span>
            <span className="player-note">
              {!player.playing
                ? t('question.nextRound')
                : player.answered
                  ? t('question.hasAnswered')
                  : t('question.thinking')}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

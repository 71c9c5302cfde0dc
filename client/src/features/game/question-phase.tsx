import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { prizeAt } from '#shared/ladder.ts';
import type { UsedLifelines } from '#shared/lifelines.ts';
import { AnswerMark } from '../../components/answer-mark';
import { SpeakerIcon } from '../../components/speaker-icon';
import { formatAmount } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { ANSWER_LETTERS } from '../../lib/speech/voice';
import { type GameState, removedAnswers } from './game-machine';
import { Ladder } from './ladder';
import { Lifelines } from './lifelines';
import { ReportProblem } from './report-problem';
import type { useGameVoice } from './use-game-voice';

type Props = {
  state: GameState & { game: NonNullable<GameState['game']> };
  questionRef: RefObject<HTMLHeadingElement | null>;
  voice: ReturnType<typeof useGameVoice>;
  /** The speech toggle and Read again, as the page has them, and the note when no voice reads this language. */
  speechTools: ReactNode;
  speechNote: ReactNode;
  onPick: (index: number) => void;
  onLifelinesUsed: (lifelines: UsedLifelines) => void;
  onTapToContinue: () => void;
};

/**
 * The question on screen through its phases (question, checking, feedback): the amount, the
 * question and its picture, the four answers (locked once picked, then green or red), the
 * lifelines, the tools, and the ladder beside it.
 */
export function QuestionPhase(props: Props) {
  const { state, questionRef, voice, speechTools, speechNote, onPick, onLifelinesUsed, onTapToContinue } = props;
  const { t } = useTranslation(['game', 'errors']);
  const { game, phase, position } = state;
  const question = game.questions[position];
  if (!question) return null;
  const removed = removedAnswers(state);
  const picked = phase.kind === 'checking' || phase.kind === 'feedback' ? phase.picked : null;
  const locked = phase.kind !== 'question';
  const amount = formatAmount(prizeAt(position), currentLanguage());

  return (
    <div className="game-layout">
      <section className="question-panel" aria-labelledby="question-text">
        {voice.tapBanner && (
          <div className="tap-to-continue">
            <p>
              <strong>{t('play.tapToContinueTitle')}</strong> {t('play.tapToContinueHint')}
            </p>
            <button type="button" className="button button-primary button-large" onClick={onTapToContinue}>
              <SpeakerIcon on /> {t('play.tapToContinue')}
            </button>
          </div>
        )}
        {/* Announced with each new question (use-question-focus.ts): its number and amount, not only its text. */}
        <div className="question-meta">
          <span>{t('play.questionOf', { number: position + 1, total: game.questions.length })}</span>
          <span className="playing-for">{t('play.playingFor', { amount })}</span>
        </div>
        {question.imageUrl && <img className="question-image" src={question.imageUrl} alt={t('play.image')} />}
        <h1 id="question-text" className="question-text" lang={question.lang} tabIndex={-1} ref={questionRef}>
          {question.question}
        </h1>
        <fieldset className="answers" lang={question.lang}>
          <legend className="visually-hidden">{t('play.answersLabel')}</legend>
          {question.answers.map((text, index) => {
            const letter = ANSWER_LETTERS[index] as string;
            if (removed.includes(index))
              return (
                <button key={`${position}-${letter}`} type="button" className="answer removed" disabled>
                  <span className="answer-letter">{letter}</span>
                  <span className="visually-hidden">{t('play.removedAnswer')}</span>
                </button>
              );
            let answerState = '';
            if (phase.kind === 'checking' && picked === index) answerState = 'picked';
            if (phase.kind === 'feedback') {
              if (index === phase.correctIndex) answerState = 'correct';
              else if (index === picked) answerState = 'wrong';
            }
            return (
              <button
                key={`${position}-${letter}`}
                type="button"
                className={`answer ${answerState}`}
                data-state={answerState || undefined}
                // Locked with aria-disabled, not disabled: the picked answer keeps the focus through
                // the feedback (a disabled button drops it to the page); a tap then does nothing.
                aria-disabled={locked}
                onClick={() => !locked && onPick(index)}
              >
                {/* The name is what is seen, letter and answer (WCAG 2.5.3). */}
                <span className="answer-letter">{letter}</span>
                <span className="answer-text">{text}</span>
                {(answerState === 'correct' || answerState === 'wrong') && (
                  <AnswerMark right={answerState === 'correct'} />
                )}
              </button>
            );
          })}
        </fieldset>
        <p className="feedback" role="status" aria-live="assertive">
          {phase.kind === 'checking' && t('play.checking')}
          {phase.kind === 'feedback' &&
            (phase.correct
              ? t('play.correct')
              : t('play.wrong', {
                  letter: ANSWER_LETTERS[phase.correctIndex],
                  text: question.answers[phase.correctIndex],
                }))}
        </p>
        {state.answerError && (
          <p className="form-error" role="alert">
            {t(state.answerError)}
          </p>
        )}
        <Lifelines
          gameId={game.gameId}
          position={position}
          used={game.lifelines}
          locked={locked}
          language={question.lang}
          onUsed={onLifelinesUsed}
          say={voice.say}
        />
        <div className="game-tools">
          {speechTools}
          <ReportProblem gameId={game.gameId} position={position} />
          <span className="muted keyboard-hint">{t('play.keyboardHint')}</span>
        </div>
        {speechNote}
      </section>
      <Ladder position={position} correctCount={state.correctCount} levels={game.questions.length} />
    </div>
  );
}

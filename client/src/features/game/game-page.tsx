import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { prizeAt } from '../../../../shared/ladder';
import type { UsedLifelines } from '../../../../shared/lifelines';
import { Header } from '../../components/header';
import { Loading } from '../../components/loading';
import { SpeakerIcon } from '../../components/speaker-icon';
import { useSession } from '../../components/use-session';
import { paths } from '../../config/paths';
import { errorCodeOf, isNetworkFailure, rateLimitedOr } from '../../lib/errors';
import { formatAmount } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { trpc, withTimeout } from '../../lib/trpc';
import { EndScreen } from './end-screen';
import type { Game, MissedPick, Phase } from './game-phase';
import { Ladder } from './ladder';
import { Lifelines } from './lifelines';
import { markGameStarted, readGameNavigationState } from './navigation';
import { forgetFeedback, lastFeedback, type PickFeedback, pendingFeedback, rememberFeedback } from './pending-feedback';
import { ReportProblem } from './report-problem';
import { playSound } from './sounds';
import { useGameVoice } from './use-game-voice';
import { useSpeech } from './use-speech';
import { ANSWER_LETTERS } from './voice';

const NO_ANSWERS: readonly number[] = [];
const KEY_TO_ANSWER: Record<string, number> = { a: 0, b: 1, c: 2, d: 3, '1': 0, '2': 1, '3': 2, '4': 3 };

/** Spec §2 /game and §4: the question screen, its ladder, feedback, end screen and speech. */
export default function GamePage() {
  const { t, i18n } = useTranslation(['game', 'errors']);
  const [, navigate] = useLocation();
  const { activeProfile } = useSession();
  const utils = trpc.useUtils();
  const setTts = trpc.profiles.setTts.useMutation();

  const [game, setGame] = useState<Game | null>(null);
  const [position, setPosition] = useState(0);
  const [correctCount, setCorrectCount] = useState(0);
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  /** Why the last pick was not taken (an i18n key), until the next one. */
  const [answerError, setAnswerError] = useState<string | null>(null);
  const [ttsEnabled, setTtsEnabled] = useState(activeProfile?.ttsEnabled ?? true);
  const speech = useSpeech(ttsEnabled);
  const loadedRef = useRef(false);
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** What to do when the connection comes back (an offline start, or a pick to check). */
  const retryRef = useRef<(() => void) | null>(null);
  const profileId = activeProfile?.id ?? '';
  const amountText = (amount: number) => formatAmount(amount, i18n.resolvedLanguage ?? 'en');

  const ended = useCallback(
    (end: { winnings: number; correctCount: number; questionRemoved?: boolean; missed?: MissedPick }) => {
      forgetFeedback();
      setPhase({
        kind: 'ended',
        winnings: end.winnings,
        correctCount: end.correctCount,
        questionRemoved: end.questionRemoved,
        missed: end.missed,
      });
      void utils.session.me.invalidate();
      void utils.game.current.invalidate();
    },
    [utils],
  );

  /** Spec §4: the pick's result for 2 s (or what is left of them after a reload), then on. */
  const showFeedback = useCallback(
    (feedback: PickFeedback) => {
      setPosition(feedback.position);
      setPhase({
        kind: 'feedback',
        picked: feedback.picked,
        correctIndex: feedback.correctIndex,
        correct: feedback.correct,
      });
      if (timerRef.current) clearTimeout(timerRef.current);
      timerRef.current = setTimeout(
        () => {
          forgetFeedback();
          setCorrectCount(feedback.correctCount);
          if (feedback.status === 'playing') {
            setPosition(feedback.position + 1);
            setPhase({ kind: 'question' });
          } else if (feedback.correct) ended(feedback);
          else
            ended({
              ...feedback,
              missed: { position: feedback.position, picked: feedback.picked, correctIndex: feedback.correctIndex },
            });
        },
        Math.max(0, feedback.until - Date.now()),
      );
    },
    [ended],
  );

  const showGame = useCallback(
    (loaded: Game) => {
      setGame(loaded);
      setCorrectCount(loaded.correctCount);
      // Reloaded during a pick's feedback: that feedback first, then the question the server is at.
      const pending = pendingFeedback(loaded.gameId);
      if (pending && pending.position === loaded.position - 1) showFeedback(pending);
      else {
        setPosition(loaded.position);
        setPhase({ kind: 'question' });
      }
    },
    [showFeedback],
  );

  /** Waits for the connection, then does `retry` (also on the Try again button). */
  const offline = useCallback((retry: () => void) => {
    retryRef.current = retry;
    setPhase({ kind: 'offline' });
  }, []);

  const resume = useCallback(async () => {
    const current = await utils.client.game.current.query({ profileId }, withTimeout());
    if (current?.status === 'removed') return ended({ ...current, questionRemoved: true });
    if (current) return showGame(current);
    // No game in progress: ended during a reload in its last feedback, or none at all.
    const last = lastFeedback();
    if (last && last.status !== 'playing') {
      const view = await utils.client.game.byId.query({ gameId: last.gameId }, withTimeout());
      if (view.status !== 'interrupted') {
        setGame(view);
        return showFeedback(last);
      }
      return ended(last);
    }
    navigate(paths.preGame, { replace: true });
  }, [utils, profileId, showGame, showFeedback, navigate, ended]);

  const load = useCallback(async () => {
    setPhase({ kind: 'loading' });
    const state = readGameNavigationState();
    try {
      if (state && !state.started) {
        // The start carries the id its game gets: sent again after a lost reply, it finds that game.
        const started = await utils.client.game.start.mutate(
          { profileId, categoryId: state.categoryId, lang: currentLanguage(), gameId: state.gameId },
          withTimeout(),
        );
        markGameStarted(state);
        if (started) showGame(started);
        else setPhase({ kind: 'empty' });
      } else {
        await resume();
      }
    } catch (error) {
      if (isNetworkFailure(error)) offline(() => void load());
      else setPhase({ kind: 'error', messageKey: rateLimitedOr(error, 'errors:game.loadFailed') });
    }
  }, [utils, profileId, showGame, resume, offline]);

  useEffect(() => {
    if (loadedRef.current || !profileId) return;
    loadedRef.current = true;
    void load();
  }, [load, profileId]);

  useEffect(() => {
    // Back online: carry on with what was waiting for it.
    const online = () => retryRef.current?.();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      if (timerRef.current) clearTimeout(timerRef.current);
    };
  }, []);

  const question = game?.questions[position];
  const language = i18n.resolvedLanguage === 'vi' ? 'vi' : 'en';
  const fiftyFifty = game?.lifelines.fiftyFifty;
  const removedAnswers = fiftyFifty?.position === position ? fiftyFifty.removed : NO_ANSWERS;
  const questionRef = useRef<HTMLHeadingElement>(null);
  const endTitleRef = useRef<HTMLHeadingElement>(null);
  // After a pick, focus (and a screen reader) goes to the next question, or once to the end's heading.
  const focusKey = phase.kind === 'question' ? `question-${position}` : phase.kind === 'ended' ? 'ended' : null;
  const focusedRef = useRef<string | null>(null);
  useEffect(() => {
    if (!focusKey || focusedRef.current === focusKey) return;
    const first = focusedRef.current === null;
    focusedRef.current = focusKey;
    // The first question of a page load is not pulled into focus (the skip link and header come first).
    if (focusKey === 'ended') endTitleRef.current?.focus();
    else if (!first) questionRef.current?.focus();
  }, [focusKey]);

  // EN/VI switched mid-game: the same game's questions and answers (same order) in the new language.
  const gameId = game?.gameId;
  const gameLanguage = game?.lang;
  useEffect(() => {
    if (!gameId || !gameLanguage || gameLanguage === language) return;
    let stale = false;
    utils.client.game.byId
      .query({ gameId, lang: language }, withTimeout())
      .then((view) => {
        if (stale || view.status === 'interrupted') return;
        setGame((shown) =>
          shown?.gameId === view.gameId ? { ...shown, lang: view.lang, questions: view.questions } : shown,
        );
      })
      .catch(() => undefined); // The questions stay in the other language; the labels follow the switch.
    return () => {
      stale = true;
    };
  }, [utils, gameId, gameLanguage, language]);

  const voice = useGameVoice({ game, question, position, phase, ttsEnabled, speak: speech.speak });

  /**
   * After a pick whose answer did not arrive (or was refused: another tab, a finished game), the
   * game as the server holds it: the feedback for the pick it recorded, the same question open
   * again if it recorded none, or wherever another tab took it.
   */
  const reconcile = useCallback(
    async (gameId: string, pickedAt: number) => {
      let state: Awaited<ReturnType<typeof utils.client.game.state.query>>;
      try {
        state = await utils.client.game.state.query({ gameId }, withTimeout());
      } catch (error) {
        if (isNetworkFailure(error)) return offline(() => void reconcile(gameId, pickedAt));
        return setPhase({ kind: 'error', messageKey: 'errors:game.loadFailed' });
      }
      retryRef.current = null;
      const pick = state.lastPick;
      if (pick && pick.position === pickedAt && pick.correctAnswerIndex !== null) {
        showFeedback(
          rememberFeedback({
            gameId,
            position: pickedAt,
            picked: pick.pickedIndex,
            correctIndex: pick.correctAnswerIndex,
            correct: pick.correct,
            status: state.status,
            correctCount: state.correctCount,
            winnings: state.winnings,
          }),
        );
      } else if (state.status !== 'playing') {
        ended(state);
      } else if (state.position !== pickedAt) {
        await resume();
      } else {
        setAnswerError('errors:game.answerFailed');
        setPhase({ kind: 'question' });
      }
    },
    [utils, offline, showFeedback, ended, resume],
  );

  const pick = useCallback(
    async (index: number) => {
      if (!game || phase.kind !== 'question' || removedAnswers.includes(index)) return;
      speech.cancel();
      if (ttsEnabled) playSound('lock');
      setAnswerError(null);
      setPhase({ kind: 'checking', picked: index });
      try {
        const result = await utils.client.game.answer.mutate(
          { gameId: game.gameId, position, answerIndex: index },
          withTimeout(),
        );
        if (result.status === 'removed') return ended({ ...result, questionRemoved: true });
        showFeedback(
          rememberFeedback({
            gameId: game.gameId,
            position,
            picked: index,
            correctIndex: result.correctAnswerIndex,
            correct: result.correct,
            status: result.status,
            correctCount: result.correctCount,
            winnings: result.winnings,
          }),
        );
      } catch (error) {
        if (errorCodeOf(error) === 'TOO_MANY_REQUESTS') {
          setAnswerError('errors:rateLimited');
          setPhase({ kind: 'question' });
          return;
        }
        // Lost on the way, refused as stale (another tab) or for a finished game: ask the server.
        await reconcile(game.gameId, position);
      }
    },
    [game, phase.kind, position, utils, speech, ended, showFeedback, reconcile, removedAnswers, ttsEnabled],
  );

  // One listener for the page's life, calling the latest pick: a listener replaced while a key's
  // event is dispatched (a re-render during it) would miss that key.
  const pickRef = useRef(pick);
  pickRef.current = pick;
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      const target = event.target as HTMLElement | null;
      if (target && ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName)) return;
      const index = KEY_TO_ANSWER[event.key.toLowerCase()];
      if (index === undefined) return;
      event.preventDefault();
      void pickRef.current(index);
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  function toggleSpeech() {
    const next = !ttsEnabled;
    setTtsEnabled(next);
    if (next) speech.unlock();
    // Spec §8: a failed preference save is only logged.
    setTts.mutate(
      { profileId, ttsEnabled: next },
      {
        onSuccess: () => void utils.session.me.invalidate(),
        onError: (error) => console.warn('Could not save the speech preference', error),
      },
    );
  }

  const speechToggle = (
    // A toggle: its name stays the same, aria-pressed says whether reading aloud is on.
    <button type="button" className="button speech-toggle" aria-pressed={ttsEnabled} onClick={toggleSpeech}>
      <SpeakerIcon on={ttsEnabled} /> {t('speech.toggle')}
    </button>
  );

  let body: React.ReactNode;
  if (phase.kind === 'loading') body = <Loading label={t('play.loading')} />;
  else if (phase.kind === 'error')
    body = (
      <div className="card message-card" role="alert">
        <p>{t(phase.messageKey)}</p>
        <div className="form-actions">
          <button type="button" className="button" onClick={() => navigate(paths.preGame)}>
            {t('play.backToPreGame')}
          </button>
          <button type="button" className="button button-primary" onClick={() => void load()}>
            {t('play.retry')}
          </button>
        </div>
      </div>
    );
  else if (phase.kind === 'offline')
    body = (
      <div className="card message-card" role="alert">
        <p>{t('play.offline')}</p>
        <div className="form-actions">
          <button type="button" className="button button-primary" onClick={() => retryRef.current?.()}>
            {t('play.retry')}
          </button>
        </div>
      </div>
    );
  else if (phase.kind === 'empty')
    body = (
      <div className="card message-card" role="status">
        <p>{t('play.noQuestions')}</p>
        <button type="button" className="button button-primary" onClick={() => navigate(paths.preGame)}>
          {t('play.backToPreGame')}
        </button>
      </div>
    );
  else if (phase.kind === 'ended') {
    body = <EndScreen end={phase} game={game} titleRef={endTitleRef} onPlayAgain={() => navigate(paths.preGame)} />;
  } else if (game && question) {
    const picked = phase.kind === 'checking' || phase.kind === 'feedback' ? phase.picked : null;
    const locked = phase.kind !== 'question';
    body = (
      <div className="game-layout">
        <section className="question-panel" aria-labelledby="question-text">
          {voice.tapBanner && (
            <div className="tap-to-continue">
              <p>
                <strong>{t('play.tapToContinueTitle')}</strong> {t('play.tapToContinueHint')}
              </p>
              <button
                type="button"
                className="button button-primary button-large"
                onClick={() => {
                  speech.unlock();
                  voice.continueAfterTap();
                }}
              >
                <SpeakerIcon on /> {t('play.tapToContinue')}
              </button>
            </div>
          )}
          <div className="question-meta">
            <span>{t('play.questionOf', { number: position + 1, total: game.questions.length })}</span>
            <span className="playing-for">{t('play.playingFor', { amount: amountText(prizeAt(position)) })}</span>
          </div>
          {question.imageUrl && <img className="question-image" src={question.imageUrl} alt={t('play.image')} />}
          <h1 id="question-text" className="question-text" lang={question.lang} tabIndex={-1} ref={questionRef}>
            {question.question}
          </h1>
          <fieldset className="answers" lang={question.lang}>
            <legend className="visually-hidden">{t('play.answersLabel')}</legend>
            {question.answers.map((text, index) => {
              const letter = ANSWER_LETTERS[index] as string;
              if (removedAnswers.includes(index))
                return (
                  <button key={`${position}-${letter}`} type="button" className="answer removed" disabled>
                    <span className="answer-letter">{letter}</span>
                    <span className="visually-hidden">{t('play.removedAnswer')}</span>
                  </button>
                );
              let state = '';
              if (phase.kind === 'checking' && picked === index) state = 'picked';
              if (phase.kind === 'feedback') {
                if (index === phase.correctIndex) state = 'correct';
                else if (index === picked) state = 'wrong';
              }
              return (
                <button
                  key={`${position}-${letter}`}
                  type="button"
                  className={`answer ${state}`}
                  data-state={state || undefined}
                  disabled={locked}
                  aria-disabled={locked}
                  onClick={() => void pick(index)}
                >
                  {/* The name is what is seen, letter and answer (WCAG 2.5.3). */}
                  <span className="answer-letter">{letter}</span>
                  <span className="answer-text">{text}</span>
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
          {answerError && (
            <p className="form-error" role="alert">
              {t(answerError)}
            </p>
          )}
          <Lifelines
            gameId={game.gameId}
            position={position}
            used={game.lifelines}
            locked={locked}
            language={question.lang}
            onUsed={(lifelines: UsedLifelines) => setGame((shown) => (shown ? { ...shown, lifelines } : shown))}
            say={voice.say}
          />
          <div className="game-tools">
            {speechToggle}
            {/* Hidden, not dead, where this device has no voice for the question's language. */}
            {ttsEnabled && speech.missingVoice !== question.lang && (
              <button type="button" className="button" disabled={locked} onClick={voice.readQuestion}>
                {t('speech.repeat')}
              </button>
            )}
            <ReportProblem gameId={game.gameId} position={position} />
            <span className="muted keyboard-hint">{t('play.keyboardHint')}</span>
          </div>
          {ttsEnabled && speech.missingVoice && (
            <p className="muted speech-note" role="note">
              {t('speech.noVoice', { language: t(`speech.languageNames.${speech.missingVoice}`) })}
            </p>
          )}
        </section>
        <Ladder position={position} correctCount={correctCount} />
      </div>
    );
  }

  return (
    <>
      <Header />
      <main className="page page-game" id="main">
        {body}
      </main>
    </>
  );
}

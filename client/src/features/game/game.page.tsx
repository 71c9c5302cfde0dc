import './game-strings';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Header } from '../../components/header';
import { Loading } from '../../components/loading';
import { SpeakerIcon } from '../../components/speaker-icon';
import { useSession } from '../../components/use-session';
import { paths } from '../../config/paths';
import { currentLanguage } from '../../lib/i18n';
import { usePageTitle } from '../../lib/page-title';
import { useSpeech } from '../../lib/speech/use-speech';
import { trpc } from '../../lib/trpc';
import { useWakeLock } from '../../lib/use-wake-lock';
import { answerForKey } from './answer-keys';
import { EndScreen } from './end-screen';
import { removedAnswers } from './game-machine';
import { GameMessage } from './game-message';
import { QuestionPhase } from './question-phase';
import { playSound } from './sounds';
import { useGameFlow } from './use-game-flow';
import { useGameVoice } from './use-game-voice';
import { useQuestionFocus } from './use-question-focus';

/** Spec §2 /game and §4: the question screen, one component a phase (game-machine.ts says which). */
export default function GamePage() {
  const { t } = useTranslation(['game', 'errors']);
  const [, navigate] = useLocation();
  const { activeProfile } = useSession();
  const utils = trpc.useUtils();
  const setTts = trpc.profiles.setTts.useMutation();
  const language = currentLanguage();
  const profileId = activeProfile?.id ?? '';
  const flow = useGameFlow(profileId, language);
  const { state } = flow;
  const { game, phase, position } = state;
  const question = game?.questions[position];
  useWakeLock(game !== null && phase.kind !== 'ended');
  usePageTitle('game');

  const [ttsEnabled, setTtsEnabled] = useState(activeProfile?.ttsEnabled ?? true);
  const speech = useSpeech(ttsEnabled);
  const voice = useGameVoice({
    game,
    question,
    position,
    phase,
    ttsEnabled,
    speak: speech.speak,
    prefetch: speech.prefetch,
  });

  function pick(index: number) {
    if (!game || phase.kind !== 'question' || removedAnswers(state).includes(index)) return;
    speech.cancel();
    if (ttsEnabled) playSound('lock');
    void flow.pick(index, game, position);
  }

  // One listener for the page's life, calling the latest pick: a listener replaced while a key's
  // event is dispatched (a re-render during it) would miss that key.
  const pickRef = useRef(pick);
  pickRef.current = pick;
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const { key, ctrlKey, metaKey, altKey, repeat } = event;
      const target = event.target instanceof Element ? event.target : null;
      const index = answerForKey({ key, ctrlKey, metaKey, altKey, repeat, target }, document);
      if (index === null) return;
      event.preventDefault();
      pickRef.current(index);
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // After a pick, focus (and a screen reader) goes to the next question, or once to the end's heading.
  const questionRef = useRef<HTMLHeadingElement>(null);
  const endTitleRef = useRef<HTMLHeadingElement>(null);
  useQuestionFocus({ game, phase, position, questionRef, endTitleRef });

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

  const locked = phase.kind !== 'question';
  const speechTools = (
    <>
      {/* A toggle: its name stays the same, aria-pressed says whether reading aloud is on. */}
      <button type="button" className="button speech-toggle" aria-pressed={ttsEnabled} onClick={toggleSpeech}>
        <SpeakerIcon on={ttsEnabled} /> {t('speech.toggle')}
      </button>
      {/* Hidden, not dead, where this device has no voice for the question's language. */}
      {ttsEnabled && question && speech.missingVoice !== question.lang && (
        <button type="button" className="button" disabled={locked} onClick={voice.readQuestion}>
          {t('speech.repeat')}
        </button>
      )}
    </>
  );

  let body: React.ReactNode;
  if (phase.kind === 'loading') body = <Loading label={t('play.loading')} />;
  else if (phase.kind === 'error')
    body = <GameMessage kind="error" messageKey={phase.messageKey} onRetry={flow.reload} />;
  else if (phase.kind === 'offline') body = <GameMessage kind="offline" onRetry={flow.retry} />;
  else if (phase.kind === 'empty') body = <GameMessage kind="empty" />;
  else if (phase.kind === 'ended') {
    body = <EndScreen end={phase} game={game} titleRef={endTitleRef} onPlayAgain={() => navigate(paths.preGame)} />;
  } else if (game && question) {
    body = (
      <QuestionPhase
        state={{ ...state, game }}
        questionRef={questionRef}
        voice={voice}
        speechTools={speechTools}
        speechNote={
          ttsEnabled && speech.missingVoice ? (
            <p className="muted speech-note" role="note">
              {t('speech.noVoice', { language: t(`speech.languageNames.${speech.missingVoice}`) })}
            </p>
          ) : null
        }
        onPick={pick}
        onLifelinesUsed={flow.lifelinesUsed}
        onTapToContinue={() => {
          speech.unlock();
          voice.continueAfterTap();
        }}
      />
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

import './show-strings';
import './show.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/loading';
import { currentLanguage } from '../../lib/i18n';
import { usePageTitle } from '../../lib/page-title';
import { useArrowNavigation } from '../../lib/spatial-navigation';
import { useWakeLock } from '../../lib/use-wake-lock';
import { FamilyLadder } from './family-ladder';
import { HostLobby } from './host-lobby';
import { type HostScreen, hostScreen } from './host-machine';
import { HostPodium } from './host-podium';
import { AnsweredRow, HostQuestion } from './host-question';
import { RevealBar, RevealStandings } from './host-reveal';
import { HostTools } from './host-tools';
import { SetupForm } from './setup-form';
import { ShowHeader } from './show-header';
import { ShowMessage } from './show-message';
import { useHostShow } from './use-host-show';
import { useHostVoice } from './use-host-voice';

const LIVE: readonly HostScreen[] = ['lobby', 'settings', 'question', 'reveal', 'podium'];

/** /show, the family show's TV (issue 26): one component a phase, host-machine.ts says which. */
export default function ShowHostPage() {
  const { t } = useTranslation(['show', 'errors']);
  const show = useHostShow();
  const { state } = show;
  const { view, busy, callError } = state;
  const screen = hostScreen(state);
  const voice = useHostVoice(view);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  usePageTitle('show');
  useArrowNavigation();
  useWakeLock(LIVE.includes(screen));

  // Each new question takes the focus (a screen reader reads it), unless the page opened on it.
  const questionKey = screen === 'question' ? view?.position : null;
  const wasLive = useRef(false);
  useEffect(() => {
    if (questionKey !== null && questionKey !== undefined && wasLive.current) headingRef.current?.focus();
  }, [questionKey]);
  useEffect(() => {
    wasLive.current = LIVE.includes(screen);
  });

  let body: React.ReactNode;
  if (screen === 'loading' || screen === 'connecting') body = <Loading />;
  else if (screen === 'error' && state.phase.kind === 'error') {
    body = <ShowMessage messageKey={state.phase.messageKey} onRetry={() => window.location.reload()} />;
  } else if (screen === 'setup' || screen === 'settings') {
    const editing = screen === 'settings';
    body = (
      <section className="card show-setup-card" aria-labelledby="setup-title">
        <h1 id="setup-title">{t('setup.title')}</h1>
        <p>{t('setup.intro')}</p>
        <SetupForm
          initial={
            view?.settings ?? { categoryId: 'random', questionCount: 10, lang: currentLanguage(), ageGroup: 'auto' }
          }
          submitLabel={editing ? t('setup.save') : t('setup.open')}
          busyLabel={editing ? t('setup.saving') : t('setup.opening')}
          busy={busy !== null}
          error={callError}
          onSubmit={(settings) => void (editing ? show.configure(settings) : show.create(settings))}
          onCancel={editing ? () => show.dispatch({ type: 'editDone' }) : undefined}
        />
      </section>
    );
  } else if (view && screen === 'lobby' && view.code) {
    body = (
      <HostLobby
        view={{ ...view, code: view.code }}
        busy={busy === 'start' || busy === 'remove' ? busy : busy ? 'other' : null}
        error={callError}
        onStart={() => void show.start()}
        onEdit={() => show.dispatch({ type: 'edit' })}
        onRemove={(playerId) => void show.remove(playerId)}
      />
    );
  } else if (view?.question && (screen === 'question' || screen === 'reveal')) {
    const question = view.question;
    body = (
      <HostQuestion
        view={{ ...view, question }}
        receivedAt={state.receivedAt}
        headingRef={headingRef}
        side={
          screen === 'question' ? (
            <FamilyLadder ladder={view.ladder} position={question.position} />
          ) : (
            <RevealStandings view={view} />
          )
        }
        tools={
          <HostTools voice={voice} asking={screen === 'question'} busy={busy === 'end'} onEnd={() => void show.end()} />
        }
      >
        {screen === 'question' ? (
          <AnsweredRow view={view} />
        ) : (
          <RevealBar
            view={view}
            busy={busy === 'next'}
            error={callError}
            nextRef={nextRef}
            onNext={() => void show.next(question.position)}
          />
        )}
      </HostQuestion>
    );
  } else if (view && screen === 'podium') {
    body = <HostPodium view={view} titleRef={headingRef} onNewShow={show.newShow} />;
  }

  return (
    <>
      <ShowHeader connection={state.showId ? { reconnecting: show.reconnecting } : null} />
      <main className="page show-tv" data-screen={screen} id="main">
        {body}
      </main>
    </>
  );
}

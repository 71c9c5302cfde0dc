import './show-strings';
import './show.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Loading } from '../../components/loading';
import { usePageTitle } from '../../lib/page-title';
import { useWakeLock } from '../../lib/use-wake-lock';
import { CodeForm } from './code-form';
import { JoinAs } from './join-as';
import { PhoneEnd } from './phone-end';
import { PhoneLobby } from './phone-lobby';
import { canAnswer, lockedAnswer, phoneScreen } from './phone-machine';
import { PhoneQuestion } from './phone-question';
import { ShowHeader } from './show-header';
import { usePhoneShow } from './use-phone-show';

/** /join, a phone in a family show (issue 26): one component a phase, phone-machine.ts says which. */
export default function JoinShowPage() {
  const phone = usePhoneShow();
  const { state } = phone;
  const { view, phase } = state;
  const screen = phoneScreen(state);
  const codeFromLink = new URLSearchParams(useSearch()).get('code') ?? '';
  const inShow = phase.kind === 'joined';
  usePageTitle('join');
  useWakeLock(inShow && screen !== 'podium');

  let body: React.ReactNode;
  if (screen === 'loading' || screen === 'connecting') body = <Loading />;
  else if (screen === 'code') {
    body = <CodeForm initialCode={codeFromLink} busy={state.busy} error={state.error} onSubmit={phone.lookup} />;
  } else if (phase.kind === 'choose') {
    body = (
      <JoinAs
        code={phase.code}
        lookup={phase.lookup}
        busy={state.busy}
        error={state.error}
        onJoin={(input) => void phone.join(input)}
        onBack={phone.enterCode}
      />
    );
  } else if (view && (screen === 'lobby' || screen === 'waitNext')) body = <PhoneLobby view={view} />;
  else if (view?.question && (screen === 'question' || screen === 'reveal')) {
    const question = view.question;
    const locked = lockedAnswer(state);
    body = (
      <PhoneQuestion
        view={{ ...view, question }}
        receivedAt={state.receivedAt}
        locked={locked}
        sending={locked !== null && view.myAnswer === null && state.mine?.recorded !== true}
        open={canAnswer(state, question.position)}
        error={state.error}
        onPick={(index) => void phone.answer(question.position, index)}
      />
    );
  } else if (screen === 'podium' || screen === 'gone') {
    body = <PhoneEnd view={view} gone={phase.kind === 'gone' ? phase.reason : null} onAnother={phone.enterCode} />;
  }

  return (
    <>
      <ShowHeader connection={inShow ? { reconnecting: phone.reconnecting } : null}>
        {inShow && screen !== 'podium' && <LeaveButton busy={state.busy} onLeave={() => void phone.leave()} />}
      </ShowHeader>
      <main className="page show-phone" data-screen={screen} id="main">
        {body}
      </main>
    </>
  );
}

/** Leave the show, asked first: one stray tap must not drop a player. */
function LeaveButton({ busy, onLeave }: { busy: boolean; onLeave: () => void }) {
  const { t } = useTranslation('show');
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <button type="button" className="button header-button" onClick={() => setConfirming(true)}>
        {t('phone.leave')}
      </button>
      {confirming && (
        <ConfirmDialog
          message={t('phone.confirmLeave')}
          confirmLabel={t('phone.confirmLeaveYes')}
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            onLeave();
          }}
        />
      )}
    </>
  );
}

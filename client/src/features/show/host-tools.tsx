import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { SpeakerIcon } from '../../components/speaker-icon';
import type { useHostVoice } from './use-host-voice';

type Props = {
  voice: ReturnType<typeof useHostVoice>;
  /** Read again is for an open question only. */
  asking: boolean;
  busy: boolean;
  onEnd: () => void;
};

/** The host's tools during the show: reading aloud, Read again, and End the show (asked first). */
export function HostTools({ voice, asking, busy, onEnd }: Props) {
  const { t } = useTranslation(['show', 'common']);
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="show-tools">
      {/* A toggle: its name stays the same, aria-pressed says whether reading aloud is on. */}
      <button type="button" className="button" aria-pressed={voice.enabled} onClick={voice.toggle}>
        <SpeakerIcon on={voice.enabled} /> {t('host.speech')}
      </button>
      {voice.enabled && asking && !voice.missingVoice && (
        <button type="button" className="button" onClick={voice.readAgain}>
          {t('host.readAgain')}
        </button>
      )}
      <button type="button" className="button button-danger-outline" onClick={() => setConfirming(true)}>
        {t('host.end')}
      </button>
      {voice.enabled && voice.missingVoice && (
        <p className="muted" role="note">
          {t('host.noVoice', { language: t(`common:languages.${voice.missingVoice}`) })}
        </p>
      )}
      <span className="muted keyboard-hint">{t('host.keys')}</span>
      {confirming && (
        <ConfirmDialog
          message={t('host.confirmEnd')}
          confirmLabel={t('host.confirmEndYes')}
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            onEnd();
          }}
        />
      )}
    </div>
  );
}

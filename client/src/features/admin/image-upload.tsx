import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Upload } from 'tus-js-client';
import { focusWhenReady } from '../../lib/focus';

/** Spec §4: up to 256 KB in one request, larger files resumable; at most 10 MB (the server checks again). */
const SMALL_IMAGE_BYTES = 256 * 1024;
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** tus-js-client sends chunks of one size (README, "Question images"). */
const CHUNK_BYTES = 1024 * 1024;
/** Exponential backoff between tries after a dropped connection or a 5xx (spec §8). */
const RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 16000];

/** Spec §4's upload task states, and idle before a file is chosen. */
export type UploadState = 'idle' | 'running' | 'paused' | 'success' | 'canceled' | 'error';

/** What an upload's failure means to an admin (spec §8's storage errors), by HTTP status. */
function messageForStatus(status: number | undefined): string {
  switch (status) {
    case 401:
      return 'errors:image.unauthenticated';
    case 402:
    case 507:
      return 'errors:image.quota';
    case 403:
      return 'errors:image.unauthorized';
    case 404:
      return 'errors:image.objectNotFound';
    case 413:
      return 'errors:image.tooLarge';
    case 415:
      return 'errors:image.unsupported';
    case 429:
      return 'errors:image.tooManyUnfinished';
    default:
      return 'errors:image.failed';
  }
}

/** The server's own message key for a 400 (an unreadable or damaged image), else the status's. */
function messageFor(status: number | undefined, body: string | undefined): string {
  if (status === 400) {
    const text = (() => {
      try {
        return (JSON.parse(body ?? '') as { error?: string }).error ?? '';
      } catch {
        return '';
      }
    })();
    if (/damaged/i.test(text)) return 'errors:image.checksum';
    if (/could not be read/i.test(text)) return 'errors:image.unreadable';
    if (/animation/i.test(text)) return 'errors:image.animationTooLarge';
  }
  return messageForStatus(status);
}

async function sha256Hex(file: File): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A small image in one multipart request, with its progress (XMLHttpRequest reports it; fetch does not). */
function sendSmall(file: File, onProgress: (fraction: number) => void): { done: Promise<string>; abort: () => void } {
  const request = new XMLHttpRequest();
  const done = new Promise<string>((resolve, reject) => {
    request.open('POST', '/api/admin/images');
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () => {
      if (request.status === 200) resolve((JSON.parse(request.responseText) as { imageUrl: string }).imageUrl);
      else reject(Object.assign(new Error('upload failed'), { status: request.status, body: request.responseText }));
    };
    request.onerror = () => reject(Object.assign(new Error('network'), { status: 0 }));
    request.onabort = () => reject(Object.assign(new Error('aborted'), { aborted: true }));
    const form = new FormData();
    form.append('image', file);
    request.send(form);
  });
  return { done, abort: () => request.abort() };
}

type Props = {
  imageUrl: string | null;
  onChange: (imageUrl: string | null) => void;
  /** Told when a file is chosen (before it is checked or sent) or the picture removed: what the form said before no longer applies. */
  onPictureAction: () => void;
  /** Told while an upload runs (or waits paused), so the form can hold its Submit (spec §4). */
  onBusyChange: (busy: boolean) => void;
};

/**
 * The question's picture: choose a file, watch its progress, pause, resume or cancel it. Small
 * files go in one request; larger ones through tus (tus-js-client, loaded only then), which
 * resumes from the offset the server confirms after a dropped connection, retrying with backoff.
 */
export function ImageUpload({ imageUrl, onChange, onPictureAction, onBusyChange }: Props) {
  const { t } = useTranslation(['admin', 'errors']);
  // A picture the question already has is shown as its current one, not as an upload that just finished.
  const [state, setState] = useState<UploadState>('idle');
  const [percent, setPercent] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [retrying, setRetrying] = useState(false);
  const tusRef = useRef<Upload | null>(null);
  const abortSmallRef = useRef<(() => void) | null>(null);
  /** Canceled while a small upload waited to try again. */
  const canceledRef = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  /** The next control once a button has gone with the state it belonged to: never <body>. */
  const focusNext = (action: 'pause' | 'resume') =>
    focusWhenReady(() => rootRef.current?.querySelector<HTMLElement>(`[data-action="${action}"]`) ?? null);
  const focusInput = () => focusWhenReady(() => inputRef.current);
  const inputId = useId();
  const hintId = useId();

  useEffect(() => {
    onBusyChange(state === 'running' || state === 'paused');
  }, [state, onBusyChange]);
  // Leaving the form stops an upload in flight (the server drops unfinished ones after a day).
  useEffect(
    () => () => {
      void tusRef.current?.abort();
      abortSmallRef.current?.();
    },
    [],
  );

  function fail(key: string) {
    setError(key);
    setState('error');
  }

  async function start(file: File) {
    onPictureAction();
    setError(null);
    setPercent(0);
    canceledRef.current = false;
    if (file.size > MAX_IMAGE_BYTES) return fail('errors:image.tooLarge');
    setState('running');
    if (file.size <= SMALL_IMAGE_BYTES) {
      // A dropped connection or a 5xx is tried again after a growing delay; anything else is final.
      for (let attempt = 0; ; attempt++) {
        const small = sendSmall(file, (fraction) => setPercent(Math.round(fraction * 100)));
        abortSmallRef.current = small.abort;
        try {
          onChange(await small.done);
          setPercent(100);
          setRetrying(false);
          setState('success');
          return;
        } catch (caught) {
          const failure = caught as { aborted?: boolean; status?: number; body?: string };
          if (failure.aborted) return setState('canceled');
          const transient = failure.status === 0 || (failure.status ?? 0) >= 500;
          const delay = RETRY_DELAYS_MS[attempt];
          if (!transient || delay === undefined) {
            setRetrying(false);
            return fail(messageFor(failure.status, failure.body));
          }
          setRetrying(true);
          await new Promise((resolve) => setTimeout(resolve, delay));
          if (canceledRef.current) return;
        } finally {
          abortSmallRef.current = null;
        }
      }
    }
    const [{ Upload: TusUpload }, sha256] = await Promise.all([import('tus-js-client'), sha256Hex(file)]);
    const upload = new TusUpload(file, {
      endpoint: '/api/admin/uploads',
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      metadata: { filename: file.name, filetype: file.type, sha256 },
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => {
        setRetrying(false);
        setPercent(Math.floor((sent / total) * 100));
      },
      onShouldRetry: (failure, attempt) => {
        const status = failure.originalResponse?.getStatus() ?? 0;
        const retry =
          (status === 0 || status >= 500 || status === 409 || status === 423) && attempt < RETRY_DELAYS_MS.length;
        setRetrying(retry);
        return retry;
      },
      onSuccess: ({ lastResponse }) => {
        tusRef.current = null;
        setRetrying(false);
        try {
          onChange((JSON.parse(lastResponse.getBody()) as { imageUrl: string }).imageUrl);
          setPercent(100);
          setState('success');
        } catch {
          fail('errors:image.failed');
        }
      },
      onError: (failure) => {
        tusRef.current = null;
        setRetrying(false);
        const response = 'originalResponse' in failure ? failure.originalResponse : null;
        fail(messageFor(response?.getStatus(), response?.getBody()));
      },
    });
    tusRef.current = upload;
    const previous = await upload.findPreviousUploads();
    if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    upload.start();
  }

  function pause() {
    void tusRef.current?.abort();
    setState('paused');
    focusNext('resume');
  }

  function resume() {
    tusRef.current?.start();
    setState('running');
    focusNext('pause');
  }

  async function cancel() {
    canceledRef.current = true;
    setRetrying(false);
    const upload = tusRef.current;
    tusRef.current = null;
    abortSmallRef.current?.();
    // Terminated on the server too, so nothing is left behind.
    await upload?.abort(true).catch(() => undefined);
    setState('canceled');
    setPercent(0);
    focusInput();
  }

  const busy = state === 'running' || state === 'paused';
  return (
    <div className="image-upload" ref={rootRef}>
      <label className="field" htmlFor={inputId}>
        <span>{t('form.image')}</span>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          // Held during an upload, not disabled: the focus stays on it, and the progress is said.
          aria-disabled={busy || undefined}
          onClick={(event) => busy && event.preventDefault()}
          aria-describedby={hintId}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void start(file);
          }}
        />
        <small id={hintId} className="muted">
          {t('image.hint')}
        </small>
      </label>
      {imageUrl && state !== 'running' && state !== 'paused' && (
        <div className="image-preview">
          <figure>
            <img src={imageUrl} alt={t('image.preview')} />
            {state !== 'success' && <figcaption>{t('image.current')}</figcaption>}
          </figure>
          <button
            type="button"
            className="button"
            onClick={() => {
              onPictureAction();
              onChange(null);
              setState('idle');
              if (inputRef.current) inputRef.current.value = '';
              focusInput();
            }}
          >
            {t('image.remove')}
          </button>
        </div>
      )}
      {state !== 'idle' && (
        <div className="upload-status" data-state={state}>
          <p role="status" aria-live="polite">
            {t(`image.states.${state}`, { percent })}
          </p>
          {busy && <progress max={100} value={percent} aria-label={t('image.progressLabel')} />}
          {retrying && <p className="muted">{t('image.retrying')}</p>}
          {error && (
            <p className="form-error" role="alert">
              {t(error)}
            </p>
          )}
          <div className="form-actions">
            {state === 'running' && tusRef.current && (
              <button type="button" className="button" data-action="pause" onClick={pause}>
                {t('image.pause')}
              </button>
            )}
            {state === 'paused' && (
              <button type="button" className="button" data-action="resume" onClick={resume}>
                {t('image.resume')}
              </button>
            )}
            {busy && (
              <button type="button" className="button" data-action="cancel" onClick={() => void cancel()}>
                {t('image.cancel')}
              </button>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

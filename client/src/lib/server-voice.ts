import { keep, readKept } from './kept';

/**
 * The server's voice (GET /api/speech): whether this server has one, and whether the family chose
 * it on this device over the device's own voices (a choice kept in this browser: voices differ
 * from one device to the next). Without the choice, the game uses it only for a language the
 * device cannot read.
 */

const CHOICE_KEY = 'ql:voice';

/** Whether the server can speak at all (asked once a page). */
let availability: Promise<boolean> | null = null;
export function serverVoiceAvailable(): Promise<boolean> {
  availability ??= fetch('/api/speech/available', { credentials: 'same-origin' })
    .then(async (response) => response.ok && ((await response.json()) as { available?: boolean }).available === true)
    .catch(() => false);
  return availability;
}

export const prefersServerVoice = (): boolean => readKept(CHOICE_KEY) === 'server';

export const setPrefersServerVoice = (prefers: boolean) => keep(CHOICE_KEY, prefers ? 'server' : null);

import type { SpokenLine } from '../../../../shared/spoken-lines';

/**
 * One line as the server speaks it: a game's, or a family show's question on its host's TV;
 * `at` tells apart the same line at another question.
 */
export type ServerLine =
  | { gameId: string; line: SpokenLine; at: number }
  | { showId: string; line: 'question'; at: number };

/** Whose line it is, as GET /api/speech names it: `gameId` or `showId`, and the id. */
const ownerOf = (line: ServerLine): [string, string] =>
  'showId' in line ? ['showId', line.showId] : ['gameId', line.gameId];
const keyOf = (line: ServerLine) => `${ownerOf(line).join(':')}:${line.line}:${line.at}`;
/** Clips fetched (or being fetched), as object URLs; null when the server could not speak the line. */
const clips = new Map<string, Promise<string | null>>();
const MAX_CLIPS = 40;
let playing: HTMLAudioElement | null = null;
let queue: Promise<unknown> = Promise.resolve();
let generation = 0;

function clipOf(line: ServerLine): Promise<string | null> {
  const key = keyOf(line);
  let clip = clips.get(key);
  if (!clip) {
    const query = new URLSearchParams([ownerOf(line), ['line', line.line]]);
    // A question's line names its question: the game may have moved on by the time this arrives.
    if (line.line === 'question') query.set('at', String(line.at));
    clip = fetch(`/api/speech?${query}`, { credentials: 'same-origin' })
      .then(async (response) => (response.ok ? URL.createObjectURL(await response.blob()) : null))
      .catch(() => null);
    clips.set(key, clip);
    // The oldest go: a game needs its current lines, not the whole evening's.
    for (const [old, url] of clips) {
      if (clips.size <= MAX_CLIPS) break;
      clips.delete(old);
      void url.then((u) => u && URL.revokeObjectURL(u));
    }
  }
  return clip;
}

/** Fetches a line the game will say soon (the next question, during the feedback): no wait when it comes. */
export function prefetchServerLine(line: ServerLine): void {
  void clipOf(line);
}

function play(url: string, run: number): Promise<void> {
  return new Promise((resolve) => {
    if (run !== generation) return resolve();
    const audio = new Audio(url);
    playing = audio;
    const done = () => {
      if (playing === audio) playing = null;
      resolve();
    };
    audio.addEventListener('ended', done, { once: true });
    audio.addEventListener('error', done, { once: true });
    audio.addEventListener('pause', done, { once: true });
    audio.play().catch(done);
  });
}

/**
 * Plays lines the server speaks, in order; unless `queue`, what was playing stops first. Resolves
 * false when the server could not speak the first of them (no voice there either).
 */
export async function playServerLines(
  lines: readonly ServerLine[],
  options: { queue?: boolean } = {},
): Promise<boolean> {
  if (!options.queue) stopServerSpeech();
  const run = generation;
  const urls = lines.map(clipOf);
  if ((await urls[0]) === null) return false;
  queue = queue.then(async () => {
    for (const url of urls) {
      const ready = await url;
      if (ready) await play(ready, run);
    }
  });
  return true;
}

export function stopServerSpeech(): void {
  generation++;
  playing?.pause();
  playing = null;
  queue = Promise.resolve();
}

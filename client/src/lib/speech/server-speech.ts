import type { SpokenLine } from '#shared/spoken-lines.ts';

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
/** A fetched clip, as an object URL, and its media type. */
type Clip = { url: string; type: string };
/** Clips fetched (or being fetched); null when the server could not speak the line. */
const clips = new Map<string, Promise<Clip | null>>();
const MAX_CLIPS = 40;
let playing: HTMLAudioElement | null = null;
let queue: Promise<unknown> = Promise.resolve();
let generation = 0;

/**
 * Whether this browser plays the server's Ogg Opus clips, as it says; until one fails to play
 * (a browser may claim it and fail), after which it is sent WAV. Safari says no, and gets WAV.
 */
let playsOpus: boolean | null = null;
const opusPlays = () => {
  playsOpus ??= new Audio().canPlayType('audio/ogg; codecs=opus') !== '';
  return playsOpus;
};

function forget(key: string) {
  const clip = clips.get(key);
  clips.delete(key);
  void clip?.then((c) => c && URL.revokeObjectURL(c.url));
}

function clipOf(line: ServerLine): Promise<Clip | null> {
  const key = keyOf(line);
  let clip = clips.get(key);
  if (!clip) {
    const query = new URLSearchParams([ownerOf(line), ['line', line.line]]);
    // A question's line names its question: the game may have moved on by the time this arrives.
    if (line.line === 'question') query.set('at', String(line.at));
    if (!opusPlays()) query.set('format', 'wav');
    const fetched = fetch(`/api/speech?${query}`, { credentials: 'same-origin' })
      .then(async (response) => {
        if (!response.ok) return null;
        const blob = await response.blob();
        return { url: URL.createObjectURL(blob), type: blob.type };
      })
      .catch(() => null);
    clip = fetched;
    clips.set(key, fetched);
    // Refused (the server busy, its day's budget spent) or lost: silent now, asked again next time.
    void fetched.then((c) => c === null && clips.get(key) === fetched && clips.delete(key));
    // The oldest go: a game needs its current lines, not the whole evening's.
    for (const old of clips.keys()) {
      if (clips.size <= MAX_CLIPS) break;
      forget(old);
    }
  }
  return clip;
}

/** Fetches a line the game will say soon (the next question, during the feedback): no wait when it comes. */
export function prefetchServerLine(line: ServerLine): void {
  void clipOf(line);
}

/** Plays a clip to its end (or until stopped); false when the browser could not play it. */
function play(url: string, run: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (run !== generation) return resolve(true);
    const audio = new Audio(url);
    playing = audio;
    const done = (played: boolean) => () => {
      if (playing === audio) playing = null;
      resolve(played);
    };
    audio.addEventListener('ended', done(true), { once: true });
    audio.addEventListener('error', done(false), { once: true });
    audio.addEventListener('pause', done(true), { once: true });
    // Refused before a tap counts as played (nothing to fetch again); a format it cannot play does not.
    audio.play().catch((error: unknown) => done((error as Error | null)?.name !== 'NotSupportedError')());
  });
}

/** Plays a line's clip; one in Ogg Opus that this browser cannot play after all is fetched again as WAV. */
async function playLine(line: ServerLine, clip: Promise<Clip | null>, run: number) {
  const ready = await clip;
  if (!ready || (await play(ready.url, run)) || ready.type !== 'audio/ogg' || run !== generation) return;
  playsOpus = false;
  forget(keyOf(line));
  const wav = await clipOf(line);
  if (wav) await play(wav.url, run);
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
  const fetched = lines.map(clipOf);
  if ((await fetched[0]) === null) return false;
  queue = queue.then(async () => {
    for (const [i, line] of lines.entries()) await playLine(line, fetched[i] as Promise<Clip | null>, run);
  });
  return true;
}

export function stopServerSpeech(): void {
  generation++;
  playing?.pause();
  playing = null;
  queue = Promise.resolve();
}

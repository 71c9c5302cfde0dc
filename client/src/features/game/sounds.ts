/** The game's short sound effects, made in the browser with Web Audio: no files to fetch or license. */
export type GameSound = 'lock' | 'right' | 'wrong' | 'win';

type Note = { frequency: number; start: number; length: number; type?: OscillatorType };

/** Each sound as notes: start and length in seconds. */
const SOUNDS: Record<GameSound, Note[]> = {
  // A low double knock: the answer is locked in.
  lock: [
    { frequency: 220, start: 0, length: 0.08, type: 'square' },
    { frequency: 165, start: 0.1, length: 0.12, type: 'square' },
  ],
  // A rising major triad.
  right: [
    { frequency: 523.25, start: 0, length: 0.12 },
    { frequency: 659.25, start: 0.1, length: 0.12 },
    { frequency: 783.99, start: 0.2, length: 0.25 },
  ],
  // Two falling tones.
  wrong: [
    { frequency: 311.13, start: 0, length: 0.25, type: 'sawtooth' },
    { frequency: 233.08, start: 0.22, length: 0.45, type: 'sawtooth' },
  ],
  // A short fanfare.
  win: [
    { frequency: 523.25, start: 0, length: 0.15 },
    { frequency: 659.25, start: 0.15, length: 0.15 },
    { frequency: 783.99, start: 0.3, length: 0.15 },
    { frequency: 1046.5, start: 0.45, length: 0.6 },
    { frequency: 783.99, start: 0.45, length: 0.6 },
  ],
};

const VOLUME = 0.12;
let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (typeof window === 'undefined' || !('AudioContext' in window)) return null;
  context ??= new AudioContext();
  // Created or suspended outside a tap: resumes on the next one (a pick is one).
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  return context;
}

/** Plays one of the game's sounds (callers check the Read aloud toggle, which mutes sounds too). */
export function playSound(sound: GameSound): void {
  const ctx = audio();
  if (!ctx) return;
  const now = ctx.currentTime;
  for (const note of SOUNDS[sound]) {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = note.type ?? 'triangle';
    oscillator.frequency.value = note.frequency;
    // A quick fade in and out: no clicks.
    gain.gain.setValueAtTime(0, now + note.start);
    gain.gain.linearRampToValueAtTime(VOLUME, now + note.start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + note.start + note.length);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(now + note.start);
    oscillator.stop(now + note.start + note.length + 0.05);
  }
}

/** Mono 16-bit audio samples at a sample rate: what espeak-ng writes and the Opus encoder reads. */
export type Pcm = { samples: Int16Array; sampleRate: number };

const RIFF = 0x46464952; // "RIFF", little-endian
const WAVE = 0x45564157;
const FMT = 0x20746d66;
const DATA = 0x61746164;

/**
 * The samples of a mono 16-bit PCM WAV file. espeak-ng writing to a pipe cannot know the length
 * when it starts, so its `data` chunk declares ~2 GB: the chunk runs to the end of the file.
 */
export function readWav(bytes: Uint8Array): Pcm {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 12 || view.getUint32(0, true) !== RIFF || view.getUint32(8, true) !== WAVE) {
    throw new Error('not a WAV file');
  }
  let sampleRate = 0;
  for (let at = 12; at + 8 <= bytes.length; ) {
    const id = view.getUint32(at, true);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === FMT) {
      const format = view.getUint16(body, true);
      const channels = view.getUint16(body + 2, true);
      const bits = view.getUint16(body + 14, true);
      if (format !== 1 || channels !== 1 || bits !== 16) throw new Error('not mono 16-bit PCM');
      sampleRate = view.getUint32(body + 4, true);
    } else if (id === DATA) {
      if (!sampleRate) throw new Error('WAV data before its format');
      const end = Math.min(bytes.length, body + size);
      const length = Math.floor((end - body) / 2);
      const samples = new Int16Array(length);
      for (let i = 0; i < length; i++) samples[i] = view.getInt16(body + i * 2, true);
      return { samples, sampleRate };
    }
    at = body + size + (size % 2);
  }
  throw new Error('a WAV file without data');
}

/** A mono 16-bit PCM WAV file: what every browser plays. */
export function writeWav({ samples, sampleRate }: Pcm): Buffer {
  const out = Buffer.alloc(44 + samples.length * 2);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + samples.length * 2, 4);
  out.write('WAVEfmt ', 8, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(samples.length * 2, 40);
  for (let i = 0; i < samples.length; i++) out.writeInt16LE(samples[i] ?? 0, 44 + i * 2);
  return out;
}

/**
 * The samples at another rate, by linear interpolation: enough for a synthetic voice going up
 * from espeak-ng's 22,050 Hz to one of the rates Opus takes (going down would need a filter first).
 */
export function resample({ samples, sampleRate }: Pcm, rate: number): Pcm {
  if (rate === sampleRate) return { samples, sampleRate };
  const length = Math.floor((samples.length * rate) / sampleRate);
  const out = new Int16Array(length);
  const step = sampleRate / rate;
  for (let i = 0; i < length; i++) {
    const at = i * step;
    const before = Math.floor(at);
    const a = samples[before] ?? 0;
    const b = samples[before + 1] ?? a;
    out[i] = Math.round(a + (b - a) * (at - before));
  }
  return { samples: out, sampleRate: rate };
}

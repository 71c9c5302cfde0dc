import { describe, expect, it } from 'vitest';
import { decodeOggOpus, encodeOggOpus } from './ogg-opus';
import { type Pcm, readWav, resample, writeWav } from './pcm';

/** Two seconds of a voice-like tone at espeak-ng's rate: a 220 Hz hum whose loudness comes and goes. */
function tone(): Pcm {
  const sampleRate = 22_050;
  const samples = new Int16Array(sampleRate * 2);
  for (let i = 0; i < samples.length; i++) {
    const t = i / sampleRate;
    samples[i] = Math.round(Math.sin(2 * Math.PI * 220 * t) * 8000 * (0.6 + 0.4 * Math.sin(2 * Math.PI * 3 * t)));
  }
  return { samples, sampleRate };
}

const rms = (samples: Int16Array) => Math.sqrt(samples.reduce((sum, s) => sum + s * s, 0) / samples.length);

describe('Ogg Opus clips', () => {
  it('packs speech ~15 times smaller than WAV, in pages a player reads, and decodes to as long a sound', async () => {
    const pcm = tone();
    const wav = writeWav(pcm);
    const ogg = await encodeOggOpus(pcm);
    expect(ogg.subarray(0, 4).toString()).toBe('OggS');
    expect(ogg[5]).toBe(0x02); // the first page begins the stream
    expect(ogg.subarray(28, 36).toString()).toBe('OpusHead');
    expect(ogg.length).toBeLessThan(wav.length / 10);

    const decoded = await decodeOggOpus(ogg);
    expect(decoded.sampleRate).toBe(16_000);
    // Exactly as long: the encoder's delay skipped, its padding cut at the end.
    expect(decoded.samples.length).toBe(2 * 16_000);
    // The sound is there, about as loud (a codec is lossy; silence would be 0).
    const expected = rms(resample(pcm, 16_000).samples);
    expect(rms(decoded.samples)).toBeGreaterThan(expected * 0.7);
    expect(rms(decoded.samples)).toBeLessThan(expected * 1.3);
  });

  it('reads espeak-ng’s WAV, whose data chunk claims to run on', () => {
    const wav = writeWav(tone());
    wav.writeUInt32LE(0x7ffff000, 40); // as espeak-ng writes to a pipe
    const pcm = readWav(wav);
    expect(pcm.sampleRate).toBe(22_050);
    expect(pcm.samples.length).toBe(44_100);
    expect(() => readWav(Buffer.from('not a wav at all'))).toThrow('not a WAV file');
  });
});

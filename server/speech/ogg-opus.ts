import { setImmediate as nextTurn } from 'node:timers/promises';
import type OpusScript from 'opusscript';
import { type Pcm, resample } from './pcm';

/**
 * Speech as Opus in an Ogg file (RFC 7845), through opusscript (libopus compiled to WebAssembly;
 * MIT, libopus BSD): a small fraction of espeak-ng's WAV (bench/README.md, "Speech"), and what
 * Chromium, Firefox and Android play. Encoded at 24 kHz (espeak-ng speaks at 22,050 Hz, which Opus does not
 * take), 20-ms frames, tuned for a voice.
 */
const RATE = 24_000;
const FRAME = RATE / 50;
const BITRATE = 24_000;
/** The encoder's delay at 48 kHz, which a player skips (RFC 7845 §4.2): 6.5 ms for these settings. */
const PRE_SKIP = 312;
/** Frames encoded before the event loop is let go: a long line never holds other requests up. */
const FRAMES_PER_TURN = 10;
const PACKETS_PER_PAGE = 50;
const SERIAL = 0x51754c61;
const OPUS_SET_COMPLEXITY = 4010;
const OPUS_SET_SIGNAL = 4024;
const OPUS_SET_MAX_BANDWIDTH = 4004;
const OPUS_BANDWIDTH_WIDEBAND = 1103;
const OPUS_SIGNAL_VOICE = 3001;

let opusScript: Promise<typeof OpusScript> | null = null;
/** Loaded with the first clip, not at start-up: its WebAssembly is compiled as it loads. */
const opus = () => {
  opusScript ??= import('opusscript').then((module) => module.default);
  return opusScript;
};

/** Ogg's CRC-32: polynomial 0x04c11db7, not reflected, starting at 0. */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let crc = n << 24;
  for (let bit = 0; bit < 8; bit++) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
  return crc >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) ^ (CRC_TABLE[((crc >>> 24) ^ byte) & 0xff] ?? 0)) >>> 0;
  return crc;
}

/** One Ogg page holding whole packets (RFC 3533). */
function oggPage(packets: Uint8Array[], granule: number, sequence: number, flags: number): Buffer {
  const lacing: number[] = [];
  for (const packet of packets) {
    for (let left = packet.length; ; left -= 255) {
      lacing.push(Math.min(left, 255));
      if (left < 255) break;
    }
  }
  const header = Buffer.alloc(27 + lacing.length);
  header.write('OggS', 0, 'ascii');
  header[5] = flags;
  header.writeBigUInt64LE(BigInt(granule), 6);
  header.writeUInt32LE(SERIAL, 14);
  header.writeUInt32LE(sequence, 18);
  header[26] = lacing.length;
  header.set(lacing, 27);
  const page = Buffer.concat([header, ...packets]);
  page.writeUInt32LE(crc32(page), 22);
  return page;
}

function opusHead(): Buffer {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'ascii');
  head[8] = 1; // version
  head[9] = 1; // mono
  head.writeUInt16LE(PRE_SKIP, 10);
  head.writeUInt32LE(RATE, 12);
  return head; // output gain 0, channel mapping family 0
}

function opusTags(): Buffer {
  const vendor = Buffer.from('Quiz Ladder', 'ascii');
  const tags = Buffer.alloc(8 + 4 + vendor.length + 4);
  tags.write('OpusTags', 0, 'ascii');
  tags.writeUInt32LE(vendor.length, 8);
  tags.set(vendor, 12);
  return tags; // no comments
}

/** The samples as an Ogg Opus file. */
export async function encodeOggOpus(pcm: Pcm): Promise<Buffer> {
  const Opus = await opus();
  const { samples } = resample(pcm, RATE);
  const encoder = new Opus(RATE, 1, Opus.Application.VOIP);
  try {
    encoder.setBitrate(BITRATE);
    encoder.encoderCTL(OPUS_SET_SIGNAL, OPUS_SIGNAL_VOICE);
    // The least work (encoding runs on the event loop) and wideband, a voice's 8 kHz: a synthetic
    // voice gains little from more, and the clip is smaller.
    encoder.encoderCTL(OPUS_SET_COMPLEXITY, 0);
    encoder.encoderCTL(OPUS_SET_MAX_BANDWIDTH, OPUS_BANDWIDTH_WIDEBAND);
    const pages = [oggPage([opusHead()], 0, 0, 0x02), oggPage([opusTags()], 0, 1, 0)];
    // The encoder's delay pushes the end out: frames run that much past the last sample.
    const frames = Math.ceil((samples.length + PRE_SKIP / 2) / FRAME);
    const end = PRE_SKIP + samples.length * (48_000 / RATE);
    let packets: Buffer[] = [];
    const frame = Buffer.alloc(FRAME * 2);
    for (let n = 0; n < frames; n++) {
      frame.fill(0);
      const piece = samples.subarray(n * FRAME, (n + 1) * FRAME);
      for (let i = 0; i < piece.length; i++) frame.writeInt16LE(piece[i] ?? 0, i * 2);
      packets.push(encoder.encode(frame, FRAME));
      const last = n === frames - 1;
      if (packets.length === PACKETS_PER_PAGE || last) {
        const granule = last ? end : PRE_SKIP + (n + 1) * FRAME * (48_000 / RATE);
        pages.push(oggPage(packets, granule, pages.length, last ? 0x04 : 0));
        packets = [];
      }
      if (n % FRAMES_PER_TURN === FRAMES_PER_TURN - 1) await nextTurn();
    }
    return Buffer.concat(pages);
  } finally {
    encoder.delete();
  }
}

/** The packets of an Ogg file, and the last page's granule position. */
function oggPackets(bytes: Uint8Array): { packets: Uint8Array[]; granule: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const packets: Uint8Array[] = [];
  let partial: Uint8Array[] = [];
  let granule = 0;
  for (let at = 0; at + 27 <= bytes.length; ) {
    if (view.getUint32(at, true) !== 0x5367674f) throw new Error('not an Ogg page');
    granule = Number(view.getBigUint64(at + 6, true));
    const count = bytes[at + 26] ?? 0;
    let data = at + 27 + count;
    for (let i = 0; i < count; i++) {
      const size = bytes[at + 27 + i] ?? 0;
      partial.push(bytes.subarray(data, data + size));
      data += size;
      if (size < 255) {
        packets.push(Buffer.concat(partial));
        partial = [];
      }
    }
    at = data;
  }
  return { packets, granule };
}

/** Browsers that play no Opus get this rate: the clips are wideband (to 8 kHz), so nothing is lost. */
const WAV_RATE = 16_000;

/**
 * The samples of an Ogg Opus file made by encodeOggOpus, at 16 kHz: for a browser that plays no
 * Opus (Safari), which is sent them as WAV.
 */
export async function decodeOggOpus(bytes: Uint8Array): Promise<Pcm> {
  const Opus = await opus();
  const { packets, granule } = oggPackets(bytes);
  const head = packets[0];
  if (!head || Buffer.from(head.subarray(0, 8)).toString('latin1') !== 'OpusHead' || head[9] !== 1) {
    throw new Error('not a mono Ogg Opus file');
  }
  const preSkip = (head[10] ?? 0) | ((head[11] ?? 0) << 8);
  const per48k = 48_000 / WAV_RATE;
  const decoder = new Opus(WAV_RATE, 1);
  try {
    const pieces: Buffer[] = [];
    for (const [n, packet] of packets.slice(2).entries()) {
      pieces.push(decoder.decode(Buffer.from(packet)));
      if (n % FRAMES_PER_TURN === FRAMES_PER_TURN - 1) await nextTurn();
    }
    const decoded = Buffer.concat(pieces);
    const skip = Math.round(preSkip / per48k);
    const length = Math.max(0, Math.min(decoded.length / 2 - skip, Math.round((granule - preSkip) / per48k)));
    const samples = new Int16Array(length);
    for (let i = 0; i < length; i++) samples[i] = decoded.readInt16LE((skip + i) * 2);
    return { samples, sampleRate: WAV_RATE };
  } finally {
    decoder.delete();
  }
}

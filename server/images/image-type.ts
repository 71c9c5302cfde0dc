/** The image formats a question may use (spec §3), judged by their bytes. */
export const IMAGE_TYPES = ['png', 'jpeg', 'webp', 'gif'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * What an upload is by its first bytes (its "magic number"), never by its name or declared type:
 * PNG, JPEG, WebP or GIF, else null (SVG, HTML, text named .png, anything else).
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  return null;
}

/** The chunks of a WebP holding pixels and animation, nothing else (no EXIF, XMP or ICC profile). */
const PICTURE_CHUNKS = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF']);

/**
 * Whether the bytes are a WebP exactly as the image store writes it: RIFF's length is the file's,
 * every chunk is one of pixels or animation, and nothing follows the last one (no metadata, no
 * second file riding along).
 */
export function isPlainWebp(bytes: Uint8Array): boolean {
  if (sniffImageType(bytes) !== 'webp') return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(4, true) !== bytes.length - 8) return false;
  let at = 12;
  while (at + 8 <= bytes.length) {
    const fourcc = String.fromCharCode(...bytes.subarray(at, at + 4));
    if (!PICTURE_CHUNKS.has(fourcc)) return false;
    const size = view.getUint32(at + 4, true);
    at += 8 + size + (size % 2);
  }
  return at === bytes.length;
}

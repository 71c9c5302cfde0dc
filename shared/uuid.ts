/**
 * Sixteen bytes as an RFC 9562 UUID of `version`: its version and variant bits set, in the
 * 8-4-4-4-12 hex form. What the bytes hold besides is the caller's (random, or a time then random).
 */
export function uuidOf(bytes: Uint8Array, version: 4 | 7): string {
  const set = Uint8Array.from(bytes);
  set[6] = ((set[6] as number) & 0x0f) | (version << 4);
  set[8] = ((set[8] as number) & 0x3f) | 0x80;
  const hex = Array.from(set, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

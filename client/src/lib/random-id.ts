import { uuidOf } from '#shared/uuid.ts';

/**
 * A random UUID (v4). crypto.randomUUID exists only in secure contexts (https, localhost); a
 * family on a home network at http://192.168.x.x gets one from getRandomValues all the same.
 */
export function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return uuidOf(crypto.getRandomValues(new Uint8Array(16)), 4);
}

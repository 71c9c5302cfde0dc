import { uuidOf } from './uuid';

/**
 * A new game's id: a UUID v7 (RFC 9562), the milliseconds since 1970 in its first 48 bits and 74
 * random bits after. The browser makes it (a start whose reply was lost is sent again with the same
 * id: the game it made, not a second one); the server when a caller sends none. Ids in the order
 * games start land at the end of the games' id index, on a page a start has just written, where
 * random ones land each on a page of their own among millions: a start writes fewer pages
 * (bench/README.md, "Game ids in the order games start").
 */
export function newGameId(now: number = Date.now()): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let time = Math.max(0, Math.floor(now));
  for (let i = 5; i >= 0; i--) {
    bytes[i] = time % 256;
    time = Math.floor(time / 256);
  }
  return uuidOf(bytes, 7);
}

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

/**
 * What newGameId makes, and all a start takes: a v7 UUID in its canonical lower case (an upper-case
 * spelling would be another game to SQLite), not the nil id, a v1's or a v4's.
 */
export const GAME_ID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * How far from the server's clock a new game's id may say it was made. A day holds a device whose
 * clock is on the wrong time zone (local time taken for UTC: up to 14 hours off) and a retry of a
 * start (seconds, or minutes offline); an id beyond it, a far-future one that would sort after
 * every game to come, is not used (isCurrentGameId).
 */
export const GAME_ID_CLOCK_WINDOW_MS = 24 * 60 * 60 * 1000;

/** When a v7 id says it was made, in milliseconds since 1970. */
export const gameIdTime = (id: string) => Number.parseInt(`${id.slice(0, 8)}${id.slice(9, 13)}`, 16);

/**
 * Whether a new game may have the id a browser made for it: a canonical v7 made within a day of
 * `now`. A device whose clock is further off starts its game all the same, under an id the server
 * makes (server/services/game.ts).
 */
export function isCurrentGameId(id: string, now: number = Date.now()): boolean {
  return GAME_ID_V7.test(id) && Math.abs(gameIdTime(id) - now) <= GAME_ID_CLOCK_WINDOW_MS;
}

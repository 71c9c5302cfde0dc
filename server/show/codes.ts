import { randomInt } from 'node:crypto';
import { ROOM_CODES, roomCodeOf } from '#shared/show.ts';
import { DomainError } from '../errors';

/** Draws before giving up: with a million codes, even 10,000 live shows take one draw in a hundred. */
const CODE_DRAWS = 50;

/** A random room code (crypto) that no live show holds. */
export function newRoomCode(isTaken: (code: string) => boolean): string {
  for (let i = 0; i < CODE_DRAWS; i++) {
    const code = roomCodeOf(randomInt(ROOM_CODES));
    if (!isTaken(code)) return code;
  }
  throw new DomainError('SERVICE_UNAVAILABLE', 'errors:generic');
}

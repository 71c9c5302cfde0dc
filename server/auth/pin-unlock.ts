import { DomainError } from '../errors';
import type { Writer } from '../writer';
import { pinLockedOut } from './parent-lock';
import { pinMatches } from './pin-hash';

// It calls the writer, which runs parent-lock.ts's writes: apart from them, nothing imports back.

/**
 * Opens the lock on this device with the PIN: the try taken and counted first (takePinTry), then
 * hashed off the writer, then a right one recorded. Wrong: errors:pin.wrong, or errors:pin.lockedOut
 * when it was the try that ran out the budget (said at once, not only at the next).
 */
export async function unlockWithPin(writer: Writer, userId: string, sessionId: string, pin: string): Promise<void> {
  const taken = await writer.takePinTry(userId, sessionId);
  if (taken.pinHash === null) return;
  if ((await pinMatches(pin, taken.pinHash)) && (await writer.pinTryRight(userId, sessionId, taken.pinHash))) return;
  throw taken.lockedOutFor !== null
    ? pinLockedOut(taken.lockedOutFor)
    : new DomainError('BAD_REQUEST', 'errors:pin.wrong');
}

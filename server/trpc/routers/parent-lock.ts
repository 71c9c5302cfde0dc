import { z } from 'zod';
import { isUnlocked, PIN_PATTERN } from '#shared/parent-lock.ts';
import { hashPin } from '../../auth/pin-hash';
import { unlockWithPin } from '../../auth/pin-unlock';
import { parentProcedure, protectedProcedure, router } from '../trpc';

const pinInput = z.object({ pin: z.string().regex(PIN_PATTERN, 'errors:pin.format') });

/** The parent lock (shared/parent-lock.ts): its state, a PIN set, changed or removed, an unlock, a lock. */
export const parentLockRouter = router({
  status: protectedProcedure.query(({ ctx }) => ({
    hasPin: ctx.user.hasPin,
    unlocked: ctx.user.hasPin && isUnlocked(true, ctx.session.unlockedUntil),
  })),
  /** Sets or changes the PIN: with one already set, only while the lock is open. */
  set: parentProcedure.input(pinInput).mutation(async ({ ctx, input }) => {
    await ctx.writer.setPin(ctx.user.id, ctx.session.id, await hashPin(input.pin));
    return { ok: true };
  }),
  remove: parentProcedure.mutation(async ({ ctx }) => {
    await ctx.writer.removePin(ctx.user.id);
    return { ok: true };
  }),
  /**
   * Opens the lock on this device for a few minutes; five wrong PINs in a row refuse tries on this
   * device for a while, longer each time (server/auth/parent-lock.ts).
   */
  unlock: protectedProcedure.input(pinInput).mutation(async ({ ctx, input }) => {
    await unlockWithPin(ctx.writer, ctx.user.id, ctx.session.id, input.pin);
    return { ok: true };
  }),
  /**
   * The parent is still at work (admin pages): an open lock stays open UNLOCK_MS more; a closed one
   * stays closed (the PIN again). Whether it is open.
   */
  keepOpen: protectedProcedure.mutation(async ({ ctx }) => ({
    unlocked: ctx.user.hasPin && (await ctx.writer.keepUnlocked(ctx.user.id, ctx.session.id)),
  })),
  /** Closes the lock on this device (the parent is done). */
  lock: protectedProcedure.mutation(async ({ ctx }) => {
    await ctx.writer.lockSession(ctx.session.id);
    return { ok: true };
  }),
});

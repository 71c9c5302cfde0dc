import { z } from 'zod';
import { createProfileInput, profileIdInput, setTtsInput, updateProfileInput } from '#shared/schemas/profile.ts';
import { assertParentUnlocked } from '../../auth/parent-lock';
import { profileHistory } from '../../services/profile-history';
import { getOwnedProfile, listProfiles } from '../../services/profiles';
import { parentProcedure, protectedProcedure, router } from '../trpc';

export const profilesRouter = router({
  list: protectedProcedure.query(({ ctx }) => listProfiles(ctx.db, ctx.user.id)),
  byId: protectedProcedure
    .input(profileIdInput)
    .query(({ ctx, input }) => getOwnedProfile(ctx.db, ctx.user.id, input.profileId)),
  /** The profile's last games and right answers by category, for /pre-game. */
  history: protectedProcedure
    .input(profileIdInput)
    .query(({ ctx, input }) => profileHistory(ctx.db, ctx.user.id, input.profileId)),
  create: parentProcedure
    .input(createProfileInput)
    .mutation(({ ctx, input }) => ctx.writer.createProfile(ctx.user.id, input)),
  update: parentProcedure
    .input(updateProfileInput)
    .mutation(({ ctx, input }) => ctx.writer.updateProfile(ctx.user.id, input)),
  remove: parentProcedure.input(profileIdInput).mutation(async ({ ctx, input }) => {
    await ctx.writer.deleteProfile(ctx.user.id, input.profileId);
    return { ok: true };
  }),
  /**
   * The speech toggle: the playing profile's own is play (the game screen's button); another
   * profile's is a parent's setting, behind the lock.
   */
  setTts: protectedProcedure.input(setTtsInput).mutation(async ({ ctx, input }) => {
    if (input.profileId !== ctx.session.activeProfileId) assertParentUnlocked(ctx.user, ctx.session);
    await ctx.writer.setTtsEnabled(ctx.user.id, input.profileId, input.ttsEnabled);
    return { ok: true };
  }),
  /** Makes a profile the session's active one (null: back to the picker). */
  choose: protectedProcedure
    .input(z.object({ profileId: z.uuid().nullable() }))
    .mutation(({ ctx, input }) => ctx.writer.chooseActiveProfile(ctx.user.id, ctx.session.id, input.profileId)),
});

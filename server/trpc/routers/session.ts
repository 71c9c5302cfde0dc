import { getOwnedProfile } from '../../services/profiles';
import { publicProcedure, router } from '../trpc';

export const sessionRouter = router({
  /** Who is signed in, with the session's active profile; nulls when signed out. */
  me: publicProcedure.query(({ ctx }) => {
    if (!ctx.user || !ctx.session) return { user: null, activeProfile: null };
    const activeId = ctx.session.activeProfileId;
    return {
      user: {
        displayName: ctx.user.displayName,
        email: ctx.user.email,
        photoUrl: ctx.user.photoUrl,
        isAdmin: ctx.user.isAdmin,
      },
      activeProfile: activeId ? getOwnedProfile(ctx.db, ctx.user.id, activeId) : null,
    };
  }),
});

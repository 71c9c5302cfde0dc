import {
  answerShowInput,
  configureShowInput,
  createShowInput,
  joinShowInput,
  lookupShowInput,
  nextQuestionInput,
  removePlayerInput,
  showIdInput,
  watchHostInput,
  watchPlayerInput,
} from '#shared/schemas/show.ts';
import { asJoinAttempt, countShowAnswer } from '../../rate-limits';
import { currentShow, joinedShow, lookupShow } from '../../show/state';
import { protectedProcedure, publicProcedure, router } from '../trpc';

const ok = { ok: true } as const;

/**
 * The family show (/work/helpers/show-contract.md): the host's TV is the account's session, each
 * phone its join token (an httpOnly cookie set by join). Streams send each viewer's whole
 * snapshot, tracked by the show's version, so a reconnecting screen resumes where it was.
 */
export const showRouter = router({
  // ----- The host (a signed-in account; another account's show is NOT_FOUND) -----
  create: protectedProcedure.input(createShowInput).mutation(({ ctx, input }) => ctx.shows.create(ctx.user.id, input)),
  /** The account's show still open (to resume after a reload), or null. */
  current: protectedProcedure.query(({ ctx }) => currentShow(ctx.db, ctx.user.id)),
  /** Where phones join (the TV's QR code and address): PUBLIC_URL's, else a network address phones reach. */
  joinOrigin: protectedProcedure.query(({ ctx }) => ({ origin: ctx.visitor.joinOrigin() })),
  configure: protectedProcedure.input(configureShowInput).mutation(async ({ ctx, input }) => {
    await ctx.shows.configure(ctx.user.id, input);
    return ok;
  }),
  start: protectedProcedure.input(showIdInput).mutation(async ({ ctx, input }) => {
    await ctx.shows.start(ctx.user.id, input.showId);
    return ok;
  }),
  next: protectedProcedure.input(nextQuestionInput).mutation(async ({ ctx, input }) => {
    await ctx.shows.next(ctx.user.id, input.showId, input.position);
    return ok;
  }),
  end: protectedProcedure.input(showIdInput).mutation(async ({ ctx, input }) => {
    await ctx.shows.end(ctx.user.id, input.showId);
    return ok;
  }),
  close: protectedProcedure.input(showIdInput).mutation(async ({ ctx, input }) => {
    await ctx.shows.close(ctx.user.id, input.showId);
    return ok;
  }),
  removePlayer: protectedProcedure.input(removePlayerInput).mutation(async ({ ctx, input }) => {
    await ctx.shows.removePlayer(ctx.user.id, input.showId, input.playerId);
    return ok;
  }),
  /** The TV's stream: a HostView at each change (presence included), then { kind: 'closed' }. */
  watch: protectedProcedure
    .input(watchHostInput)
    .subscription(({ ctx, input, signal }) =>
      ctx.shows.hostEvents(ctx.user.id, input.showId, input.lastEventId ?? null, signal),
    ),

  // ----- A phone (no account needed: the join token in its cookie says which player it is) -----
  /** What a room code opens to, before joining; counted as a join attempt. */
  lookup: publicProcedure
    .input(lookupShowInput)
    .query(({ ctx, input }) =>
      asJoinAttempt(ctx.limiter, ctx.visitor.ip, input.code, () =>
        lookupShow(ctx.db, ctx.user?.id ?? null, input.code),
      ),
    ),
  join: publicProcedure.input(joinShowInput).mutation(async ({ ctx, input }) => {
    const { token, ...joined } = await asJoinAttempt(ctx.limiter, ctx.visitor.ip, input.code, () =>
      ctx.shows.join(ctx.user?.id ?? null, input),
    );
    ctx.visitor.setJoinToken(token);
    return joined;
  }),
  /** This phone's player, or null (no token, or its show is over). */
  me: publicProcedure.query(({ ctx }) => joinedShow(ctx.db, ctx.visitor.joinToken)),
  answer: publicProcedure.input(answerShowInput).mutation(async ({ ctx, input }) => {
    await countShowAnswer(ctx.limiter, ctx.visitor.ip);
    return ctx.shows.answer(ctx.visitor.joinToken ?? '', input);
  }),
  leave: publicProcedure.mutation(async ({ ctx }) => {
    await ctx.shows.leave(ctx.visitor.joinToken ?? '');
    ctx.visitor.setJoinToken(null);
    return ok;
  }),
  /** The phone's stream: a PlayerView at each change, then { kind: 'gone' } if it is removed or the show closes. */
  play: publicProcedure
    .input(watchPlayerInput)
    .subscription(({ ctx, input, signal }) =>
      ctx.shows.playerEvents(ctx.visitor.joinToken, input.lastEventId ?? null, signal),
    ),
});

import { initTRPC } from '@trpc/server';
import { forbidden, trpcErrorBody, trpcErrorOf, unauthorized } from '../errors';
import type { Context } from './context';

const t = initTRPC.context<Context>().create({
  // server/errors.ts decides what an error answer says: English text, the i18n key, never a stack.
  errorFormatter({ shape, error }) {
    const { stack: _stack, ...data } = shape.data;
    const { message, ...body } = trpcErrorBody(error);
    return { ...shape, message, data: { ...data, ...body } };
  },
});

/** A service's DomainError (or an input's ZodError) becomes the matching tRPC error (server/errors.ts). */
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  const mapped = trpcErrorOf(result.error.cause);
  if (mapped) throw mapped;
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(mapErrors);

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw unauthorized();
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

/** Admin work (spec §6, checked here on the server): FORBIDDEN to a signed-in non-admin, UNAUTHORIZED signed out. */
export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw forbidden();
  return next();
});

/** Per-session limits on the calls that write games (server/rate-limits.ts). */
export const gameStartProcedure = protectedProcedure.use(async ({ ctx, next }) => {
  await ctx.limiter.gameStart(ctx.session.id);
  return next();
});
export const answerProcedure = protectedProcedure.use(async ({ ctx, next }) => {
  await ctx.limiter.answer(ctx.session.id);
  return next();
});
export const reportProcedure = protectedProcedure.use(async ({ ctx, next }) => {
  await ctx.limiter.report(ctx.session.id);
  return next();
});

import { initTRPC } from '@trpc/server';
import { holdsNul } from '#shared/text.ts';
import { assertParentUnlocked } from '../auth/parent-lock';
import { forbidden, invalid, trpcErrorBody, trpcErrorOf, unauthorized } from '../errors';
import type { Context } from './context';

/** A ping on an idle stream keeps proxies from closing it; a client that hears nothing this long reconnects. */
export const SSE_PING_MS = 10_000;
export const SSE_RECONNECT_AFTER_MS = 25_000;

const t = initTRPC.context<Context>().create({
  // The family show's event streams (subscriptions over SSE): a phone whose connection died
  // without a word (a Wi-Fi change) notices within SSE_RECONNECT_AFTER_MS and reconnects.
  sse: {
    ping: { enabled: true, intervalMs: SSE_PING_MS },
    client: { reconnectAfterInactivityMs: SSE_RECONNECT_AFTER_MS },
  },
  // server/errors.ts decides what an error answer says: English text, the i18n key, never a stack.
  errorFormatter({ shape, error }) {
    const { stack: _stack, ...data } = shape.data;
    const { message, ...body } = trpcErrorBody(error);
    return { ...shape, message, data: { ...data, ...body } };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** A refusal made before the procedure runs, as the tRPC error it answers (server/errors.ts). */
const refusal = (error: unknown) => trpcErrorOf(error) ?? error;

/**
 * The rest of the chain's outcome, with a service's DomainError (or an input's ZodError) made the
 * matching tRPC error (server/errors.ts).
 */
function mapFailure<R extends { ok: true } | { ok: false; error: { cause?: unknown } }>(result: R): R {
  if (result.ok) return result;
  const mapped = trpcErrorOf(result.error.cause);
  if (mapped) throw mapped;
  return result;
}

/** Input holding a NUL character anywhere is refused before any procedure reads it (shared/text.ts). */
async function refuseNul(getRawInput: () => Promise<unknown>) {
  if (holdsNul(await getRawInput())) throw invalid('errors:invalidInput');
}

/*
 * Each kind of procedure runs its checks in one middleware of its own: tRPC copies a call's options
 * (and its context) at every middleware, and a game start or a pick passes through these thousands
 * of times a second (bench/README.md, "Fewer middlewares").
 */

export const publicProcedure = t.procedure.use(async ({ getRawInput, next }) => {
  try {
    await refuseNul(getRawInput);
  } catch (error) {
    throw refusal(error);
  }
  return mapFailure(await next());
});

/**
 * Signed in (UNAUTHORIZED otherwise), and within the account's limit for the calls rate-limits.ts
 * lists (TOO_MANY_REQUESTS over it).
 */
export const protectedProcedure = t.procedure.use(async ({ ctx, path, getRawInput, next }) => {
  try {
    await refuseNul(getRawInput);
    if (!ctx.user || !ctx.session) throw unauthorized();
    await ctx.limiter.consume(path, ctx.user.id);
  } catch (error) {
    throw refusal(error);
  }
  // tRPC merges this into the context: the user and session, known now to be there.
  return mapFailure(await next({ ctx: { user: ctx.user, session: ctx.session } }));
});

/** What the parent lock guards (shared/parent-lock.ts): FORBIDDEN (errors:pin.locked) while it is closed. */
const parentUnlocked = t.middleware(({ ctx, next }) => {
  if (ctx.user && ctx.session) assertParentUnlocked(ctx.user, ctx.session);
  return next();
});

/** Profile changes and the PIN's own: a parent's, with the lock open when there is a PIN. */
export const parentProcedure = protectedProcedure.use(parentUnlocked);

/**
 * Admin work (spec §6, checked here on the server): FORBIDDEN to a signed-in non-admin,
 * UNAUTHORIZED signed out, and behind the parent lock (a child playing in an admin's session).
 */
export const adminProcedure = protectedProcedure
  .use(({ ctx, next }) => {
    if (!ctx.user.isAdmin) throw forbidden();
    return next();
  })
  .use(parentUnlocked);

import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { DomainError } from '../errors';
import type { Context } from './context';

export const GENERIC_ERROR = 'errors:generic';

const t = initTRPC.context<Context>().create({
  // Never send stacks; validation errors list their issues.
  errorFormatter({ shape, error }) {
    const { stack: _stack, ...data } = shape.data;
    if (error.cause instanceof ZodError) {
      const issues = error.cause.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
      return { ...shape, data: { ...data, issues } };
    }
    if (error.code === 'INTERNAL_SERVER_ERROR') return { ...shape, message: GENERIC_ERROR, data };
    return { ...shape, data };
  },
});

/**
 * Domain errors thrown by services become the matching tRPC error; an invalid input's message
 * is its first issue (an i18n key where the schema names one), not zod's JSON dump.
 */
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  const { cause } = result.error;
  if (cause instanceof DomainError) throw new TRPCError({ code: cause.kind, message: cause.message, cause });
  if (cause instanceof ZodError) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: cause.issues[0]?.message ?? 'errors:generic', cause });
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(mapErrors);

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'errors:unauthorized' });
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isAdmin) throw new TRPCError({ code: 'FORBIDDEN', message: 'errors:forbidden' });
  return next();
});

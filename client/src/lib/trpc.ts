import { createTRPCReact } from '@trpc/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/router';

export const trpc = createTRPCReact<AppRouter>();
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** No game call waits longer than this: a silent network becomes "offline", not "Checking…" forever. */
export const CALL_TIMEOUT_MS = 10_000;

/** The options that give a call its timeout. */
export const withTimeout = () => ({ signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });

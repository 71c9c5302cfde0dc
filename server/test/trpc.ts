import { TRPCError } from '@trpc/server';

/** The TRPCError a call was refused with (the test fails if it succeeded or failed otherwise). */
export async function rejection(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof TRPCError)) throw new Error(`expected a TRPCError, got ${String(error)}`);
  return error;
}

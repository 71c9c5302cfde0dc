import { DomainError, type ErrorKind, type MessageParams } from '../errors';
import type { WriteOperation } from '../writer';

/** A thread's script and the flags that run it (threadScript in writer-client.ts). */
export type ThreadScript = { file: string; execArgv: string[] };

/** What the server's main thread and its writer thread (writer-thread.ts) say to each other. */
export type WriterData = { path: string; checkpointer: ThreadScript };
/** What the writer thread tells its checkpointer (checkpoint-thread.ts) as it starts it. */
export type CheckpointData = { path: string };
export type WriterRequest = { id: number; operation: WriteOperation; args: unknown[] };
export type WriterReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SerializedError };
export type WriterStatus = { type: 'ready' } | { type: 'failed'; error: SerializedError };

/**
 * An error on its way back from the writer thread: a DomainError keeps its kind (it is answered as
 * any other: 404, 409…); any other error only its name and message, for the log (it is answered
 * generically all the same).
 */
export type SerializedError =
  | { domain: true; kind: ErrorKind; message: string; retryAfterSeconds?: number; params?: MessageParams }
  | { domain: false; name: string; message: string };

export function serializeError(error: unknown): SerializedError {
  if (error instanceof DomainError) {
    const { kind, message, retryAfterSeconds, params } = error;
    return { domain: true, kind, message, retryAfterSeconds, params };
  }
  const { name = 'Error', message = String(error) } = (error ?? {}) as { name?: string; message?: string };
  return { domain: false, name, message };
}

export function deserializeError(serialized: SerializedError): Error {
  if (serialized.domain) {
    return new DomainError(serialized.kind, serialized.message, serialized.retryAfterSeconds, serialized.params);
  }
  return Object.assign(new Error(serialized.message), { name: serialized.name });
}

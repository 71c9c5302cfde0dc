import type { SeedResult } from '../db/seed/seed';
import type { SerializedError } from '../errors';
import type { WriteOperation } from './operations';

/** Messages between the server and its writer thread (writer.ts, writer-thread.ts). */
export type WriterRequest = { id: number; operation: WriteOperation; args: unknown[] };
export type WriterReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SerializedError };
export type WriterStatus = { type: 'ready'; seeded: SeedResult } | { type: 'failed'; error: SerializedError };
export type WriterData = { path: string; seed: boolean; purgeIntervalMs: number };

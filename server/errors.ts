import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { errorStrings } from '#shared/locales/errors.ts';

/**
 * Every error the server answers with is mapped here, once: services throw DomainErrors, which
 * become a tRPC error (trpcErrorOf) or a REST answer (httpErrorOf). Anything else is an unknown
 * error: logged by the transport and answered with a generic message, never its text.
 *
 * A DomainError's `message` is an i18n key of the `errors` namespace (shared/locales): the client
 * shows it in the player's language; REST and tRPC answers also carry the English text.
 */
export const ERROR_KINDS = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
  // An outside service (the AI one) failed or is not set up: said plainly, not a generic 500.
  'BAD_GATEWAY',
  'SERVICE_UNAVAILABLE',
  'GATEWAY_TIMEOUT',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export type MessageParams = Record<string, string | number>;

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    /** Seconds to wait before trying again (TOO_MANY_REQUESTS). */
    readonly retryAfterSeconds?: number,
    /** Values for the message's {{placeholders}}. */
    readonly params?: MessageParams,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const notFound = (message = 'errors:notFound') => new DomainError('NOT_FOUND', message);
export const forbidden = (message = 'errors:forbidden') => new DomainError('FORBIDDEN', message);
export const unauthorized = (message = 'errors:unauthorized') => new DomainError('UNAUTHORIZED', message);
export const invalid = (message: string) => new DomainError('BAD_REQUEST', message);
export const conflict = (message: string, params?: MessageParams) =>
  new DomainError('CONFLICT', message, undefined, params);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new DomainError('TOO_MANY_REQUESTS', 'errors:rateLimited', Math.max(1, Math.ceil(retryAfterSeconds)));

export const GENERIC_ERROR_KEY = 'errors:generic';
export const INVALID_INPUT_KEY = 'errors:invalidInput';

const STATUS_OF: Record<ErrorKind, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
};

/** English text for an `errors:` key (REST clients and tRPC's `message`); the key itself when it has none. */
export function englishMessage(key: string, params: MessageParams = {}): string {
  let node: unknown = errorStrings.en;
  const parts = key.replace(/^errors:/, '').split('.');
  // i18next's plurals: `key_one` / `key_other` when a count is given.
  if (typeof params.count === 'number') {
    const last = parts.pop() as string;
    parts.push(`${last}_${params.count === 1 ? 'one' : 'other'}`);
  }
  for (const part of parts) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') return key;
  return node.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => String(params[name] ?? placeholder));
}

/** The i18n key of an invalid input: its first issue's message where the schema names a key. */
function keyOfZodError(error: ZodError): string {
  const first = error.issues[0]?.message;
  return first?.startsWith('errors:') ? first : INVALID_INPUT_KEY;
}

// ---------------------------------------------------------------------------------------------
// To tRPC.

/** A service's DomainError or an input's ZodError as the matching tRPC error; null for unknown errors. */
export function trpcErrorOf(error: unknown): TRPCError | null {
  if (error instanceof TRPCError) return error;
  if (error instanceof DomainError) return new TRPCError({ code: error.kind, message: error.message, cause: error });
  if (error instanceof ZodError)
    return new TRPCError({ code: 'BAD_REQUEST', message: keyOfZodError(error), cause: error });
  return null;
}

/** tRPC's own refusals, made before any procedure runs, in our words ('' when it has none). */
function keyOfTrpcOwnError(error: TRPCError): string {
  if (error.code === 'UNSUPPORTED_MEDIA_TYPE') return 'errors:unsupportedContentType';
  if (error.code === 'PAYLOAD_TOO_LARGE') return 'errors:tooLarge';
  // resolveResponse's refusal of a batch over maxBatchSize (server/app.ts).
  if (error.code === 'BAD_REQUEST' && error.message === 'Batch call exceeds maximum size')
    return 'errors:batchTooLarge';
  return '';
}

/**
 * What a tRPC error answer says: `message` in English, `data.messageKey` for the client's
 * translation, the input's issues when it was invalid; never a stack or an unknown error's text.
 */
export function trpcErrorBody(error: TRPCError) {
  const cause = error.cause;
  let key: string;
  if (error.code === 'INTERNAL_SERVER_ERROR') key = GENERIC_ERROR_KEY;
  else if (cause instanceof ZodError) key = keyOfZodError(cause);
  else if (error.message.startsWith('errors:')) key = error.message;
  else key = keyOfTrpcOwnError(error);
  const issues =
    cause instanceof ZodError
      ? cause.issues.map((issue) => ({ path: issue.path.join('.'), message: englishMessage(issue.message) }))
      : undefined;
  const params = cause instanceof DomainError ? (cause.params ?? {}) : {};
  return {
    message: key ? englishMessage(key, params) : error.message,
    messageKey: key || null,
    messageParams: params,
    retryAfterSeconds: cause instanceof DomainError ? (cause.retryAfterSeconds ?? null) : null,
    issues,
  };
}

// ---------------------------------------------------------------------------------------------
// To REST.

export type HttpError = { status: number; body: { error: string }; headers: Record<string, string> };

/**
 * The REST answer for an error: a DomainError's status and English text; a Fastify error below
 * 500 (a body too large, a bad content type) its own status with a short text; anything else
 * 500 with a generic text (the caller logs it).
 */
export function httpErrorOf(error: unknown): HttpError {
  if (error instanceof DomainError) {
    return {
      status: STATUS_OF[error.kind],
      body: { error: englishMessage(error.message, error.params) },
      headers: error.retryAfterSeconds ? { 'Retry-After': String(error.retryAfterSeconds) } : {},
    };
  }
  if (error instanceof ZodError)
    return { status: 400, body: { error: englishMessage(keyOfZodError(error)) }, headers: {} };
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, body: { error: CLIENT_ERROR_TEXT[status] ?? 'Bad request.' }, headers: {} };
  }
  return { status: 500, body: { error: 'Internal server error' }, headers: {} };
}

/** Short texts for Fastify's own 4xx errors: their messages can quote the request, so they are not sent. */
const CLIENT_ERROR_TEXT: Record<number, string> = {
  400: 'Bad request.',
  404: 'Not found.',
  405: 'Method not allowed.',
  408: 'Request timed out.',
  413: 'Request body is too large.',
  414: 'URI is too long.',
  415: 'Unsupported content type: send application/json.',
  421: 'Misdirected request.',
  431: 'Request headers are too large.',
};

export function clientErrorText(status: number): string {
  return CLIENT_ERROR_TEXT[status] ?? 'Bad request.';
}

/** Not one of ours: logged, and answered generically. */
export function isUnknownError(error: unknown): boolean {
  return !(error instanceof DomainError) && httpErrorOf(error).status >= 500;
}

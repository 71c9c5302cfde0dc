import type { Socket } from 'node:net';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions, LogController } from 'fastify';
import { configuredGenerator } from './ai/configured-generator';
import { createGoogleSignIn, GOOGLE_ENDPOINTS, type GoogleSignIn, type OAuthEndpoints } from './auth/google';
import { authenticate, cookieSecurity } from './auth/request-auth';
import { authRoutes } from './auth/routes';
import type { ServerDeps } from './deps';
import type { Config } from './env';
import { clientErrorText, DomainError, englishMessage } from './errors';
import { gameRoutes } from './game/game-routes';
import { parseJsonBodies } from './http/json-bodies';
import { pageState, pictureToPreload } from './http/page-state';
import { answerError } from './http/rest';
import { rawClientErrorResponse, registerSecurity, securityHeaders } from './http/security';
import { registerClient } from './http/static-files';
import { imageRoutes } from './images/image-routes';
import { questionSetRoutes } from './question-sets/question-set-routes';
import { createGameLimiter, DEFAULT_RATE_LIMITS, type RateLimits } from './rate-limits';
import { imageUseCount } from './services/admin-question-edits';
import { createShowRuntime } from './show/runtime';
import { speechRoutes } from './speech/speech-routes';
import { contextFactory } from './trpc/context';
import { trpcRoutes } from './trpc/fastify-adapter';
import { type AppRouter, appRouter } from './trpc/router';

export type AppDeps = {
  config: Pick<
    Config,
    'PUBLIC_URL' | 'PORT' | 'signIn' | 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET' | 'ADMIN_EMAILS'
  > &
    Partial<Pick<Config, 'HOST' | 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_MODEL'>>;
  /** The server's read connection, its writer (server/writer) and where question images are stored. */
  deps: Omit<ServerDeps, 'limiter' | 'generator' | 'speech' | 'shows'> & Partial<Pick<ServerDeps, 'speech'>>;
  /** How long a request to the AI service may take (tests shorten it). */
  aiTimeoutMs?: number;
  /** The built client (dist/public); null serves the API alone. */
  publicDir?: string | null;
  /** Google's endpoints by default; tests point them at a local identity provider. */
  oauthEndpoints?: OAuthEndpoints;
  logger?: FastifyServerOptions['logger'];
  /** Sign-in attempts allowed per IP address per minute. */
  signInRateLimit?: number;
  rateLimits?: RateLimits;
  /**
   * Whether the family shows' timers run here (default: yes). A read replica's server would not
   * run them: the primary does (README, "Growing past one machine").
   */
  resumeShows?: boolean;
};

/** A server with local sign-in and nothing else configured: what tests and the bench run. */
export const LOCAL_ONLY_CONFIG: AppDeps['config'] = {
  signIn: 'local',
  ADMIN_EMAILS: [],
  PUBLIC_URL: undefined,
  // What app.inject() sends as Host (localhost:80); a listening server answers on its real port.
  PORT: 80,
  GOOGLE_CLIENT_ID: undefined,
  GOOGLE_CLIENT_SECRET: undefined,
};

export const BODY_LIMIT_BYTES = 64 * 1024;
/** Calls in one tRPC batch: the client's batch link sends a screen's few queries together, never more. */
export const MAX_BATCH_CALLS = 10;
const LOGGED_MESSAGE_CHARS = 300;

/** An error answered before tRPC runs, in tRPC's own shape (see errors.ts), so its client reads it like any other. */
function trpcShapedError(httpStatus: number, code: string, messageKey: string) {
  return { error: { message: englishMessage(messageKey), code: -32600, data: { code, httpStatus, messageKey } } };
}

/** `application/json`, with no charset or UTF-8's: what tRPC's client sends. */
function isJsonUtf8(contentType: string | undefined): boolean {
  const [type, ...parameters] = (contentType ?? '')
    .toLowerCase()
    .split(';')
    .map((part) => part.trim());
  return type === 'application/json' && parameters.every((p) => p === 'charset=utf-8' || p === '');
}

/** Query strings of sign-in callbacks carry one-time codes: never log them. */
function redactedUrl(url: string): string {
  return url.startsWith('/auth/') ? (url.split('?')[0] ?? url) : url;
}

/**
 * Errors are logged by their type, a message cut short and their stack without its message: an
 * error's message can quote the request's body (a JSON parser's, a validator's), and bodies are
 * never logged.
 */
function loggedError(error: { name?: string; message?: string; stack?: string; code?: unknown }) {
  const message = String(error.message ?? '');
  return {
    type: error.name ?? 'Error',
    code: typeof error.code === 'string' ? error.code : undefined,
    message: message.length > LOGGED_MESSAGE_CHARS ? `${message.slice(0, LOGGED_MESSAGE_CHARS)}…` : message,
    stack: (error.stack ?? '')
      .split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .join('\n'),
  };
}

export const loggerOptions = {
  redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  serializers: {
    req(request: { method: string; url: string; ip?: string }) {
      return { method: request.method, url: redactedUrl(request.url).slice(0, 500), ip: request.ip };
    },
    err: loggedError,
  },
};

/** Images no question ended up using (an abandoned form, a replaced image) go after a day. */
const UNUSED_IMAGE_AGE_MS = 24 * 60 * 60 * 1000;

function removeUnusedImagesHourly(app: FastifyInstance, deps: ServerDeps) {
  const sweep = () =>
    deps.images
      .removeUnused((imageUrl) => imageUseCount(deps.db, imageUrl) > 0, UNUSED_IMAGE_AGE_MS)
      .catch((error: unknown) => app.log.error({ err: error }, 'removing unused images failed'));
  const timer = setInterval(sweep, 60 * 60 * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

export async function buildApp(options: AppDeps) {
  const { config } = options;
  const publicOrigin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : null;
  const https = publicOrigin?.startsWith('https:') ?? false;
  const security = cookieSecurity(https);
  const site = { publicOrigin, listenHost: config.HOST ?? '127.0.0.1' };
  let log: (error: unknown, message: string) => void = () => undefined;
  const deps: ServerDeps = {
    ...options.deps,
    limiter: createGameLimiter(options.rateLimits ?? DEFAULT_RATE_LIMITS),
    generator: configuredGenerator(config, options.aiTimeoutMs),
    speech: options.deps.speech ?? null,
    shows: createShowRuntime({ ...options.deps, onError: (error, message) => log(error, message) }),
  };

  const app = Fastify({
    logger: options.logger ?? false,
    // A line a request only at LOG_LEVEL=debug (the hook below): at info, a busy day's requests
    // would be hundreds of MB of log. Warnings and errors are always written.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: 30_000,
    // Behind a reverse proxy on the same machine, take the client's address from it.
    trustProxy: publicOrigin ? ['127.0.0.1', '::1'] : false,
    routerOptions: { maxParamLength: 5000 },
    // Refused by the router (a malformed URL, a path parameter too long): a short answer with the usual headers.
    frameworkErrors(error, request, reply) {
      const status = (error as { statusCode?: number }).statusCode ?? 400;
      request.log.debug({ code: (error as { code?: string }).code, status }, 'request refused by the router');
      void (reply as FastifyReply)
        .code(status)
        .headers(securityHeaders(https))
        .send({ error: clientErrorText(status) });
    },
    // Refused by Node's HTTP parser (headers or request line too long, a malformed request).
    clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
      if (socket.writable) socket.write(rawClientErrorResponse(status, https));
      socket.destroy(error);
    },
  });

  log = (error, message) => app.log.error({ err: error }, message);
  // The family shows' timers run from the start (a restart resumes its shows), and stop with the app.
  if (options.resumeShows !== false) app.addHook('onReady', async () => deps.shows.resume());
  app.addHook('onClose', async () => deps.shows.stop());
  registerSecurity(app, { publicOrigin, port: config.PORT, listenHost: config.HOST });
  parseJsonBodies(app);
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  });

  // Set before any plugin is registered: each plugin keeps the error handler it was registered under.
  app.setErrorHandler(answerError);

  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });

  let google: GoogleSignIn | null = null;
  if (config.signIn === 'google' && config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    google = createGoogleSignIn(
      config.GOOGLE_CLIENT_ID,
      config.GOOGLE_CLIENT_SECRET,
      options.oauthEndpoints ?? GOOGLE_ENDPOINTS,
    );
  }
  await app.register(authRoutes, {
    deps,
    mode: config.signIn,
    google,
    adminEmails: config.ADMIN_EMAILS,
    security,
    publicOrigin,
    signInRateLimit: options.signInRateLimit ?? 10,
  });

  await app.register(async (trpcScope) => {
    // tRPC's adapter also reads form data and octet streams, for procedures made for them; ours
    // take JSON only, so anything else is a clear 415 before tRPC parses it.
    trpcScope.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'POST') return;
      if (!isJsonUtf8(request.headers['content-type'])) {
        return reply.code(415).send(trpcShapedError(415, 'UNSUPPORTED_MEDIA_TYPE', 'errors:unsupportedContentType'));
      }
      // An account already over its limit is refused before its body is read: one account at full
      // speed then costs the others little (bench/README.md, "Abuse").
      const procedures = (request.url.split('?')[0] ?? '').slice('/trpc/'.length).split(',');
      const auth = await authenticate({ ...deps, security }, request, reply);
      const wait = auth ? await deps.limiter.waitBefore(procedures, auth.user.id) : null;
      if (wait !== null) {
        return reply
          .code(429)
          .header('Retry-After', String(wait))
          .send(trpcShapedError(429, 'TOO_MANY_REQUESTS', 'errors:rateLimited'));
      }
    });
    await trpcScope.register(trpcRoutes<AppRouter>, {
      prefix: '/trpc',
      router: appRouter,
      createContext: contextFactory(deps, security, site),
      maxBatchSize: MAX_BATCH_CALLS,
      onError({ error, path, req }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') {
          req.log.error({ err: error.cause ?? error, path }, 'procedure failed');
        }
      },
      // A rate limit's answer says when to come back.
      responseMeta({ errors }) {
        const waits = errors.map((error) =>
          error.cause instanceof DomainError ? (error.cause.retryAfterSeconds ?? 0) : 0,
        );
        const retryAfter = Math.max(0, ...waits);
        return retryAfter > 0 ? { headers: { 'Retry-After': String(retryAfter) } } : {};
      },
    });
  });

  await app.register(gameRoutes, { deps, security });
  await app.register(imageRoutes, { deps, security, store: deps.images });
  await app.register(questionSetRoutes, { deps, security });
  await app.register(speechRoutes, { deps, security });
  removeUnusedImagesHourly(app, deps);
  const createContext = contextFactory(deps, security, site);
  await registerClient(app, options.publicDir ?? null, async (req, res, pathname) => {
    const state = await pageState(appRouter.createCaller(await createContext({ req, res })), pathname);
    return { state, picture: pictureToPreload(state, pathname) };
  });

  return app;
}

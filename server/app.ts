import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { createGoogleSignIn, GOOGLE_ENDPOINTS, type GoogleSignIn, type OAuthEndpoints } from './auth/google';
import { authRoutes } from './auth/routes';
import type { Db } from './db/database';
import type { Config } from './env';
import { apiRoutes } from './http/api-routes';
import { registerSecurity } from './http/security';
import { registerClient } from './http/static-files';
import { contextFactory } from './trpc/context';
import { trpcRoutes } from './trpc/fastify-adapter';
import { type AppRouter, appRouter } from './trpc/router';

export type AppDeps = {
  config: Pick<Config, 'PUBLIC_URL' | 'signIn' | 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET' | 'ADMIN_EMAILS'>;
  db: Db;
  /** The built client (dist/public); null serves the API alone. */
  publicDir?: string | null;
  /** Google's endpoints by default; tests point them at a local identity provider. */
  oauthEndpoints?: OAuthEndpoints;
  logger?: FastifyServerOptions['logger'];
  signInRateLimit?: number;
};

/** A server with local sign-in and nothing else configured: what tests and the bench run. */
export const LOCAL_ONLY_CONFIG: AppDeps['config'] = {
  signIn: 'local',
  ADMIN_EMAILS: [],
  PUBLIC_URL: undefined,
  GOOGLE_CLIENT_ID: undefined,
  GOOGLE_CLIENT_SECRET: undefined,
};

export const BODY_LIMIT_BYTES = 64 * 1024;

/** Query strings of sign-in callbacks carry one-time codes: never log them. */
function redactedUrl(url: string): string {
  return url.startsWith('/auth/') ? (url.split('?')[0] ?? url) : url;
}

export const loggerOptions = {
  redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  serializers: {
    req(request: { method: string; url: string; ip?: string }) {
      return { method: request.method, url: redactedUrl(request.url), ip: request.ip };
    },
  },
};

export async function buildApp(deps: AppDeps) {
  const { config, db } = deps;
  const publicOrigin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : null;
  const https = publicOrigin?.startsWith('https:') ?? false;
  const security = { secure: https };

  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: 30_000,
    // Behind a reverse proxy on the same machine, take the client's address from it.
    trustProxy: publicOrigin ? ['127.0.0.1', '::1'] : false,
    routerOptions: { maxParamLength: 5000 },
  });

  registerSecurity(app, { publicOrigin, https });

  // Unknown errors are logged and answered generically: no stacks, SQL or paths leave the server.
  // Set before any plugin is registered: each plugin keeps the error handler it was registered under.
  app.setErrorHandler((error: { statusCode?: number; message?: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'request failed');
    const message =
      status === 500 ? 'Internal server error' : status === 413 ? 'Request body is too large.' : error.message;
    return reply.code(status).send({ error: message });
  });

  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });

  let google: GoogleSignIn | null = null;
  if (config.signIn === 'google' && config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    google = createGoogleSignIn(
      config.GOOGLE_CLIENT_ID,
      config.GOOGLE_CLIENT_SECRET,
      deps.oauthEndpoints ?? GOOGLE_ENDPOINTS,
    );
  }
  await app.register(authRoutes, {
    db,
    mode: config.signIn,
    google,
    adminEmails: config.ADMIN_EMAILS,
    security,
    publicOrigin,
    signInRateLimit: deps.signInRateLimit ?? 10,
  });

  await app.register(trpcRoutes<AppRouter>, {
    prefix: '/trpc',
    router: appRouter,
    createContext: contextFactory(db, security),
    onError({ error, path, req }) {
      if (error.code === 'INTERNAL_SERVER_ERROR')
        req.log.error({ err: error.cause ?? error, path }, 'procedure failed');
    },
  });

  await app.register(apiRoutes, { db, security });
  await registerClient(app, deps.publicDir ?? null);

  return app;
}

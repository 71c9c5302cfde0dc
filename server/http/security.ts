import type { FastifyInstance, FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob:",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

/**
 * A state-changing request must come from our own pages. SameSite=Lax alone is not enough:
 * tRPC's adapter accepts form posts, which a foreign page can send. Browsers send Origin on
 * such requests; non-browser clients send it themselves.
 */
export function isCrossSiteRequest(request: FastifyRequest, ownOrigin: string): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.origin;
  if (origin) return origin !== ownOrigin;
  return request.headers['sec-fetch-site'] !== 'same-origin';
}

export function registerSecurity(app: FastifyInstance, options: { publicOrigin: string | null; https: boolean }) {
  app.addHook('onRequest', async (request, reply) => {
    const ownOrigin = options.publicOrigin ?? `${request.protocol}://${request.host}`;
    if (isCrossSiteRequest(request, ownOrigin)) {
      request.log.warn({ origin: request.headers.origin ?? null }, 'cross-site request refused');
      return reply.code(403).send({ error: 'Cross-site request refused.' });
    }
  });

  app.addHook('onSend', async (_request, reply) => {
    reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (options.https) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });
}

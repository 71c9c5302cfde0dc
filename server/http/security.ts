import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import enErrors from '#shared/locales/en/errors.json' with { type: 'json' };
import viErrors from '#shared/locales/vi/errors.json' with { type: 'json' };
import { holdsNul } from '#shared/text.ts';
import { isLoopbackHost } from '../env';
import { clientErrorText, englishMessage } from '../errors';
import { hostName, hostOf, lanAddresses, namesAnAddress } from './own-addresses';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What a browser shows for an address the server does not answer at (421), in both languages. */
const MISDIRECTED_PAGE = `<!doctype html><meta charset="utf-8"><title>Quiz Ladder</title><p lang="en">${enErrors.misdirected}</p><p lang="vi">${viErrors.misdirected}</p>`;

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob:",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

/** The tRPC procedures and the REST calls: answers for whoever asked, never for a cache. */
export const isApiPath = (url: string) => /^\/(?:trpc|api)(?:[/?]|$)/.test(url);

export type SecurityOptions = {
  /** The PUBLIC_URL's origin, e.g. https://quiz.example; null when unset. */
  publicOrigin: string | null;
  /** The port the server was told to listen on (the port it really listens on wins once it does). */
  port: number;
  /** HOST, the address it listens on (loopback when unset). */
  listenHost?: string;
};

/** How often, at most, a Host naming an unknown address of ours makes the server look at its interfaces again. */
const INTERFACES_RECHECK_MS = 5_000;

/** The headers on every answer, whatever produced it (a route, a hook, an error, a refusal). */
export function securityHeaders(https: boolean): Record<string, string> {
  return {
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
    ...(https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The Host values the server answers to: the PUBLIC_URL's host, and the loopback names on the
 * port it listens on (a health check or a reverse proxy on the same machine). Without a PUBLIC_URL,
 * a server listening beyond loopback (HOST=0.0.0.0 on a home network) also answers at its own
 * addresses (`192.168.1.20:3000`): phones on the network reach it by them. A name that merely
 * resolves to this machine (DNS rebinding: a page on rebind.attacker.test re-pointed at
 * 127.0.0.1) is none of these, so the browser's requests to it never reach a route; an IP address
 * cannot be re-pointed, so answering at our own is safe.
 */
export function allowedHosts(options: {
  publicOrigin: string | null;
  port: number;
  lanAddresses?: readonly string[];
}): Set<string> {
  const hosts = new Set<string>();
  const addresses = options.publicOrigin ? [] : (options.lanAddresses ?? []);
  for (const name of [...LOOPBACK_NAMES, ...addresses.map((address) => hostOf(address, 80))]) {
    hosts.add(`${name}:${options.port}`);
    if (options.port === 80) hosts.add(name);
  }
  if (options.publicOrigin) hosts.add(new URL(options.publicOrigin).host);
  return hosts;
}

/** The origin state-changing requests must come from: PUBLIC_URL's, else the (allowed) Host's own. */
export function ownOrigin(request: FastifyRequest, publicOrigin: string | null): string {
  return publicOrigin ?? `${request.protocol}://${request.headers.host}`;
}

/**
 * A state-changing request must come from our own pages. SameSite=Lax alone is not enough: a
 * foreign page can send form posts. Browsers send Origin on such requests; non-browser clients
 * send it themselves.
 */
export function isCrossSiteRequest(request: FastifyRequest, origin: string): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const sent = request.headers.origin;
  if (sent) return sent !== origin;
  return request.headers['sec-fetch-site'] !== 'same-origin';
}

export function registerSecurity(app: FastifyInstance, options: SecurityOptions) {
  const https = options.publicOrigin?.startsWith('https:') ?? false;
  const headers = securityHeaders(https);
  let hosts: Set<string> | null = null;
  let interfacesReadAt = 0;
  // Once the server listens, its real port (PORT=0 in tests and the bench picks one).
  const hostsNow = () => {
    if (hosts) return hosts;
    const address = app.server.address() as AddressInfo | null;
    interfacesReadAt = Date.now();
    const current = allowedHosts({
      publicOrigin: options.publicOrigin,
      port: address?.port ?? options.port,
      lanAddresses: lanAddresses(options.listenHost ?? '127.0.0.1'),
    });
    if (address) hosts = current;
    return current;
  };
  // A laptop that moved to another network, or got a new address from the router, answers at it.
  const answersAt = (host: string) => {
    if (hostsNow().has(host)) return true;
    if (!namesAnAddress(host) || Date.now() - interfacesReadAt < INTERFACES_RECHECK_MS) return false;
    hosts = null;
    return hostsNow().has(host);
  };

  // The first hook of every request, before any route's own work.
  app.addHook('onRequest', async (request, reply) => {
    const host = request.headers.host?.toLowerCase();
    if (!host || !answersAt(host)) {
      request.log.warn({ host: host?.slice(0, 100) ?? null }, 'request for another host refused');
      // A person who opened the page at an address the server does not know learns what to change.
      if (request.headers.accept?.includes('text/html')) {
        return reply.code(421).type('text/html; charset=utf-8').send(MISDIRECTED_PAGE);
      }
      return reply.code(421).send({ error: clientErrorText(421) });
    }
    if (isCrossSiteRequest(request, ownOrigin(request, options.publicOrigin))) {
      request.log.warn({ origin: request.headers.origin?.slice(0, 100) ?? null }, 'cross-site request refused');
      return reply.code(403).send({ error: 'Cross-site request refused.' });
    }
  });

  // A NUL character in a query, a path or a parsed body: refused whole (shared/text.ts, holdsNul).
  app.addHook('preValidation', async (request, reply) => {
    if (holdsNul(request.query) || holdsNul(request.params) || holdsNul(request.body)) {
      return reply.code(400).send({ error: englishMessage('errors:invalidInput') });
    }
  });

  // A route may set its own (a stored image's stricter Content-Security-Policy); the rest are these.
  app.addHook('onSend', async (request, reply) => {
    for (const [name, value] of Object.entries(headers)) {
      if (reply.hasHeader(name)) continue;
      // Browsers apply COOP only on trustworthy origins (https, loopback) and complain in the console
      // of a page opened at http://192.168.1.20:3000: there it is left out.
      if (name === 'Cross-Origin-Opener-Policy' && !https && !isLoopbackHost(hostName(request.headers.host))) continue;
      reply.header(name, value);
    }
    // What the API answers is someone's own (a family's games, an admin's lists): never kept by a cache.
    if (isApiPath(request.url) && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    // Answered before its body was read whole (a refusal: signed out, a multipart request with no
    // boundary): the connection ends with it. The rest of the body is never read, and a connection
    // left holding it would answer nothing more until its keep-alive ran out.
    if (request.raw.complete === false) reply.header('Connection', 'close');
  });
}

/**
 * What Fastify answers before a request reaches its routes (Node's parser refusing a request
 * line or headers too long: 414, 431; malformed requests: 400), with the same short JSON body
 * and the same headers as every other answer.
 */
export function rawClientErrorResponse(status: number, https: boolean): string {
  const body = JSON.stringify({ error: clientErrorText(status) });
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Bad Request'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    ...Object.entries(securityHeaders(https)).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
};

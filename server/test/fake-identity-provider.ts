import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OAuthEndpoints } from '../auth/google';

/**
 * A tiny OpenID Connect provider on 127.0.0.1 for sign-in tests: an authorization endpoint that
 * hands out one-time codes bound to a PKCE challenge (what the user's browser visits), and a
 * token endpoint that trades a code for an ID token, checking the client's credentials, the
 * redirect URI and the PKCE verifier as Google does. ID tokens are signed with HS256 and a
 * throwaway key: the server under test does not check the signature, only the claims.
 */

export type IdTokenClaims = {
  auth_time?: unknown;
  iss?: unknown;
  aud?: unknown;
  exp?: unknown;
  iat?: unknown;
  sub?: unknown;
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
  picture?: unknown;
};

export type TokenRequest = {
  authorization: string | undefined;
  contentType: string | undefined;
  params: Record<string, string>;
  status: number;
};

type IssuedCode = {
  claims: IdTokenClaims;
  challenge: string;
  redirectUri: string;
  used: boolean;
};

export type FakeIdentityProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  endpoints: OAuthEndpoints;
  /** Every request the token endpoint received, in order. */
  tokenRequests: TokenRequest[];
  /** The query of every authorization the browser was sent to, in order. */
  authorizations: URLSearchParams[];
  /**
   * When the user last typed their password here (seconds since the epoch): the ID token's
   * `auth_time`. An authorization with `max_age` older than that, or `prompt=login`, has them type
   * it again (now). Starts an hour ago, as on a tablet where the parent stays signed in.
   */
  passwordTypedAt: number;
  /** Whether ID tokens carry `auth_time` (Google's "session age claims" setting). */
  authTimeClaim: boolean;
  /** The claims the next authorizations sign in with, over a verified default user. */
  signInAs(claims: IdTokenClaims): void;
  /**
   * What the browser does with the app's redirect: visits the authorization endpoint, and
   * returns where the provider sends it back (the app's callback URL with code and state).
   */
  authorize(authorizationUrl: string): Promise<URL>;
  /** Codes can be used once (as Google's); false makes the provider accept a code again. */
  oneTimeCodes: boolean;
  close(): Promise<void>;
};

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

export function signJwt(claims: object, key = 'fake-identity-provider-key'): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify(claims));
  const signature = createHmac('sha256', key).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

export const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

export async function startFakeIdentityProvider(
  options: { clientId?: string; clientSecret?: string } = {},
): Promise<FakeIdentityProvider> {
  const clientId = options.clientId ?? 'fake-client-id';
  const clientSecret = options.clientSecret ?? 'fake-client-secret';
  const codes = new Map<string, IssuedCode>();
  const tokenRequests: TokenRequest[] = [];
  const authorizations: URLSearchParams[] = [];
  let nextClaims: IdTokenClaims = {};
  let issuer = '';

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', issuer);
    if (request.method === 'GET' && url.pathname === '/authorize') {
      const q = url.searchParams;
      const redirectUri = q.get('redirect_uri');
      const challenge = q.get('code_challenge');
      if (
        q.get('response_type') !== 'code' ||
        q.get('client_id') !== clientId ||
        q.get('code_challenge_method') !== 'S256' ||
        !challenge ||
        !redirectUri ||
        !q.get('state')
      ) {
        return sendJson(response, 400, { error: 'invalid_request' });
      }
      authorizations.push(q);
      const code = randomBytes(16).toString('hex');
      const now = Math.floor(Date.now() / 1000);
      const maxAge = q.get('max_age');
      if ((maxAge !== null && now - fake.passwordTypedAt >= Number(maxAge)) || q.get('prompt') === 'login') {
        fake.passwordTypedAt = now;
      }
      codes.set(code, {
        challenge,
        redirectUri,
        used: false,
        claims: {
          iss: issuer,
          aud: clientId,
          iat: now,
          exp: now + 3600,
          sub: 'fake-subject-1',
          email: 'player@example.com',
          email_verified: true,
          name: 'Fake Player',
          ...(fake.authTimeClaim ? { auth_time: fake.passwordTypedAt } : {}),
          ...nextClaims,
        },
      });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state') as string);
      response.writeHead(302, { location: back.toString() });
      return response.end();
    }

    if (request.method === 'POST' && url.pathname === '/token') {
      const params = Object.fromEntries(new URLSearchParams(await readBody(request)));
      const record = (status: number) =>
        tokenRequests.push({
          authorization: request.headers.authorization,
          contentType: request.headers['content-type'],
          params,
          status,
        });
      const expectedAuth = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (request.headers.authorization !== expectedAuth) {
        record(401);
        return sendJson(response, 401, { error: 'invalid_client' });
      }
      const issued = params.code ? codes.get(params.code) : undefined;
      if (
        params.grant_type !== 'authorization_code' ||
        !issued ||
        (issued.used && fake.oneTimeCodes) ||
        params.redirect_uri !== issued.redirectUri ||
        !params.code_verifier ||
        s256(params.code_verifier) !== issued.challenge
      ) {
        record(400);
        return sendJson(response, 400, { error: 'invalid_grant' });
      }
      issued.used = true;
      record(200);
      return sendJson(response, 200, {
        access_token: randomBytes(16).toString('hex'),
        token_type: 'Bearer',
        expires_in: 3600,
        scope: 'openid email profile',
        id_token: signJwt(issued.claims),
      });
    }

    sendJson(response, 404, { error: 'not_found' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  issuer = `http://127.0.0.1:${port}`;

  const fake: FakeIdentityProvider = {
    issuer,
    clientId,
    clientSecret,
    endpoints: { authorization: `${issuer}/authorize`, token: `${issuer}/token`, issuers: [issuer] },
    tokenRequests,
    authorizations,
    passwordTypedAt: Math.floor(Date.now() / 1000) - 3600,
    authTimeClaim: true,
    oneTimeCodes: true,
    signInAs(claims) {
      nextClaims = claims;
    },
    async authorize(authorizationUrl) {
      const response = await fetch(authorizationUrl, { redirect: 'manual' });
      const location = response.headers.get('location');
      if (response.status !== 302 || !location) {
        throw new Error(`authorization refused: ${response.status} ${await response.text()}`);
      }
      return new URL(location);
    },
    close() {
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
  return fake;
}

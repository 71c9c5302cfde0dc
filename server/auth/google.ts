import { CodeChallengeMethod, decodeIdToken, OAuth2Client } from 'arctic';
import type { VerifiedIdentity } from './users';

export type OAuthEndpoints = { authorization: string; token: string; issuers: readonly string[] };

export const GOOGLE_ENDPOINTS: OAuthEndpoints = {
  authorization: 'https://accounts.google.com/o/oauth2/v2/auth',
  token: 'https://oauth2.googleapis.com/token',
  issuers: ['https://accounts.google.com', 'accounts.google.com'],
};

const SCOPES = ['openid', 'email', 'profile'];

export class SignInError extends Error {
  override name = 'SignInError';
}

type IdTokenClaims = {
  auth_time?: unknown;
  iss?: unknown;
  aud?: unknown;
  exp?: unknown;
  sub?: unknown;
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
  picture?: unknown;
};

/**
 * The ID token comes straight from the token endpoint over TLS, so its signature is not
 * re-checked; its claims are: issuer, audience, expiry, and a verified email.
 */
export function identityFromClaims(
  claims: IdTokenClaims,
  expected: { clientId: string; issuers: readonly string[]; now: Date },
): VerifiedIdentity {
  if (typeof claims.iss !== 'string' || !expected.issuers.includes(claims.iss)) throw new SignInError('wrong issuer');
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audience.includes(expected.clientId)) throw new SignInError('wrong audience');
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= expected.now.getTime()) throw new SignInError('expired');
  if (typeof claims.sub !== 'string' || claims.sub === '') throw new SignInError('no subject');
  if (claims.email_verified !== true || typeof claims.email !== 'string') throw new SignInError('email not verified');
  return {
    subject: `google:${claims.sub}`,
    email: claims.email,
    displayName: typeof claims.name === 'string' ? claims.name : claims.email,
    photoUrl: typeof claims.picture === 'string' && claims.picture.startsWith('https://') ? claims.picture : null,
  };
}

/** When the user last typed their password at the provider (`auth_time`), null when the token does not say. */
export function authenticatedAtOf(claims: IdTokenClaims): Date | null {
  return typeof claims.auth_time === 'number' && Number.isFinite(claims.auth_time)
    ? new Date(claims.auth_time * 1000)
    : null;
}

export type SignedIn = { identity: VerifiedIdentity; authenticatedAt: Date | null };

export type GoogleSignIn = {
  /**
   * Where to send the browser. `reauthenticate` (Forgot PIN) asks for the password again:
   * `max_age=0`, which OpenID Connect defines as "authenticate now" and which makes the ID token
   * carry `auth_time` (Google: with its *session age claims* on, README). Not `prompt=login`:
   * Google's own values are `none`, `consent` and `select_account`, and it refuses others. Either is
   * only a request the browser carries, so the callback checks `auth_time` itself.
   */
  authorizationUrl(redirectUri: string, state: string, codeVerifier: string, reauthenticate?: boolean): URL;
  identityFor(redirectUri: string, code: string, codeVerifier: string): Promise<SignedIn>;
};

/** Google sign-in with state and PKCE (S256). Endpoints can be swapped for a local identity provider in tests. */
export function createGoogleSignIn(
  clientId: string,
  clientSecret: string,
  endpoints: OAuthEndpoints = GOOGLE_ENDPOINTS,
): GoogleSignIn {
  return {
    authorizationUrl(redirectUri, state, codeVerifier, reauthenticate = false) {
      const client = new OAuth2Client(clientId, clientSecret, redirectUri);
      const url = client.createAuthorizationURLWithPKCE(
        endpoints.authorization,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        SCOPES,
      );
      if (reauthenticate) url.searchParams.set('max_age', '0');
      return url;
    },
    async identityFor(redirectUri, code, codeVerifier) {
      const client = new OAuth2Client(clientId, clientSecret, redirectUri);
      const tokens = await client.validateAuthorizationCode(endpoints.token, code, codeVerifier);
      const claims = decodeIdToken(tokens.idToken()) as IdTokenClaims;
      const identity = identityFromClaims(claims, { clientId, issuers: endpoints.issuers, now: new Date() });
      return { identity, authenticatedAt: authenticatedAtOf(claims) };
    },
  };
}

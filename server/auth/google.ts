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

export type GoogleSignIn = {
  authorizationUrl(redirectUri: string, state: string, codeVerifier: string): URL;
  identityFor(redirectUri: string, code: string, codeVerifier: string): Promise<VerifiedIdentity>;
};

/** Google sign-in with state and PKCE (S256). Endpoints can be swapped for a local identity provider in tests. */
export function createGoogleSignIn(
  clientId: string,
  clientSecret: string,
  endpoints: OAuthEndpoints = GOOGLE_ENDPOINTS,
): GoogleSignIn {
  return {
    authorizationUrl(redirectUri, state, codeVerifier) {
      const client = new OAuth2Client(clientId, clientSecret, redirectUri);
      return client.createAuthorizationURLWithPKCE(
        endpoints.authorization,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        SCOPES,
      );
    },
    async identityFor(redirectUri, code, codeVerifier) {
      const client = new OAuth2Client(clientId, clientSecret, redirectUri);
      const tokens = await client.validateAuthorizationCode(endpoints.token, code, codeVerifier);
      const claims = decodeIdToken(tokens.idToken()) as IdTokenClaims;
      return identityFromClaims(claims, { clientId, issuers: endpoints.issuers, now: new Date() });
    },
  };
}

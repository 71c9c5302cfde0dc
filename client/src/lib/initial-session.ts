import type { RouterOutputs } from './trpc';

type SessionMe = RouterOutputs['session']['me'];

/** Matches INITIAL_SESSION_ID in server/http/static-files.ts. */
const ELEMENT_ID = 'initial-session';

/**
 * The session the server wrote into the page it served (what session.me would answer), taken
 * once: the first screen needs no round trip to know who is signed in. Later reads (after a
 * sign-out, say) find nothing and ask the server.
 */
export function takeInitialSession(): SessionMe | undefined {
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById(ELEMENT_ID);
  if (!element) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as SessionMe;
  } catch {
    return undefined;
  }
}

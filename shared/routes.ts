/** Who may see a page: the client's guard for it (client/src/components/guards.tsx). */
export type RouteAccess =
  /** Signed-out visitors; a signed-in one goes on to the profiles. */
  | 'signed-out'
  /** As signed-out, but a signed-in parent signing in again for Forgot PIN stays. */
  | 'signing-in'
  | 'anyone'
  | 'signed-in'
  /** Signed in with an active profile (else the profile picker). */
  | 'playing'
  | 'admin';

type Route = {
  path: string;
  access: RouteAccess;
  /** Its page's module under client/src, loaded when first shown; null: in the first load. */
  page: string | null;
  /** An area with addresses of its own below its path (/admin/…). */
  nested?: true;
};

/**
 * Every address the client shows a page at, written once. The client's router, its lazily loaded
 * pages (client/src/pages.ts), the server's answer to an address (index.html, else 404) and the
 * code it preloads for a page (server/http/page-preloads.ts) are all read from here.
 */
export const ROUTES = {
  home: { path: '/', access: 'signed-out', page: null },
  localSignIn: { path: '/sign-in/local', access: 'signing-in', page: 'features/auth/local-sign-in.page.tsx' },
  profiles: { path: '/profiles', access: 'signed-in', page: 'features/profiles/profiles.page.tsx' },
  createProfile: { path: '/create-profile', access: 'signed-in', page: 'features/profiles/create-profile.page.tsx' },
  preGame: { path: '/pre-game', access: 'playing', page: 'features/game/pre-game.page.tsx' },
  game: { path: '/game', access: 'playing', page: 'features/game/game.page.tsx' },
  family: { path: '/family', access: 'signed-in', page: 'features/family/family.page.tsx' },
  /** The family show's TV (issue 26): hosting is play, a sign-in and no parent PIN. */
  show: { path: '/show', access: 'signed-in', page: 'features/show/host.page.tsx' },
  /** A phone joining a family show (`?code=` fills in the room code), a guest or a profile. */
  join: { path: '/join', access: 'anyone', page: 'features/show/join.page.tsx' },
  admin: { path: '/admin', access: 'admin', page: 'features/admin/admin.page.tsx', nested: true },
} as const satisfies Record<string, Route>;

export type RouteName = keyof typeof ROUTES;

/** Every client address by name: the routes' own, and the admin area's pages below /admin. */
export const paths = {
  ...(Object.fromEntries(Object.entries(ROUTES).map(([name, route]) => [name, route.path])) as {
    [Name in RouteName]: (typeof ROUTES)[Name]['path'];
  }),
  adminQuestions: '/admin/questions',
  adminAddQuestion: '/admin/add-question',
  adminCategories: '/admin/categories',
  adminAiTools: '/admin/ai-tools',
  adminAddQuestionSet: '/admin/add-question-set',
} as const;

/** Spec §2 /admin/edit-question/{questionId}. */
export const editQuestionPath = (questionId: number) => `/admin/edit-question/${questionId}`;

/**
 * The question id in an edit address, as editQuestionPath writes it (a whole number from 1, no
 * sign, leading zero or exponent); null for anything else, which no question can have.
 */
export function questionIdFromPath(segment: string): number | null {
  if (!/^[1-9]\d*$/.test(segment)) return null;
  const id = Number(segment);
  return Number.isSafeInteger(id) ? id : null;
}

/** The route showing the page at `pathname` (a nested area's for any address below it). */
export function routeAt(pathname: string): Route | undefined {
  return Object.values(ROUTES as Record<string, Route>).find(
    (route) =>
      route.path === pathname ||
      (route.nested === true &&
        pathname.startsWith(`${route.path}/`) &&
        /^(\/[\w-]+)+$/.test(pathname.slice(route.path.length))),
  );
}

/** An address the client has a page for: the server answers it with index.html, anything else 404. */
export function isClientRoute(pathname: string): boolean {
  return routeAt(pathname) !== undefined;
}

/**
 * Where to go after sign-in: only a same-origin relative path. `//evil.example` and
 * `/\evil.example` are read by browsers as other hosts, so they fall back to `/`.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > 512) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused here.
  if (/[\u0000-\u001f\u007f]/.test(value)) return '/';
  return value;
}

/** The source module (relative to client/) of the page at an address; none for `/`, in the first load. */
export function pageSourceFor(pathname: string): string | undefined {
  const page = routeAt(pathname)?.page;
  return page ? `src/${page}` : undefined;
}

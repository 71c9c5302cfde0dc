/** Every client route. The server serves index.html for these and 404 for anything else. */
export const paths = {
  home: '/',
  localSignIn: '/sign-in/local',
  profiles: '/profiles',
  createProfile: '/create-profile',
  preGame: '/pre-game',
  game: '/game',
  family: '/family',
  /** The family show's TV (issue 26). */
  show: '/show',
  /** A phone joining a family show (`?code=` fills in the room code). */
  join: '/join',
  admin: '/admin',
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

const clientRoutePatterns: RegExp[] = [
  /^\/$/,
  /^\/sign-in\/local$/,
  /^\/profiles$/,
  /^\/create-profile$/,
  /^\/pre-game$/,
  /^\/game$/,
  /^\/family$/,
  /^\/show$/,
  /^\/join$/,
  /^\/admin(\/[\w-]+)*$/,
];

export function isClientRoute(pathname: string): boolean {
  return clientRoutePatterns.some((pattern) => pattern.test(pathname));
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

/**
 * Each lazily loaded page's source module (relative to client/), as client/src/pages.ts imports it:
 * the server finds its chunks in the build manifest and preloads them (server/http/page-preloads.ts).
 */
export const PAGE_SOURCES: Record<string, string> = {
  [paths.localSignIn]: 'src/features/auth/local-sign-in-page.tsx',
  [paths.profiles]: 'src/features/profiles/profiles-page.tsx',
  [paths.createProfile]: 'src/features/profiles/create-profile-page.tsx',
  [paths.preGame]: 'src/features/game/pre-game-page.tsx',
  [paths.game]: 'src/features/game/game-page.tsx',
  [paths.family]: 'src/features/family/family-page.tsx',
  [paths.show]: 'src/features/show/host-page.tsx',
  [paths.join]: 'src/features/show/join-page.tsx',
  [paths.admin]: 'src/features/admin/admin-page.tsx',
};

/** The page module shown at an address (the admin area's for any /admin/… one); none for `/`, in the first load. */
export function pageSourceFor(pathname: string): string | undefined {
  return PAGE_SOURCES[pathname.startsWith(`${paths.admin}/`) ? paths.admin : pathname];
}

/** Every client route. The server serves index.html for these and 404 for anything else. */
export const paths = {
  home: '/',
  localSignIn: '/sign-in/local',
  profiles: '/profiles',
  createProfile: '/create-profile',
  preGame: '/pre-game',
  game: '/game',
  admin: '/admin',
  adminQuestions: '/admin/questions',
  adminAddQuestion: '/admin/add-question',
  adminCategories: '/admin/categories',
  adminAiTools: '/admin/ai-tools',
  adminAddQuestionSet: '/admin/add-question-set',
} as const;

/** Spec §2 /admin/edit-question/{questionId}. */
export const editQuestionPath = (questionId: number) => `/admin/edit-question/${questionId}`;

const clientRoutePatterns: RegExp[] = [
  /^\/$/,
  /^\/sign-in\/local$/,
  /^\/profiles$/,
  /^\/create-profile$/,
  /^\/pre-game$/,
  /^\/game$/,
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

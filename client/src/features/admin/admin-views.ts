/**
 * The admin views by their path below /admin, each with its own name (an `admin` i18n key) for
 * the page's title: a tab, a history entry and a screen reader tell them apart.
 */
const VIEW_TITLES: Record<string, string> = {
  '/': 'nav.dashboard',
  '/questions': 'nav.questions',
  '/add-question': 'nav.addQuestion',
  '/categories': 'nav.categories',
  '/add-question-set': 'nav.addQuestionSet',
  '/ai-tools': 'nav.aiTools',
};

/** The title key of the admin view at `path` (below /admin), or null where there is none (not found). */
export function adminViewTitleKey(path: string): string | null {
  if (/^\/edit-question\/[^/]+$/.test(path)) return 'form.editTitle';
  return VIEW_TITLES[path === '' ? '/' : path] ?? null;
}

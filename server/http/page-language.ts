import { LANGUAGE_KEY, type Language, pickLanguage } from '#shared/i18n.ts';

/**
 * The language the browser will show a page in, as far as its request tells (spec §9's order, as
 * client/src/lib/language-detector.ts reads it): the address's `lng`, the `lng` cookie (kept with
 * local storage's), then Accept-Language (the navigator's languages, in order). Only a guess, for
 * preloading that language's strings: a wrong one costs the page a round trip, never its strings.
 */
export function pageLanguage(request: {
  url: string;
  /** As @fastify/cookie parses them. */
  cookies: Record<string, string | undefined>;
  headers: { 'accept-language'?: string };
}): Language {
  const query = new URLSearchParams(request.url.split('?')[1] ?? '').get(LANGUAGE_KEY);
  const accepted = (request.headers['accept-language'] ?? '').split(',').map((tag) => tag.split(';')[0]);
  return pickLanguage([query, request.cookies[LANGUAGE_KEY], ...accepted]);
}

import { type Language, pickLanguage } from '#shared/i18n.ts';

/** The query parameter and cookie that hold a chosen language (client/src/lib/language-detector.ts). */
const KEY = 'lng';

function cookieValue(cookieHeader: string | undefined, name: string): string | null {
  for (const pair of cookieHeader?.split(';') ?? []) {
    const [key, ...value] = pair.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The language the browser will show a page in, as far as its request tells (spec §9's order, as
 * client/src/lib/language-detector.ts reads it): the address's `lng`, the `lng` cookie (kept with
 * local storage's), then Accept-Language (the navigator's languages, in order). Only a guess, for
 * preloading that language's strings: a wrong one costs the page a round trip, never its strings.
 */
export function pageLanguage(request: {
  url: string;
  headers: { cookie?: string; 'accept-language'?: string };
}): Language {
  const query = new URLSearchParams(request.url.split('?')[1] ?? '').get(KEY);
  const accepted = (request.headers['accept-language'] ?? '').split(',').map((tag) => tag.split(';')[0]);
  return pickLanguage([query, cookieValue(request.headers.cookie, KEY), ...accepted]);
}

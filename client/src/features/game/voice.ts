/** Spec §9: the voice locales. */
export const SPEECH_LOCALES = { en: 'en-US', vi: 'vi-VN' } as const;
export const SPEECH_RATE = 0.9;
export const SPEECH_PITCH = 1.1;
export const ANSWER_LETTERS = ['A', 'B', 'C', 'D'] as const;

type VoiceLike = { lang: string; default?: boolean; localService?: boolean };

/** `vi_VN`, `VI-vn` and `vi-VN-x-south` all name Vietnamese: compare in one form. */
export function normalizeLocale(tag: string): string {
  return tag.trim().replace(/_/g, '-').toLowerCase();
}

/**
 * The voice for a locale: the exact locale first, then any voice of the same language
 * (vi-VN-x-central, vi). Null when there is none: never read Vietnamese with an English voice.
 */
export function pickVoice<V extends VoiceLike>(voices: readonly V[], locale: string): V | null {
  const wanted = normalizeLocale(locale);
  const language = wanted.split('-')[0] as string;
  const exact = voices.filter((voice) => normalizeLocale(voice.lang) === wanted);
  const sameLanguage = voices.filter((voice) => {
    const tag = normalizeLocale(voice.lang);
    return tag === language || tag.startsWith(`${language}-`);
  });
  const preferred = (list: V[]) =>
    list.find((voice) => voice.localService) ?? list.find((voice) => voice.default) ?? list[0];
  return preferred(exact) ?? preferred(sameLanguage) ?? null;
}

/** What is read for one question: the question, then each answer with its letter. */
export function speechLines(question: string, answers: readonly string[]): string[] {
  return [question, ...answers.map((answer, i) => `${ANSWER_LETTERS[i]}. ${answer}`)];
}

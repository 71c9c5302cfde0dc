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

type SpeechLanguage = keyof typeof SPEECH_LOCALES;

/**
 * Letters only Vietnamese writes among the languages a quiz quotes: ă, đ, ơ, ư, the dot below and
 * hook above, and the marks on vowels (à, ã, ả…). é, è, ë, ï, ö, ü, ç and ñ are left out: English
 * borrows them (café, naïve, Pokémon).
 */
const VIETNAMESE_LETTER = /[ăđơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịĩìọỏốồổỗộớờởỡợụủũùứừửữựỳỵỷỹàãòõ]/i;

export function looksVietnamese(text: string): boolean {
  return VIETNAMESE_LETTER.test(text.normalize('NFC'));
}

/** A piece of a line with the voice it wants. */
export type SpeechPart = { text: string; lang: SpeechLanguage };

/**
 * How one line is read in a game of `language`: in an English game, Vietnamese words ("Cảm ơn",
 * "Xin chào") go to a Vietnamese voice, never to the English one: a quoted Vietnamese phrase on
 * its own, otherwise the whole line. A Vietnamese game reads everything in Vietnamese.
 */
export function speechParts(line: string, language: SpeechLanguage): SpeechPart[] {
  if (language === 'vi' || !looksVietnamese(line)) return [{ text: line, lang: language }];
  const pieces = line.split(/("[^"]+"|“[^”]+”|'[^']+'|‘[^’]+’)/).filter((piece) => piece.trim() !== '');
  if (pieces.length === 1) return [{ text: line, lang: 'vi' }];
  return pieces.map((piece) => ({ text: piece, lang: looksVietnamese(piece) ? 'vi' : 'en' }));
}

/**
 * What is read for one question, each part its own utterance: the announcement (its number and
 * amount), the question, then each answer with its letter. An answer in the other language keeps
 * its letter in the game's voice and its words in their own.
 */
export function questionSpeech(
  language: SpeechLanguage,
  question: string,
  answers: readonly string[],
  announcement?: string,
): SpeechPart[] {
  const parts: SpeechPart[] = announcement ? [{ text: announcement, lang: language }] : [];
  parts.push(...speechParts(question, language));
  answers.forEach((answer, i) => {
    const letter = `${ANSWER_LETTERS[i]}.`;
    const own = speechParts(answer, language);
    if (own.length === 1 && own[0]?.lang === language) parts.push({ text: `${letter} ${answer}`, lang: language });
    else parts.push({ text: letter, lang: language }, ...own);
  });
  return parts;
}

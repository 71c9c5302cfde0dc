import { ANSWER_LETTERS, type Spoken } from '#shared/spoken-lines.ts';

/** Spec §9: the voice locales. */
export const SPEECH_LOCALES = { en: 'en-US', vi: 'vi-VN' } as const;
export const SPEECH_RATE = 0.9;
export const SPEECH_PITCH = 1.1;
export { ANSWER_LETTERS };

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

const QUOTED = /("[^"]+"|“[^”]+”|'[^']+'|‘[^’]+’)/;
const isQuoted = (piece: string) => QUOTED.test(piece) && piece.replace(QUOTED, '') === '';
const hasWords = (text: string) => /[\p{L}\p{N}]/u.test(text);

/**
 * A capitalised word without marks that is shaped like a Vietnamese syllable (an initial, one to
 * three vowels, a final): "Long", "Minh", "Tinh", not "City", "Lake" or "River".
 */
const VIETNAMESE_SYLLABLE =
  /^(ngh|ng|nh|ch|gh|gi|kh|ph|qu|th|tr|[bcdghklmnprstvx])?[aeiouy]{1,3}(ch|ng|nh|[cmnptiouy])?$/;
const syllable = (word: string) =>
  VIETNAMESE_SYLLABLE.test(
    word
      .normalize('NFD')
      .replace(/[^\p{L}]/gu, '')
      .replace(/đ/giu, 'd')
      .toLowerCase(),
  );
const namePart = (word: string) => /^\P{L}*\p{Lu}/u.test(word) && syllable(word);

/**
 * An English stretch of text split into runs of Vietnamese words and the rest ("Which city was
 * formerly called" + "Sài Gòn?"). A word without marks goes with Vietnamese ones when it sits
 * between two ("Rồng cháu Tiên"), or continues a name after one ("Hạ Long", "Sơn Tinh"): a name
 * is never cut in two voices.
 */
function wordRuns(text: string): SpeechPart[] {
  const tokens = text.split(/(\s+)/);
  const words = tokens.map((token, i) => ({ token, i })).filter(({ token }) => token.trim() !== '');
  const marked = new Set(words.filter(({ token }) => looksVietnamese(token)).map(({ i }) => i));
  const vietnamese = new Set(marked);
  words.forEach(({ token, i }, w) => {
    const before = words[w - 1];
    const after = words[w + 1];
    const between = before && after && marked.has(before.i) && marked.has(after.i) && syllable(token);
    const continuesName = before && vietnamese.has(before.i) && /\p{L}$/u.test(before.token) && namePart(token);
    if (between || continuesName) vietnamese.add(i);
  });
  const runs: SpeechPart[] = [];
  tokens.forEach((token, i) => {
    const last = runs.at(-1);
    const lang = token.trim() === '' ? last?.lang : vietnamese.has(i) ? 'vi' : 'en';
    if (last && (lang === undefined || lang === last.lang)) last.text += token;
    else runs.push({ text: token, lang: lang ?? 'en' });
  });
  return runs;
}

/**
 * How one line is read in a game of `language`: in an English game, Vietnamese words go to a
 * Vietnamese voice, never to the English one. A line mostly in Vietnamese ("Xin chào", "Cảm ơn")
 * is read in it whole; otherwise a quoted Vietnamese phrase, or a run of Vietnamese words ("Sài
 * Gòn"), is read on its own and the rest in English. A Vietnamese game reads everything in Vietnamese.
 */
export function speechParts(line: string, language: SpeechLanguage): SpeechPart[] {
  if (language === 'vi' || !looksVietnamese(line)) return [{ text: line, lang: language }];
  const words = line.split(/\s+/).filter(hasWords);
  if (words.filter(looksVietnamese).length * 2 >= words.length) return [{ text: line, lang: 'vi' }];
  const parts: SpeechPart[] = [];
  for (const piece of line.split(QUOTED)) {
    const runs = isQuoted(piece)
      ? [{ text: piece, lang: looksVietnamese(piece) ? 'vi' : 'en' } as SpeechPart]
      : wordRuns(piece);
    for (const run of runs) {
      const last = parts.at(-1);
      // Punctuation is no utterance of its own: it stays with what it follows ("Tiên”, how…").
      const attached = last && !/\s$/.test(last.text);
      const lead = attached ? (/^[^\p{L}\p{N}\s]+/u.exec(run.text)?.[0] ?? '') : '';
      if (last && lead) last.text += lead;
      const rest = { ...run, text: run.text.slice(lead.length) };
      if (last && (rest.lang === last.lang || !hasWords(rest.text))) last.text += rest.text;
      else if (rest.text.trim() !== '') parts.push(rest);
    }
  }
  return parts.map((part) => ({ ...part, text: part.text.trim() }));
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

/** A line of shared/spoken-lines.ts as it is read: each sentence, its Vietnamese words in a Vietnamese voice. */
export function lineSpeech(line: Spoken): SpeechPart[] {
  return line.sentences.flatMap((sentence) => speechParts(sentence, line.lang));
}

/**
 * The bank's wording rules that compare words (bank/README.md, "Nothing given away by wording"): a word of
 * the right answer in its own question, and options that do not line up across the two languages.
 */

type Lang = 'en' | 'vi';
type Texts = { question: string; answers: string[] };

/** Words too common to give an answer away: function words, question words, "called", "famous"… */
const STOPWORDS: Record<Lang, ReadonlySet<string>> = {
  en: new Set(
    (
      'the and which what who whom whose where when why how with from that this these those there their they them ' +
      'into about were was are is has have had been being does did done can could would should will may might must ' +
      'not for but its his her our your you one ones two three four than then also very most more much many some any ' +
      'all each every other another such only own same too out off over under upon onto per called call name named ' +
      'known used use make made makes often usually mostly mainly still just famous well'
    ).split(' '),
  ),
  vi: new Set(
    (
      'của và là có những các một nào gì được trong cho với khi thì mà này đó ở từ ra vào lên xuống bao nhiêu mấy ai ' +
      'đâu sao thế như bằng hay hoặc không đã sẽ đang rất nhất hơn cũng vì để do bị theo về trên dưới sau trước người ' +
      'con cái chiếc loài gọi tên nổi tiếng thường nhau lại còn chỉ mỗi nhiều ít đều cùng tại nên nếu'
    ).split(' '),
  ),
};

/**
 * The words of a text that can give an answer away, in lower case with their marks: Vietnamese tone
 * marks tell words apart (ong, bee; ông, grandfather), in a Vietnamese name in English text too (Lương,
 * Lường). Numbers are left out (a sum and its answer share them), and so are short words: English under
 * three letters, Vietnamese under two (võ, mỏ and vẽ are words).
 */
export function significantWords(text: string, lang: Lang): string[] {
  // "Việt Nam" is the country's name wherever it appears, not the "Nam" of Nam Bộ (the South).
  const lower = text
    .normalize('NFC')
    .toLowerCase()
    .replace(/việt nam/g, ' ');
  const minLength = lang === 'en' ? 3 : 2;
  return lower
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= minLength && !/\p{N}/u.test(word) && !STOPWORDS[lang].has(word));
}

/** An English word's stems: "puffs" → "puff", "paints" → "paint", "fingers" → "finger". */
const stemsOf = (word: string) =>
  [
    word,
    ...['ies', 'es', 's', 'ed', 'ing', 'ers', 'er']
      .filter((end) => word.endsWith(end))
      .map((end) => word.slice(0, -end.length)),
  ].filter((stem) => stem.length >= 4);

/**
 * Whether a word of the question and a word of an answer are the same word. In Vietnamese, the same
 * syllable. In English, the same word or stem, or a stem of four letters or more that starts the other word
 * ("Malay" in "Malaysia", "water" in "waterfall"), or a short question word that starts a compound answer
 * ("ice" in "iceberg", "bag" in "bagpipes").
 */
function sameWord(questionWord: string, answerWord: string, lang: Lang): boolean {
  if (questionWord === answerWord) return true;
  if (lang === 'vi') return false;
  if (questionWord.length === 3) return answerWord.startsWith(questionWord) && answerWord.length >= 6;
  const starts = (short: string, long: string) => stemsOf(short).some((stem) => long.startsWith(stem));
  return starts(questionWord, answerWord) || (answerWord.length >= 4 && starts(answerWord, questionWord));
}

/**
 * The words of the right answer that its question holds and that no other option shares: each gives the
 * answer away ("Which insect looks like a twig?" → "Stick insect"). A word the other options share is
 * fair ("Dãy núi" among "Chân núi", "Đỉnh núi"…), and so is a question that names two options or more
 * ("Which is bigger, an elephant or a mouse?").
 */
export function wordsGivingAway(texts: Texts, correctIndex: number, lang: Lang): string[] {
  const inQuestion = significantWords(texts.question, lang);
  const options = texts.answers.map((answer) => significantWords(answer, lang));
  const inIt = (word: string) => inQuestion.some((q) => sameWord(q, word, lang));
  const named = options.filter((words) => words.length > 0 && words.every(inIt)).length;
  if (named >= 2) return [];
  const shared = (word: string) =>
    options.some((words, i) => i !== correctIndex && words.some((w) => w === word || sameWord(w, word, lang)));
  return [...new Set((options[correctIndex] ?? []).filter((word) => inIt(word) && !shared(word)))];
}

const fold = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[đĐ]/g, 'd').toLowerCase().replace(/\s+/g, ' ').trim();

/** A Vietnamese syllable's shape (marks folded): an English word has none ("mosaic", "street", "artist"). */
const VIETNAMESE_SYLLABLE =
  /^(ngh|ch|gh|gi|kh|ng|nh|ph|qu|th|tr|[bcdghklmnprstvx])?(uye|uya|ieu|yeu|uoi|uou|oai|oay|oeo|uay|[aeiouy]{1,3})(ng|nh|ch|[cmnptiyou])?$/;

/** An English option copied into the Vietnamese: a lower-case word of three letters or more that no Vietnamese syllable spells. */
const looksEnglish = (text: string) =>
  !/\p{N}/u.test(text) &&
  text.split(/[^\p{L}]+/u).some((word) => /^[a-z]{3,}$/.test(word) && !VIETNAMESE_SYLLABLE.test(word));

/**
 * Options that do not line up across the languages: an option of one language that is another
 * option's text in the other (the answers are in the same order in both, so a name is at the same
 * index), and an English option left untranslated in the Vietnamese where the question's other
 * options are translated.
 */
export function crossLanguageProblems(en: Texts, vi: Texts): string[] {
  const problems: string[] = [];
  en.answers.forEach((answer, i) => {
    const j = vi.answers.findIndex((other, k) => k !== i && fold(other) === fold(answer));
    if (j >= 0) problems.push(`en answer ${i + 1} is vi answer ${j + 1}: "${answer}"`);
  });
  const translated = en.answers.filter((answer, i) => answer !== vi.answers[i]).length;
  if (translated >= 2) {
    en.answers.forEach((answer, i) => {
      if (answer === vi.answers[i] && looksEnglish(answer))
        problems.push(`vi answer ${i + 1} left in English: "${answer}"`);
    });
  }
  return problems;
}

import { AGE_CATEGORIES, type AgeCategory } from '#shared/age.ts';
import { foldForSearch } from '#shared/text.ts';
import type { BankCategory, BankQuestion } from './bank';
import { FAIR_GIVEAWAYS } from './bank-allowances';
import { crossLanguageProblems, wordsGivingAway } from './bank-wording';

/**
 * What the bank must hold that code can check (bank/README.md). Each rule returns the problems it
 * finds as lines naming the question; the bank test expects none, and `npm run bank:check` prints them
 * while questions are being written.
 */
export const BANK_RULES = {
  /** Share of each category about Vietnam or its region. */
  minVietnamShare: 0.2,
  /** Kids questions with a picture, in the whole bank. */
  minKidsPictures: 60,
  /** Most Kids questions (this share) stay within this many English words. */
  kidsMaxWords: 12,
  kidsShortShare: 0.8,
  /** No Kids question longer than this, ever. */
  kidsHardMaxWords: 18,
  /** The same (non-numeric) correct answer at most this often in a category. */
  maxSameAnswer: 3,
} as const;

type Depth = { total: number; perAge: Record<AgeCategory, { perCategory: number; perCell: number }> };

/**
 * How deep the bank is: in all, and per category and per category × difficulty for each age group.
 * The floor is what every version has held (five games' worth in each cell); the target is issue 29's
 * bank for three weeks of daily play (bank/README.md, "The bank today"): Kids, who play most, need
 * 84 games × 5 questions of each difficulty without a repeat, in Random.
 */
export const BANK_DEPTH = {
  floor: {
    total: 1800,
    perAge: {
      Kids: { perCategory: 75, perCell: 25 },
      Teenagers: { perCategory: 75, perCell: 25 },
      Adults: { perCategory: 75, perCell: 25 },
    },
  },
  target: {
    total: 3200,
    perAge: {
      Kids: { perCategory: 170, perCell: 56 },
      Teenagers: { perCategory: 120, perCell: 40 },
      Adults: { perCategory: 120, perCell: 40 },
    },
  },
} as const satisfies Record<string, Depth>;

/** The depth the bank test holds the bank to: issue 29's target, which the bank has reached. */
export const ENFORCED_DEPTH: keyof typeof BANK_DEPTH = 'target';

const LANGUAGES = ['en', 'vi'] as const;
const VIETNAMESE_MARKS = /[àáảãạăằắẳẵặâầấẩẫậèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵđ]/i;

export function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** The numbers a text holds, separators aside: '1,000' (en) and '1.000' (vi), '29.8' and '29,8' compare alike. */
export function numbersIn(text: string): string[] {
  return (text.match(/\d[\d.,\s]*\d|\d/g) ?? []).map((n) => n.replace(/[.,\s]/g, '')).sort();
}

/** Problems of one question on its own. */
export function questionProblems(q: BankQuestion, imageExists: (file: string) => boolean = () => true): string[] {
  const problems: string[] = [];
  const say = (problem: string) => problems.push(`${q.key}: ${problem}`);

  for (const lang of LANGUAGES) {
    const { question, answers } = q[lang];
    for (const text of [question, ...answers]) {
      if (text !== text.normalize('NFC')) say(`${lang} text is not NFC: ${text}`);
      if (text !== text.trim() || /\s{2,}/.test(text)) say(`${lang} stray spaces: "${text}"`);
    }
    const folded = answers.map((a) => foldForSearch(a));
    if (new Set(folded).size !== 4) say(`${lang} answers are not four distinct ones`);
    if (folded.some((a) => a === '')) say(`${lang} has an empty answer`);
    const correct = answers[q.correctAnswerIndex] ?? '';
    const fair = FAIR_GIVEAWAYS[q.key]?.[lang] ?? [];
    const givenAway = wordsGivingAway(q[lang], q.correctAnswerIndex, lang).filter((word) => !fair.includes(word));
    if (givenAway.length > 0)
      say(`${lang} question gives its answer away: "${givenAway.join('", "')}" of "${correct}"`);
    const noted = (a: string) => /[([]/.test(a);
    if (noted(correct) && answers.filter(noted).length === 1) say(`${lang} only the correct answer carries a note`);
  }
  for (const problem of crossLanguageProblems(q.en, q.vi)) say(problem);
  if (!VIETNAMESE_MARKS.test(`${q.vi.question} ${q.vi.answers.join(' ')}`)) say('vi text has no Vietnamese diacritics');
  if (numbersIn(q.en.question).join() !== numbersIn(q.vi.question).join())
    say('numbers differ between en and vi question');
  q.en.answers.forEach((answer, i) => {
    if (numbersIn(answer).join() !== numbersIn(q.vi.answers[i] ?? '').join()) {
      say(`numbers differ between en and vi answer ${i + 1}`);
    }
  });
  if (q.ageCategory === 'Kids' && wordCount(q.en.question) > BANK_RULES.kidsHardMaxWords) {
    say(`Kids question over ${BANK_RULES.kidsHardMaxWords} words`);
  }
  if (q.image !== undefined && !imageExists(q.image)) say(`picture ${q.image} is missing`);
  for (const problem of mapProblems(q)) say(problem);
  return problems;
}

/** Where a category is not as deep as `depth` asks: per age group, and per age group × difficulty. */
export function depthProblems(file: BankCategory, depth: Depth): string[] {
  const problems: string[] = [];
  for (const age of AGE_CATEGORIES) {
    const ofAge = file.questions.filter((q) => q.ageCategory === age);
    const { perCategory, perCell } = depth.perAge[age];
    if (ofAge.length < perCategory) problems.push(`${file.category.slug} ${age}: ${ofAge.length} < ${perCategory}`);
    for (const difficulty of [1, 2, 3]) {
      const n = ofAge.filter((q) => q.difficulty === difficulty).length;
      if (n < perCell) problems.push(`${file.category.slug} ${age} difficulty ${difficulty}: ${n} < ${perCell}`);
    }
  }
  return problems;
}

/** Problems of one category file: its questions, its depth, its Vietnam share, its answers. */
export function categoryProblems(
  file: BankCategory,
  imageExists?: (file: string) => boolean,
  depth: Depth = BANK_DEPTH[ENFORCED_DEPTH],
): string[] {
  const slug = file.category.slug;
  const problems = [...file.questions.flatMap((q) => questionProblems(q, imageExists)), ...depthProblems(file, depth)];
  const kids = file.questions.filter((q) => q.ageCategory === 'Kids');
  const short = kids.filter((q) => wordCount(q.en.question) <= BANK_RULES.kidsMaxWords).length;
  if (kids.length > 0 && short / kids.length < BANK_RULES.kidsShortShare) {
    problems.push(`${slug} Kids: only ${short} of ${kids.length} within ${BANK_RULES.kidsMaxWords} words`);
  }
  const aboutVietnam = file.questions.filter((q) => q.aboutVietnam).length;
  if (aboutVietnam < BANK_RULES.minVietnamShare * file.questions.length) {
    problems.push(`${slug}: ${aboutVietnam} of ${file.questions.length} about Vietnam, under a fifth`);
  }
  for (const lang of LANGUAGES) {
    const answerCounts = new Map<string, number>();
    for (const q of file.questions) {
      const answer = q[lang].answers[q.correctAnswerIndex] ?? '';
      if (/^[\d\s.,:/%°-]+$/.test(answer)) continue;
      const key = foldForSearch(answer);
      answerCounts.set(key, (answerCounts.get(key) ?? 0) + 1);
    }
    for (const [answer, n] of answerCounts) {
      if (n > BANK_RULES.maxSameAnswer) problems.push(`${slug}: ${lang} "${answer}" is the answer ${n} times`);
    }
  }
  return problems;
}

/** Problems across the whole bank: keys and texts unique, totals, pictures, answer positions. */
export function bankProblems(
  bank: BankCategory[],
  imageExists?: (file: string) => boolean,
  depth: Depth = BANK_DEPTH[ENFORCED_DEPTH],
): string[] {
  const problems = bank.flatMap((file) => categoryProblems(file, imageExists, depth));
  const all = bank.flatMap((file) => file.questions);
  const repeated = (values: string[]) => [...new Set(values.filter((v, i) => values.indexOf(v) !== i))];
  for (const key of repeated(all.map((q) => q.key))) problems.push(`key ${key} is used twice`);
  for (const lang of LANGUAGES) {
    for (const text of repeated(all.map((q) => foldForSearch(q[lang].question)))) {
      problems.push(`${lang} question asked twice: ${text}`);
    }
  }
  if (all.length < depth.total) problems.push(`${all.length} questions in all, under ${depth.total}`);
  const pictures = all.filter((q) => q.ageCategory === 'Kids' && q.image).length;
  if (pictures < BANK_RULES.minKidsPictures)
    problems.push(`${pictures} Kids pictures, under ${BANK_RULES.minKidsPictures}`);
  for (const index of [0, 1, 2, 3]) {
    const share = all.filter((q) => q.correctAnswerIndex === index).length / all.length;
    if (share < 0.2)
      problems.push(`the right answer is in position ${index + 1} for only ${Math.round(share * 100)} %`);
  }
  return problems;
}

/**
 * Vietnam's map since 1 July 2025 (Resolution 202/2025/QH15): 34 provinces and centrally-run cities,
 * and no districts (two tiers: province, then commune or ward). The provinces merged away, each with
 * the province or city it is part of now. Thừa Thiên Huế became the city of Huế on 1 January 2025.
 */
export const MERGED_AWAY_PROVINCES: Readonly<Record<string, string>> = {
  'Hà Giang': 'Tuyên Quang',
  'Yên Bái': 'Lào Cai',
  'Bắc Kạn': 'Thái Nguyên',
  'Vĩnh Phúc': 'Phú Thọ',
  'Hòa Bình': 'Phú Thọ',
  'Bắc Giang': 'Bắc Ninh',
  'Thái Bình': 'Hưng Yên',
  'Hải Dương': 'Hải Phòng',
  'Hà Nam': 'Ninh Bình',
  'Nam Định': 'Ninh Bình',
  'Quảng Bình': 'Quảng Trị',
  'Quảng Nam': 'Đà Nẵng',
  'Kon Tum': 'Quảng Ngãi',
  'Bình Định': 'Gia Lai',
  'Ninh Thuận': 'Khánh Hòa',
  'Đắk Nông': 'Lâm Đồng',
  'Bình Thuận': 'Lâm Đồng',
  'Phú Yên': 'Đắk Lắk',
  'Bình Dương': 'Hồ Chí Minh City',
  'Bà Rịa – Vũng Tàu': 'Hồ Chí Minh City',
  'Bình Phước': 'Đồng Nai',
  'Long An': 'Tây Ninh',
  'Sóc Trăng': 'Cần Thơ',
  'Hậu Giang': 'Cần Thơ',
  'Bến Tre': 'Vĩnh Long',
  'Trà Vinh': 'Vĩnh Long',
  'Tiền Giang': 'Đồng Tháp',
  'Bạc Liêu': 'Cà Mau',
  'Kiên Giang': 'An Giang',
  'Thừa Thiên Huế': 'Huế',
};

/** The six centrally-run cities: since July 2025 the only places in Vietnam that are cities. */
export const CITIES = ['Hà Nội', 'Hồ Chí Minh', 'Hải Phòng', 'Đà Nẵng', 'Cần Thơ', 'Huế'] as const;

/**
 * Towns that were cities (or towns, thị xã) under a province until July 2025, and are wards or communes
 * now: they keep their names as places, but are no longer cities.
 */
export const FORMER_CITIES = [
  ...['Hạ Long', 'Móng Cái', 'Uông Bí', 'Cẩm Phả', 'Việt Trì', 'Vĩnh Yên', 'Phúc Yên', 'Từ Sơn', 'Chí Linh', 'Phủ Lý'],
  ...['Tam Điệp', 'Hoa Lư', 'Sầm Sơn', 'Vinh', 'Cửa Lò', 'Đồng Hới', 'Đông Hà', 'Tam Kỳ', 'Hội An', 'Pleiku'],
  ...['Quy Nhơn', 'Tuy Hòa', 'Buôn Ma Thuột', 'Gia Nghĩa', 'Nha Trang', 'Cam Ranh', 'Phan Rang', 'Đà Lạt', 'Bảo Lộc'],
  ...['Phan Thiết', 'Biên Hòa', 'Long Khánh', 'Đồng Xoài', 'Thủ Dầu Một', 'Dĩ An', 'Thuận An', 'Vũng Tàu', 'Bà Rịa'],
  ...['Tân An', 'Mỹ Tho', 'Cao Lãnh', 'Sa Đéc', 'Long Xuyên', 'Châu Đốc', 'Rạch Giá', 'Hà Tiên', 'Phú Quốc'],
  ...['Vị Thanh', 'Điện Biên Phủ', 'Sa Pa', 'Thủ Đức', 'Cao Bằng', 'Lạng Sơn', 'Lào Cai', 'Tuyên Quang', 'Sơn La'],
  ...['Thái Nguyên', 'Bắc Ninh', 'Hưng Yên', 'Ninh Bình', 'Thanh Hóa', 'Hà Tĩnh', 'Quảng Ngãi', 'Cà Mau', 'Tây Ninh'],
  ...['Vĩnh Long', 'Lai Châu', ...Object.keys(MERGED_AWAY_PROVINCES)],
] as const;

/**
 * Names that hold a merged province's name but are not it: the Pacific Ocean, a river and a dam. Left
 * out before the names are looked for.
 */
const NAMESAKES = [
  /Thái Bình Dương/g,
  /(sông|Sông) Thái Bình|Thái Bình River/g,
  /(thủy điện|hồ) Hòa Bình|Hòa Bình (hydropower|Dam|Lake)/g,
];

/** Words that place a name in the past: "the former province of…", "vùng đất Bình Định xưa". */
const PAST = {
  en: /\b(former|formerly|old|once|then|until|historic|historical)\b/i,
  vi: /(^|[^\p{L}])(cũ|xưa|trước đây|từng|khi ấy|khi đó|thời đó)($|[^\p{L}])/iu,
};

const foldMarks = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D');

/**
 * A pattern finding a place's name in folded text: whole words, marks and the dash's spacing aside
 * (Bà Rịa–Vũng Tàu, Khanh Hoa). Case counts, so that "hòa bình" (peace) is not Hòa Bình.
 */
function namePattern(name: string): RegExp {
  const pattern = foldMarks(name).replace(/ – /g, '\\s*[–-]\\s*');
  return new RegExp(`(?<![\\p{L}])${pattern}(?![\\p{L}])`, 'u');
}

/** The patterns, made once: a merged province named; a place called a city, its name caught after or before. */
const PROVINCE_PATTERNS = Object.keys(MERGED_AWAY_PROVINCES).map((name) => ({ name, pattern: namePattern(name) }));
const FORMER_CITY_NAMES = new Map<string, string>(FORMER_CITIES.map((name) => [foldMarks(name), name]));
const CAPITALISED = '(?:\\p{Lu}\\p{L}*\\s?){1,4}';
const CALLED_A_CITY = {
  en: [
    { pattern: new RegExp(`(${CAPITALISED})\\s[cC]ity\\b`, 'gu'), nameEnds: true },
    { pattern: new RegExp(`\\b[cC]ity of (${CAPITALISED})`, 'gu'), nameEnds: false },
  ],
  vi: [{ pattern: new RegExp(`[tT]hanh pho (${CAPITALISED})`, 'gu'), nameEnds: false }],
};

/** The former cities a folded text calls a city ("Da Lat City", "city of Nha Trang", "thanh pho Vinh"). */
function formerCitiesCalledCities(text: string, lang: (typeof LANGUAGES)[number]): string[] {
  const found: string[] = [];
  for (const { pattern, nameEnds } of CALLED_A_CITY[lang]) {
    for (const match of text.matchAll(pattern)) {
      const words = (match[1] ?? '').trim().split(/\s+/);
      // The name is the last words before "City", or the first ones after "city of" / "thành phố".
      for (let n = 1; n <= words.length; n++) {
        const name = FORMER_CITY_NAMES.get((nameEnds ? words.slice(-n) : words.slice(0, n)).join(' '));
        if (name) found.push(name);
      }
    }
  }
  return found;
}

/** Any of the names at all, and "city" at all: most questions are done with after these two tests. */
const ANY_PROVINCE = new RegExp(PROVINCE_PATTERNS.map(({ pattern }) => `(?:${pattern.source})`).join('|'), 'u');
const ANY_CITY_WORD = /\bcit(y|ies)\b|thanh pho/i;
const ASKS_FOR_A_CITY = { en: /\b(which|what)\s+(\p{L}+\s+){0,2}cit(y|ies)\b/iu, vi: /thành phố nào/i };
const DISTRICT = { en: /\b(district|township)\b/i, vi: /(huyện|quận|thị xã|thị trấn) [\p{Lu}\d]/u };

/**
 * Where a question is out of date on the 2025 map: a merged-away province named without saying it is
 * the former one, a place called a city that no longer is one, a district named as if it still were.
 */
export function mapProblems(q: BankQuestion): string[] {
  const problems: string[] = [];
  // Most questions name no such place, nor a city, nor a district: done with in one look.
  const everything = foldMarks(LANGUAGES.map((lang) => [q[lang].question, ...q[lang].answers].join(' ')).join(' '));
  const district =
    q.aboutVietnam && (DISTRICT.en.test(everything) || /(huyen|quan|thi xa|thi tran) /i.test(everything));
  if (!ANY_PROVINCE.test(everything) && !ANY_CITY_WORD.test(everything) && !district) return problems;
  for (const lang of LANGUAGES) {
    const texts = [q[lang].question, ...q[lang].answers].map((text) =>
      NAMESAKES.reduce((t, namesake) => t.replace(namesake, ' '), text),
    );
    const folded = texts.map(foldMarks);
    const question = texts[0] ?? '';
    const inThePast = (text: string) => PAST[lang].test(text) || PAST[lang].test(question);
    const provinceNamed = folded.some((text) => ANY_PROVINCE.test(text));
    for (const { name, pattern } of provinceNamed ? PROVINCE_PATTERNS : []) {
      if (folded.some((text, i) => pattern.test(text) && !inThePast(texts[i] ?? ''))) {
        problems.push(`${lang} names ${name} (part of ${MERGED_AWAY_PROVINCES[name]} since 2025) as if it still were`);
      }
    }
    const asksForCity = ASKS_FOR_A_CITY[lang].test(question.replace(/[“"‘][^”"’]*[”"’]/g, ' '));
    const allInThePast = inThePast(texts.join(' '));
    const calledCities = new Set(folded.flatMap((text) => formerCitiesCalledCities(text, lang)));
    const amongCities = asksForCity ? folded.slice(1).flatMap((answer) => FORMER_CITY_NAMES.get(answer) ?? []) : [];
    for (const city of new Set([...calledCities, ...amongCities])) {
      if (!allInThePast) problems.push(`${lang} calls ${city} a city, which it has not been since 2025`);
    }
    if (q.aboutVietnam && texts.some((text) => DISTRICT[lang].test(text) && !inThePast(text))) {
      problems.push(`${lang} names a district, and Vietnam has had none since 2025`);
    }
  }
  return problems;
}

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bankImagesFolder, loadStarterBank, retiredKeys } from './bank';
import { FAIR_GIVEAWAYS } from './bank-allowances';
import {
  BANK_DEPTH,
  BANK_RULES,
  bankProblems,
  categoryProblems,
  depthProblems,
  ENFORCED_DEPTH,
  MERGED_AWAY_PROVINCES,
  mapProblems,
  numbersIn,
  questionProblems,
  wordCount,
} from './bank-rules';
import { crossLanguageProblems, wordsGivingAway } from './bank-wording';

const starterBank = loadStarterBank();
const imageExists = (file: string) => existsSync(join(bankImagesFolder(), file));

/** The rules code can check (bank-rules.ts, bank/README.md), held over the bank that ships. */
describe('the starter question bank', () => {
  it.each(starterBank.map((file) => [file.category.slug, file] as const))('%s keeps every rule', (_slug, file) => {
    expect(categoryProblems(file, imageExists)).toEqual([]);
  });

  it('keeps the rules across the whole bank: totals, pictures, unique keys and texts', () => {
    expect(bankProblems(starterBank, imageExists)).toEqual([]);
    const all = starterBank.flatMap((file) => file.questions);
    expect(all.length).toBeGreaterThanOrEqual(BANK_DEPTH[ENFORCED_DEPTH].total);
    expect(all.filter((q) => q.ageCategory === 'Kids' && q.image).length).toBeGreaterThanOrEqual(
      BANK_RULES.minKidsPictures,
    );
  });

  it('uses no key the bank has retired: installs follow a question by its key', () => {
    const retired = retiredKeys();
    expect(retired.size).toBeGreaterThan(0);
    expect(starterBank.flatMap((file) => file.questions.map((q) => q.key)).filter((key) => retired.has(key))).toEqual(
      [],
    );
  });

  it('allows a giveaway only where the word is still in the question: no stale allowance', () => {
    const byKey = new Map(starterBank.flatMap((file) => file.questions).map((q) => [q.key, q]));
    for (const [key, allowed] of Object.entries(FAIR_GIVEAWAYS)) {
      const q = byKey.get(key);
      expect(q, key).toBeDefined();
      for (const lang of ['en', 'vi'] as const) {
        const words = allowed[lang] ?? [];
        if (q && words.length > 0) expect(wordsGivingAway(q[lang], q.correctAnswerIndex, lang), key).toEqual(words);
      }
    }
  });
});

/** The rules themselves: each finds what it is for, and only that. */
describe('the bank’s rules', () => {
  const good = {
    key: 'animals-k-99',
    ageCategory: 'Kids' as const,
    difficulty: 1 as const,
    correctAnswerIndex: 2,
    en: { question: 'What does a caterpillar turn into?', answers: ['Bird', 'Frog', 'Butterfly', 'Bee'] },
    vi: { question: 'Con sâu lớn lên sẽ thành con gì?', answers: ['Chim', 'Ếch', 'Bướm', 'Ong'] },
  };

  it('passes a good question', () => {
    expect(questionProblems(good)).toEqual([]);
  });

  it('finds an answer given away by the wording, in either language, but not a choice between options', () => {
    const giveaway = { ...good, vi: { ...good.vi, question: 'Khi lớn lên, sâu bướm sẽ biến thành con gì?' } };
    expect(questionProblems(giveaway)).toEqual(['animals-k-99: vi question gives its answer away: "bướm" of "Bướm"']);
    const choice = {
      ...good,
      en: { question: 'Which is bigger, 15 or 51?', answers: ['15', '51', '105', '501'] },
      vi: { question: 'Số nào lớn hơn, 15 hay 51?', answers: ['15', '51', '105', '501'] },
      correctAnswerIndex: 1,
    };
    expect(questionProblems(choice)).toEqual([]);
  });

  it('finds a word of the right answer in its question, stems and compounds too, unless another option shares it', () => {
    const texts = (question: string, answers: string[]) => ({ question, answers });
    expect(
      wordsGivingAway(
        texts('Which fish puffs itself up?', ['Clownfish', 'Catfish', 'Swordfish', 'Pufferfish']),
        3,
        'en',
      ),
    ).toEqual(['pufferfish']);
    expect(
      wordsGivingAway(
        texts('What is a big piece of ice in the sea?', ['An iceberg', 'A glacier', 'A reef', 'A bank']),
        0,
        'en',
      ),
    ).toEqual(['iceberg']);
    expect(
      wordsGivingAway(texts('Những chú ong làm ra món gì?', ['Sô-cô-la', 'Mứt', 'Mật ong', 'Kẹo']), 2, 'vi'),
    ).toEqual(['ong']);
    // Shared by the other options, the word tells nothing.
    expect(
      wordsGivingAway(
        texts('Nhiều ngọn núi nối tiếp nhau gọi là gì?', ['Đỉnh núi', 'Sườn núi', 'Dãy núi', 'Đèo núi']),
        2,
        'vi',
      ),
    ).toEqual([]);
    // Tone marks tell Vietnamese words apart, in English text too; short and common words do not count.
    expect(wordsGivingAway(texts('Ông bà nuôi con gì?', ['Ong', 'Gà', 'Vịt', 'Cá']), 0, 'vi')).toEqual([]);
    expect(
      wordsGivingAway(
        texts('What was Lương Thế Vinh called?', ['Trạng Quỳnh', 'Trạng Lường', 'Trạng Trình', 'Trạng Hiền']),
        1,
        'en',
      ),
    ).toEqual([]);
    expect(
      wordsGivingAway(texts('Who wrote the song?', ['Trịnh Công Sơn', 'Văn Cao', 'Phạm Tuyên', 'Hoàng Vân']), 0, 'en'),
    ).toEqual([]);
  });

  it('finds options out of place across the languages and an English option left in the Vietnamese', () => {
    const en = { question: 'Which sport?', answers: ['Football', 'Golf', 'Street art', 'Cricket'] };
    expect(
      crossLanguageProblems(en, {
        question: 'Môn nào?',
        answers: ['Bóng đá', 'Gôn', 'Nghệ thuật đường phố', 'Cricket'],
      }),
    ).toEqual([]);
    expect(
      crossLanguageProblems(en, { question: 'Môn nào?', answers: ['Bóng đá', 'Gôn', 'Street art', 'Cricket'] }),
    ).toEqual(['vi answer 3 left in English: "Street art"']);
    expect(
      crossLanguageProblems(en, {
        question: 'Môn nào?',
        answers: ['Bóng đá', 'Cricket', 'Nghệ thuật đường phố', 'Gôn'],
      }),
    ).toEqual(['en answer 4 is vi answer 2: "Cricket"']);
  });

  it('finds a province merged away in 2025, a former city called a city and a district, unless it is history', () => {
    expect(MERGED_AWAY_PROVINCES['Bình Định']).toBe('Gia Lai');
    const place = (en: string, vi: string, answers = ['Gia Lai', 'Huế', 'Hà Nội', 'Cà Mau']) => ({
      ...good,
      aboutVietnam: true,
      en: { question: en, answers },
      vi: { question: vi, answers },
    });
    expect(mapProblems(place('Which is in Bình Định province?', 'Nơi nào ở tỉnh Bình Định?'))).toEqual([
      'en names Bình Định (part of Gia Lai since 2025) as if it still were',
      'vi names Bình Định (part of Gia Lai since 2025) as if it still were',
    ]);
    expect(
      mapProblems(place('Which was in the former province of Binh Dinh?', 'Nơi nào ở vùng đất Bình Định xưa?')),
    ).toEqual([]);
    expect(
      mapProblems(place('Which city has a lake?', 'Thành phố nào có hồ?', ['Hà Nội', 'Nha Trang', 'Huế', 'Cần Thơ'])),
    ).toEqual([
      'en calls Nha Trang a city, which it has not been since 2025',
      'vi calls Nha Trang a city, which it has not been since 2025',
    ]);
    expect(mapProblems(place('Is Đà Lạt City cool?', 'Thành phố Đà Lạt có mát không?'))).toEqual([
      'en calls Đà Lạt a city, which it has not been since 2025',
      'vi calls Đà Lạt a city, which it has not been since 2025',
    ]);
    expect(mapProblems(place('Which village is in Thanh Oai district?', 'Làng nào ở huyện Thanh Oai?'))).toEqual([
      'en names a district, and Vietnam has had none since 2025',
      'vi names a district, and Vietnam has had none since 2025',
    ]);
    // The Pacific, peace, a river and a dam hold the names but are not the provinces.
    expect(
      mapProblems(
        place(
          'Which ocean is the Thái Bình River near?',
          'Sông Thái Bình, thủy điện Hòa Bình và Thái Bình Dương; hòa bình.',
        ),
      ),
    ).toEqual([]);
  });

  it('finds a note on the right answer only, twin answers, decomposed text and missing diacritics', () => {
    const noted = { ...good, en: { ...good.en, answers: ['Bird', 'Frog', 'Butterfly (adult)', 'Bee'] } };
    expect(questionProblems(noted)).toEqual(['animals-k-99: en only the correct answer carries a note']);
    const twins = { ...good, vi: { ...good.vi, answers: ['Chim', 'Ếch', 'Bướm', 'chim'] } };
    expect(questionProblems(twins)).toEqual(['animals-k-99: vi answers are not four distinct ones']);
    const nfd = { ...good, vi: { ...good.vi, question: good.vi.question.normalize('NFD') } };
    expect(questionProblems(nfd)[0]).toMatch(/vi text is not NFC/);
    const unmarked = {
      ...good,
      vi: { question: 'Con sau lon len thanh con gi?', answers: ['Chim', 'Ech', 'Buom', 'Ong'] },
    };
    expect(questionProblems(unmarked)).toEqual(['animals-k-99: vi text has no Vietnamese diacritics']);
  });

  it('compares numbers across languages, separators aside', () => {
    expect(numbersIn('It melts at 29.8 °C, 1,000 times')).toEqual(numbersIn('Nó nóng chảy ở 29,8 °C, 1.000 lần'));
    const differ = { ...good, vi: { ...good.vi, question: 'Con sâu lớn lên sau 2 tuần sẽ thành con gì?' } };
    expect(questionProblems(differ)).toEqual(['animals-k-99: numbers differ between en and vi question']);
  });

  it('keeps Kids questions short and finds a missing picture', () => {
    expect(wordCount('How many legs does a spider have?')).toBe(7);
    const long = { ...good, en: { ...good.en, question: `${'very '.repeat(20)}long question?` } };
    expect(questionProblems(long)).toEqual(['animals-k-99: Kids question over 18 words']);
    expect(questionProblems({ ...good, image: 'nowhere.svg' }, () => false)).toEqual([
      'animals-k-99: picture nowhere.svg is missing',
    ]);
  });

  it('holds a category to the depth asked: the floor today, the target once the new questions are in', () => {
    const file = { category: { slug: 'animals', name_en: 'Animals', name_vi: 'Động vật' }, questions: [good] };
    expect(depthProblems(file, BANK_DEPTH.target)).toContain('animals Kids: 1 < 170');
    expect(depthProblems(file, BANK_DEPTH.target)).toContain('animals Kids difficulty 1: 1 < 56');
    expect(depthProblems(file, BANK_DEPTH.target)).toContain('animals Adults difficulty 3: 0 < 40');
    expect(bankProblems([file], undefined, BANK_DEPTH.target)).toContain('1 questions in all, under 3200');
    expect(BANK_DEPTH.target.perAge.Teenagers).toEqual({ perCategory: 120, perCell: 40 });
  });

  it('counts cells, the Vietnam share and repeated answers per category', () => {
    const file = { category: { slug: 'animals', name_en: 'Animals', name_vi: 'Động vật' }, questions: [good] };
    const problems = categoryProblems(file);
    const { Kids, Adults } = BANK_DEPTH[ENFORCED_DEPTH].perAge;
    expect(problems).toContain(`animals Kids difficulty 1: 1 < ${Kids.perCell}`);
    expect(problems).toContain(`animals Adults difficulty 3: 0 < ${Adults.perCell}`);
    expect(problems).toContain('animals: 0 of 1 about Vietnam, under a fifth');
    const repeated = {
      ...file,
      questions: [1, 2, 3, 4].map((n) => ({ ...good, key: `animals-k-${n}`, aboutVietnam: true })),
    };
    expect(categoryProblems(repeated)).toContain('animals: en "butterfly" is the answer 4 times');
    expect(categoryProblems(repeated)).toContain('animals: vi "buom" is the answer 4 times');
  });
});

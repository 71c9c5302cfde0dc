import { randomUUID } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { asc, count } from 'drizzle-orm';
import { strFromU8, strToU8, unzipSync, type Zippable, zipSync } from 'fflate';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/session';
import { categories, questions } from '../db/schema';
import { createTestApp, TEST_ORIGIN } from '../test/app';
import { createTestDb } from '../test/db';
import { createAccount, createCategoryRow } from '../test/factories';
import { multipartFile } from '../test/multipart';
import { rawZip, storedEntry, zerosEntry } from '../test/raw-zip';
import { isUnsafeEntryName } from './zip-reader';

/** A picture with detail in it (a lossy re-encode would change its bytes). */
async function picture(seed: number) {
  const raw = Buffer.alloc(120 * 90 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (Math.sin(i / (7 + seed)) * 127 + 128 + (i % 13) * 3) & 255;
  return sharp(raw, { raw: { width: 120, height: 90, channels: 3 } })
    .png()
    .toBuffer();
}

/** A fresh install: its own SQLite file and uploads folder, an admin signed in. */
async function install() {
  const db = createTestDb();
  const app = await createTestApp(db);
  const admin = createAccount(db, { admin: true });
  const headers = { cookie: `${SESSION_COOKIE}=${admin.token}`, origin: TEST_ORIGIN };
  const pictures = join(dirname(db.path), 'uploads', 'question-images');
  const upload = async (bytes: Buffer) => {
    const file = multipartFile('picture.png', bytes, 'image/png');
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/images',
      headers: { ...headers, 'content-type': file.contentType },
      payload: file.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { imageUrl: string }).imageUrl;
  };
  const importFile = (name: string, content: Uint8Array) => {
    const file = multipartFile(name, content, 'application/zip');
    return app.inject({
      method: 'POST',
      url: '/api/admin/question-sets/import',
      headers: { ...headers, 'content-type': file.contentType },
      payload: file.payload,
    });
  };
  const save = (set: unknown[]) =>
    app.inject({
      method: 'POST',
      url: '/api/admin/question-sets',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: { setId: randomUUID(), questions: set },
    });
  const storedPictures = () => readdirSync(pictures).filter((name) => name.endsWith('.webp'));
  const questionCount = () => db.select({ n: count() }).from(questions).get()?.n ?? 0;
  return { db, app, headers, pictures, upload, importFile, save, storedPictures, questionCount };
}

type Imported = {
  questions: { question_en?: string; imageUrl?: string | null; newCategory?: { name_en: string; name_vi: string } }[];
  problems: unknown[];
  newCategories: { name_en: string; name_vi: string }[];
};

const question = (n: number, categoryId: number, imageUrl: string | null) => ({
  categoryId,
  ageCategory: (['Kids', 'Teenagers', 'Adults'] as const)[n % 3],
  difficulty: 1 + (n % 3),
  question_en: `Which sea creature is number ${n}?`,
  question_vi: `Sinh vật biển nào là số ${n}?`,
  answers_en: ['Whale', 'Shark', `Crab ${n}`, 'Seal'],
  answers_vi: ['Cá voi', 'Cá mập', `Cua ${n}`, 'Hải cẩu'],
  correctAnswerIndex: n % 4,
  imageUrl,
});

describe('an export with its pictures', () => {
  it('imports into a fresh install with texts, answers, difficulty, age group, category and picture bytes intact', async () => {
    const from = await install();
    const categoryId = createCategoryRow(from.db, { en: 'Ocean life', vi: 'Sinh vật đại dương' });
    const [first, second] = [await from.upload(await picture(1)), await from.upload(await picture(2))];
    // Two questions share a picture, one has none.
    const set = [question(1, categoryId, first), question(2, categoryId, second), question(3, categoryId, first)];
    set.push(question(4, categoryId, null));
    expect((await from.save(set)).json()).toEqual({ saved: 4 });

    const exported = await from.app.inject({
      method: 'GET',
      url: `/api/admin/questions/export?format=zip&categoryId=${categoryId}`,
      headers: from.headers,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('application/zip');
    expect(exported.headers['content-disposition']).toMatch(
      /^attachment; filename="quiz-ladder-questions-ocean-life-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzipSync(exported.rawPayload);
    const pictureFiles = Object.keys(files).filter((name) => name.startsWith('images/'));
    expect(pictureFiles).toHaveLength(2);
    expect(Object.keys(files)).toContain('questions.csv');
    const csv = strFromU8(files['questions.csv'] as Uint8Array);
    expect(csv.split('\r\n')[0]).toMatch(/,correct_answer,image$/);
    // The first question on line 2 (no blank line after the header): problems name the right line.
    expect(csv.split('\r\n')[1]).toMatch(/^Ocean life,Sinh vật đại dương,Teenagers,2,/);

    const to = await install();
    expect(to.db.select().from(categories).all()).toEqual([]);
    const imported = await to.importFile('export.zip', exported.rawPayload);
    expect(imported.statusCode, imported.body).toBe(200);
    const body = imported.json() as Imported;
    expect(body.problems).toEqual([]);
    expect(body.newCategories).toEqual([{ name_en: 'Ocean life', name_vi: 'Sinh vật đại dương' }]);
    expect(body.questions).toHaveLength(4);
    // Each picture stored once, though two questions show it.
    expect(to.storedPictures()).toHaveLength(2);
    expect((await to.save(body.questions)).json()).toEqual({ saved: 4 });

    const fields = (db: typeof from.db) =>
      db
        .select()
        .from(questions)
        .orderBy(asc(questions.id))
        .all()
        .map((row) => ({
          en: row.questionEn,
          vi: row.questionVi,
          answersEn: row.answersEn,
          answersVi: row.answersVi,
          correct: row.correctAnswerIndex,
          age: row.ageCategory,
          difficulty: row.difficulty,
          category: db
            .select()
            .from(categories)
            .all()
            .find((c) => c.id === row.categoryId)?.nameVi,
          hasPicture: row.imageUrl !== null,
        }));
    expect(fields(to.db)).toEqual(fields(from.db));
    const imageUrls = (db: typeof from.db) =>
      db
        .select({ url: questions.imageUrl })
        .from(questions)
        .orderBy(asc(questions.id))
        .all()
        .map((row) => row.url);
    const served = async (app: typeof from.app, url: string | null) =>
      url === null ? null : (await app.inject({ method: 'GET', url })).rawPayload;
    const before = await Promise.all(imageUrls(from.db).map((url) => served(from.app, url)));
    const after = await Promise.all(imageUrls(to.db).map((url) => served(to.app, url)));
    expect(after.map((bytes) => bytes?.length)).toEqual(before.map((bytes) => bytes?.length));
    after.forEach((bytes, i) => {
      if (bytes === null) expect(before[i]).toBeNull();
      else expect(bytes.equals(before[i] as Buffer), `picture ${i}`).toBe(true);
    });
    // Questions 1 and 3 share their picture in the new install too.
    expect(imageUrls(to.db)[0]).toBe(imageUrls(to.db)[2]);
    expect(imageUrls(to.db)[0]).not.toBe(imageUrls(from.db)[0]);

    // Imported again: every question already exists, and nothing new to save.
    const again = (await to.importFile('export.zip', exported.rawPayload)).json() as Imported;
    expect(again.questions).toEqual([]);
    expect(again.newCategories).toEqual([]);
    expect(again.problems).toHaveLength(4);
  });

  it('recognises questions that exist under another category: says where, saves none, stores no picture', async () => {
    const from = await install();
    const ocean = createCategoryRow(from.db, { en: 'Ocean life', vi: 'Sinh vật đại dương' });
    const [whale, seal] = [await from.upload(await picture(8)), await from.upload(await picture(9))];
    const exportedSet = [question(21, ocean, whale), question(22, ocean, null), question(23, ocean, seal)];
    expect((await from.save(exportedSet)).json()).toEqual({ saved: 3 });
    const exported = await from.app.inject({
      method: 'GET',
      url: `/api/admin/questions/export?format=zip&categoryId=${ocean}`,
      headers: from.headers,
    });

    // The other install holds two of them in a category of its own: one word for word, one by its
    // Vietnamese text alone, typed in other case and spacing, decomposed (NFD).
    const to = await install();
    const animals = createCategoryRow(to.db, { en: 'Animals', vi: 'Động vật' });
    const retyped = {
      ...question(22, animals, null),
      question_en: 'Which animal of the sea is the twenty-second?',
      question_vi: '  SINH VẬT BIỂN   nào là số 22? '.normalize('NFD'),
    };
    expect((await to.save([question(21, animals, null), retyped])).json()).toEqual({ saved: 2 });
    const body = (await to.importFile('export.zip', exported.rawPayload)).json() as Imported;
    const elsewhere = {
      message: 'errors:questionSet.alreadyInOtherCategory',
      params: { name: 'Animals', categoryId: animals },
      text: 'This question is already in another category: Animals.',
    };
    expect(body.problems).toEqual([
      { line: 2, ...elsewhere },
      { line: 3, ...elsewhere },
    ]);
    // Only the new one is offered, in the category the file names; only its picture is stored.
    expect(body.questions.map((q) => q.question_en)).toEqual(['Which sea creature is number 23?']);
    expect(body.newCategories).toEqual([{ name_en: 'Ocean life', name_vi: 'Sinh vật đại dương' }]);
    expect(to.storedPictures()).toEqual([body.questions[0]?.imageUrl?.split('/').at(-1)]);
    expect(to.questionCount()).toBe(2);
  });

  it('leaves out a picture whose file is gone: its question imports without one', async () => {
    const from = await install();
    const categoryId = createCategoryRow(from.db, { en: 'Deep sea', vi: 'Biển sâu' });
    const gone = await from.upload(await picture(6));
    expect((await from.save([question(7, categoryId, gone)])).json()).toEqual({ saved: 1 });
    rmSync(join(from.pictures, gone.split('/').at(-1) as string));
    const exported = await from.app.inject({
      method: 'GET',
      url: '/api/admin/questions/export?format=zip',
      headers: from.headers,
    });
    expect(exported.statusCode).toBe(200);
    expect(Object.keys(unzipSync(exported.rawPayload))).toEqual(['questions.csv']);
    const to = await install();
    const body = (await to.importFile('export.zip', exported.rawPayload)).json() as Imported;
    expect(body.problems).toEqual([]);
    expect(body.questions.map((q) => q.imageUrl)).toEqual([undefined]);
    expect(exported.headers['content-disposition']).toMatch(
      /filename="quiz-ladder-questions-all-\d{4}-\d{2}-\d{2}\.zip"/,
    );
  });

  it('a new category is created only with the save that uses it, in its transaction', async () => {
    const to = await install();
    const csv = [
      'category,category_vi,age_category,difficulty,question_en,answer_en_1,answer_en_2,answer_en_3,answer_en_4,question_vi,answer_vi_1,answer_vi_2,answer_vi_3,answer_vi_4,correct_answer',
      'Rivers,Sông ngòi,Kids,1,Which river is longest?,Nile,Thames,Seine,Rhine,Sông nào dài nhất?,Sông Nin,Sông Thames,Sông Seine,Sông Rhine,A',
    ].join('\n');
    const body = (await to.importFile('rivers.csv', strToU8(csv))).json() as Imported;
    expect(body.newCategories).toEqual([{ name_en: 'Rivers', name_vi: 'Sông ngòi' }]);
    expect(to.db.select().from(categories).all()).toEqual([]);
    // A save that fails (a question without answers) creates nothing.
    const broken = { ...body.questions[0], answers_en: ['', '', '', ''] };
    expect((await to.save([broken])).statusCode).toBe(400);
    expect(to.db.select().from(categories).all()).toEqual([]);
    expect((await to.save(body.questions)).json()).toEqual({ saved: 1 });
    expect(to.db.select({ en: categories.nameEn, vi: categories.nameVi }).from(categories).all()).toEqual([
      { en: 'Rivers', vi: 'Sông ngòi' },
    ]);
  });
});

describe('an uploaded zip is untrusted', () => {
  const HEADER =
    'category,category_vi,age_category,difficulty,question_en,answer_en_1,answer_en_2,answer_en_3,answer_en_4,question_vi,answer_vi_1,answer_vi_2,answer_vi_3,answer_vi_4,correct_answer,image';
  const csvWith = (image: string) =>
    strToU8(
      [
        HEADER,
        `Oceans,Đại dương,Kids,1,Which ocean is largest?,Pacific,Atlantic,Indian,Arctic,Đại dương nào lớn nhất?,Thái Bình Dương,Đại Tây Dương,Ấn Độ Dương,Bắc Băng Dương,A,${image}`,
      ].join('\n'),
    );
  /** `count` questions, the i-th naming the picture `image(i)`. */
  const csvOf = (count: number, image: (i: number) => string) =>
    strToU8(
      [
        HEADER,
        ...Array.from(
          { length: count },
          (_, i) =>
            `Oceans,Đại dương,Kids,1,Which sea is number ${i}?,Red,Black,Yellow,White,Biển nào là số ${i}?,Biển Đỏ,Biển Đen,Hoàng Hải,Bạch Hải,A,${image(i)}`,
        ),
      ].join('\n'),
    );

  /**
   * Sets every entry's declared uncompressed size in the central directory (the zip's directory
   * lying), and with `local` in each local header too (the whole zip lying, consistently).
   */
  function declareSize(zip: Uint8Array, size: number, { local = false } = {}) {
    const bytes = zip.slice();
    const view = new DataView(bytes.buffer);
    for (let at = bytes.length - 22; at >= 0; at--) {
      if (view.getUint32(at, true) === 0x02014b50) view.setUint32(at + 24, size, true);
      if (local && view.getUint32(at, true) === 0x04034b50) view.setUint32(at + 22, size, true);
    }
    return bytes;
  }

  /** Refused as `refused` says, and cheaply: the import alone well under a second, memory barely moved. */
  async function refusedCheaply(files: Uint8Array, status: number, error: string) {
    const to = await install();
    const rss = process.memoryUsage.rss();
    const started = performance.now();
    const response = await to.importFile('set.zip', files);
    const took = performance.now() - started;
    const grew = process.memoryUsage.rss() - rss;
    expect(response.statusCode, response.body).toBe(status);
    expect((response.json() as { error: string }).error).toBe(error);
    expect(to.storedPictures()).toEqual([]);
    expect(to.questionCount()).toBe(0);
    expect(took, `${took.toFixed(0)} ms`).toBeLessThan(1000);
    expect(grew, `${(grew / 1024 / 1024).toFixed(1)} MB`).toBeLessThan(50 * 1024 * 1024);
  }

  async function refused(files: Uint8Array, status: number, error: string) {
    const to = await install();
    const response = await to.importFile('set.zip', files);
    expect(response.statusCode, response.body).toBe(status);
    expect((response.json() as { error: string }).error).toBe(error);
    expect(to.storedPictures()).toEqual([]);
    expect(to.questionCount()).toBe(0);
    return response;
  }

  it('a picture that is not one refuses the whole file, and stores nothing', async () => {
    const good = await picture(3);
    const zip = zipSync({
      'questions.csv': csvWith('images/fake.png'),
      'images/fake.png': strToU8('<svg onload="alert(1)"></svg>'),
      'images/good.png': good,
    });
    await refused(
      zip,
      400,
      'The picture "images/fake.png" in this zip is not a PNG, JPEG, WebP or GIF picture that can be read: nothing was imported.',
    );
  });

  it('a picture stored before a bad one is removed again', async () => {
    const csv = strFromU8(csvWith('images/good.png'));
    const second = csv
      .split('\n')[1]
      ?.replace('Which ocean is largest?', 'Which ocean is coldest?')
      .replace('Đại dương nào lớn nhất?', 'Đại dương nào lạnh nhất?')
      .replace('images/good.png', 'images/bad.gif');
    const zip = zipSync({
      'questions.csv': strToU8(`${csv}\n${second}`),
      'images/good.png': await picture(4),
      'images/bad.gif': strToU8('GIF89a but nothing after'),
    });
    const to = await install();
    const response = await to.importFile('set.zip', zip);
    expect(response.statusCode).toBe(400);
    expect((response.json() as { key: string }).key).toBe('errors:questionSet.zipBadPicture');
    expect(to.storedPictures()).toEqual([]);
  });

  it('an entry whose path leaves its folder is refused', async () => {
    const zip = zipSync({ 'questions.csv': csvWith('../../evil.png'), '../../evil.png': await picture(5) });
    await refused(
      zip,
      400,
      'The zip holds a file named "../../evil.png", a path that leaves its folder: the zip was refused.',
    );
    for (const name of ['/etc/passwd', 'C:/x.png', 'a\\..\\b.png', 'images/../../x', '..', 'a/\u0000.png']) {
      expect(isUnsafeEntryName(name), name).toBe(true);
    }
    for (const name of ['images/a.webp', 'questions.csv', 'a..b/c.png', 'Hình/ảnh.png']) {
      expect(isUnsafeEntryName(name), name).toBe(false);
    }
  });

  it('too many entries are refused before anything is read', async () => {
    const files: Zippable = { 'questions.csv': csvWith('') };
    for (let i = 0; i < 1001; i++) files[`images/${i}.png`] = new Uint8Array(1);
    await refused(zipSync(files, { level: 0 }), 400, 'This zip holds too many files: at most 1001.');
  });

  it('a zip bomb is refused: by the sizes it declares, and when its declared size lies', async () => {
    const zeros = new Uint8Array(8 * 1024 * 1024);
    const honest = zipSync({ 'questions.csv': csvWith(''), 'images/zeros.png': zeros });
    // 8 MB of zeros pack into a few KB: as declared, 300 MB unpacked is over the limit.
    expect(honest.length).toBeLessThan(64 * 1024);
    await refused(
      declareSize(honest, 300 * 1024 * 1024),
      400,
      'This zip unpacks to more than 200 MB: the zip was refused.',
    );
    // Declared as 10 bytes: inflating stops once it passes them.
    const lying = zipSync({ 'questions.csv': zeros });
    await refused(
      declareSize(lying, 10, { local: true }),
      400,
      'The file "questions.csv" in this zip unpacks to more than it says: the zip was refused.',
    );
    // The directory and the local header disagree: no zip tool writes that.
    await refused(
      declareSize(lying, 10),
      400,
      'This zip file could not be read (it may be damaged, or use a kind of zip this app does not read).',
    );
  });

  it('a picture declared larger than a picture may be is refused before it is inflated (the audit’s 198 MB)', async () => {
    const zip = rawZip([
      storedEntry('questions.csv', csvWith('images/huge.png')),
      await zerosEntry('images/huge.png', 198),
    ]);
    expect(zip.length).toBeLessThan(1024 * 1024);
    await refusedCheaply(
      zip,
      400,
      'The picture "images/huge.png" in this zip is larger than 10 MB: nothing was imported.',
    );
  });

  it('entries that share their data are refused before any is read (the audit’s 999 names over one picture)', async () => {
    const aliases = Array.from({ length: 998 }, (_, i) => ({ name: `images/p${i + 1}.png`, of: 'images/p0.png' }));
    const zip = rawZip(
      [
        storedEntry(
          'questions.csv',
          csvOf(999, (i) => `images/p${i}.png`),
        ),
        storedEntry('images/p0.png', await picture(7)),
      ],
      aliases,
    );
    await refusedCheaply(
      zip,
      400,
      'The files in this zip overlap one another, which no zip tool does: the zip was refused.',
    );
  });

  it('at most 200 pictures are stored by one zip: more are refused before any is read', async () => {
    const files: Zippable = { 'questions.csv': csvOf(201, (i) => `images/${i}.png`) };
    for (let i = 0; i < 201; i++) files[`images/${i}.png`] = strToU8(`not even a picture ${i}`);
    await refusedCheaply(
      zipSync(files),
      400,
      'This zip holds more than 200 pictures: export and import it a category at a time.',
    );
  });

  it('the same picture under two names is stored once', async () => {
    const same = await picture(8);
    const zip = zipSync({
      'questions.csv': csvOf(2, (i) => `images/${i}.png`),
      'images/0.png': same,
      'images/1.png': same,
    });
    const to = await install();
    const body = (await to.importFile('set.zip', zip)).json() as Imported;
    expect(body.problems).toEqual([]);
    expect(to.storedPictures()).toHaveLength(1);
    expect(body.questions[0]?.imageUrl).toBeDefined();
    expect(body.questions[1]?.imageUrl).toBe(body.questions[0]?.imageUrl);
  });

  it('a damaged zip, or one without questions, says so', async () => {
    const zip = zipSync({ 'questions.csv': csvWith('') });
    await refused(
      zip.subarray(0, zip.length - 30),
      400,
      'This zip file could not be read (it may be damaged, or use a kind of zip this app does not read).',
    );
    await refused(zipSync({ 'notes.txt': strToU8('hello') }), 400, 'The zip holds no questions.csv or questions.json.');
  });

  it('only an admin imports or exports a zip', async () => {
    const { app, db } = await install();
    const parent = createAccount(db);
    const headers = { cookie: `${SESSION_COOKIE}=${parent.token}`, origin: TEST_ORIGIN };
    const file = multipartFile('set.zip', zipSync({ 'questions.csv': csvWith('') }), 'application/zip');
    const imported = await app.inject({
      method: 'POST',
      url: '/api/admin/question-sets/import',
      headers: { ...headers, 'content-type': file.contentType },
      payload: file.payload,
    });
    expect(imported.statusCode).toBe(403);
    const exported = await app.inject({ method: 'GET', url: '/api/admin/questions/export?format=zip', headers });
    expect(exported.statusCode).toBe(403);
    const signedOut = await app.inject({ method: 'GET', url: '/api/admin/questions/export?format=zip' });
    expect(signedOut.statusCode).toBe(401);
  });

  it('a question naming a picture the zip lacks imports without one, as from a plain file', async () => {
    const to = await install();
    const body = (
      await to.importFile('set.zip', zipSync({ 'questions.csv': csvWith('images/gone.webp') }))
    ).json() as Imported;
    expect(body.problems).toEqual([]);
    expect(body.questions).toHaveLength(1);
    expect(body.questions[0]?.imageUrl).toBeUndefined();
    // A plain CSV with an image column: the same.
    const plain = (await to.importFile('set.csv', csvWith('images/x.webp'))).json() as Imported;
    expect(plain.questions[0]).not.toHaveProperty('picture');
    expect(plain.questions[0]?.imageUrl).toBeUndefined();
  });
});

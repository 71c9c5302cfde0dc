import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { AGE_CATEGORIES } from '#shared/age.ts';
import { installPath } from '../install-dir';

const localized = z.object({ question: z.string().min(1), answers: z.array(z.string().min(1)).length(4) });

/** A bank picture: an SVG drawn for the project, in bank/images/ (rendered like an upload when loaded). */
export const BANK_IMAGE_PATTERN = /^[a-z0-9-]+\.svg$/;

export const bankQuestionSchema = z.object({
  key: z.string().regex(/^[a-z0-9-]+$/),
  ageCategory: z.enum(AGE_CATEGORIES),
  difficulty: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  correctAnswerIndex: z.number().int().min(0).max(3),
  /** About Vietnam or its region (bank/README.md: at least a fifth of each category). */
  aboutVietnam: z.boolean().optional(),
  image: z.string().regex(BANK_IMAGE_PATTERN).optional(),
  en: localized,
  vi: localized,
});

export const bankCategorySchema = z.object({
  category: z.object({
    slug: z.string().regex(/^[a-z0-9-]+$/),
    name_en: z.string().min(1),
    name_vi: z.string().min(1),
  }),
  questions: z.array(bankQuestionSchema),
});

export type BankQuestion = z.infer<typeof bankQuestionSchema>;
export type BankCategory = z.infer<typeof bankCategorySchema>;

/** The starter bank's category files, in the order they are loaded (see bank/README.md). */
export const BANK_FILES = [
  'animals',
  'science',
  'geography',
  'history',
  'vietnam',
  'sports',
  'arts-music',
  'maths-logic',
] as const;

/**
 * The bank's data (its category files, pictures and README), from the Quiz Ladder folder: the one
 * place the code names it (the Dockerfile and biome.json name it too). Read from disk, not bundled
 * into dist/server.js: an install whose bank is up to date never parses it.
 */
export const BANK_DATA_FOLDER = 'server/bank/data';

/** Where the bank's files are. */
export const bankFolder = () => installPath(...BANK_DATA_FOLDER.split('/'));

/** A bank picture as the seed uses it: its SVG and the hash that names its stored image. */
export type BankPicture = { file: string; svg: Buffer; hash: string };

/** The bank's pictures: SVGs in bank/images. */
export const bankImagesFolder = (folder: string = bankFolder()) => join(folder, 'images');

/** A short content hash: what names a bank picture's stored image and versions the bank's content. */
export const shortHash = (value: string | Buffer) => createHash('sha256').update(value).digest('hex').slice(0, 16);

/** The pictures in `folder` (bank/images): every SVG, by its file name. */
export function readBankPictures(folder: string = bankImagesFolder()): Map<string, BankPicture> {
  const pictures = new Map<string, BankPicture>();
  for (const file of existsSync(folder) ? readdirSync(folder) : []) {
    if (!file.endsWith('.svg')) continue;
    const svg = readFileSync(join(folder, file));
    pictures.set(file, { file, svg, hash: shortHash(svg) });
  }
  return pictures;
}

/** The version of the bank in `folder`: a hash of its files' bytes, read without parsing them. */
export function bankFilesVersion(folder: string = bankFolder()): string {
  const hash = createHash('sha256');
  for (const name of BANK_FILES) hash.update(readFileSync(join(folder, `${name}.json`)));
  const images = join(folder, 'images');
  for (const name of existsSync(images) ? readdirSync(images).sort() : []) {
    if (name.endsWith('.svg')) hash.update(name).update(readFileSync(join(images, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The starter bank shipped with the app, one file a category, checked against its schema. */
export function loadStarterBank(folder: string = bankFolder()): BankCategory[] {
  return BANK_FILES.map((name) =>
    bankCategorySchema.parse(JSON.parse(readFileSync(join(folder, `${name}.json`), 'utf8'))),
  );
}

/**
 * Keys that were in the bank once and are no longer (bank/retired-keys.json): never to be used again,
 * since installs follow a question by its key (README, "Upgrades").
 */
export function retiredKeys(folder: string = bankFolder()): Set<string> {
  const path = join(folder, 'retired-keys.json');
  return new Set(existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as string[]) : []);
}

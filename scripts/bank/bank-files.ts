/**
 * The bank's files as the scripts that change them read and write them: one JSON file a category,
 * written back in the one layout they keep (two-space JSON, fields in the README's order), so that a
 * change shows in review as the questions it changes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BANK_FILES,
  type BankCategory,
  type BankQuestion,
  bankCategorySchema,
  bankFolder,
} from '../../server/bank/bank';

export type BankFile = { path: string; file: BankCategory };

/** Every category file of the bank in `folder`, parsed and checked against its schema. */
export function readBankFiles(folder: string = bankFolder()): BankFile[] {
  return BANK_FILES.map((name) => {
    const path = join(folder, `${name}.json`);
    return { path, file: bankCategorySchema.parse(JSON.parse(readFileSync(path, 'utf8'))) };
  });
}

const FIELD_ORDER = ['key', 'ageCategory', 'difficulty', 'correctAnswerIndex', 'aboutVietnam', 'image', 'en', 'vi'];

/** A question with its fields in the README's order, `aboutVietnam` only when true. */
export function laidOut(q: BankQuestion): BankQuestion {
  const fields = Object.entries(q).filter(([name, value]) => !(name === 'aboutVietnam' && value !== true));
  fields.sort(([a], [b]) => FIELD_ORDER.indexOf(a) - FIELD_ORDER.indexOf(b));
  return Object.fromEntries(fields) as BankQuestion;
}

export function writeBankFile({ path, file }: BankFile): void {
  writeFileSync(path, `${JSON.stringify(file, null, 2)}\n`);
}

/**
 * Writes server/bank/legacy-bank-hashes.json: for each question of the banks shipped before
 * installs tracked bank versions (the commits below), the content hash of every version it had.
 * seed.ts tells an install's untouched bank questions from its admins' edits by it, once.
 * `npx tsx scripts/bank/legacy-hashes.ts` (needs the git history).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cleanText } from '#shared/text.ts';
import type { BankCategory } from '../../server/bank/bank';
import { contentHash } from '../../server/bank/seed';

const COMMITS = ['4c6056d', 'a9f8ab8', '603eb03', '5b560ab'];
/** Where those commits kept the bank's data. */
const DATA_FOLDER_THEN = 'server/db/seed/bank';
const FILES = ['animals', 'science', 'geography', 'history', 'vietnam', 'sports', 'arts-music', 'maths-logic'];

const hashes: Record<string, Set<string>> = {};
for (const commit of COMMITS) {
  for (const name of FILES) {
    const text = execFileSync('git', ['show', `${commit}:${DATA_FOLDER_THEN}/${name}.json`], { encoding: 'utf8' });
    const file = JSON.parse(text) as BankCategory;
    for (const q of file.questions) {
      const hash = contentHash({
        category: file.category.slug,
        ageCategory: q.ageCategory,
        difficulty: q.difficulty,
        correctAnswerIndex: q.correctAnswerIndex,
        questionEn: cleanText(q.en.question),
        answersEn: q.en.answers.map(cleanText),
        questionVi: cleanText(q.vi.question),
        answersVi: q.vi.answers.map(cleanText),
        imageUrl: null,
      });
      const versions = hashes[q.key] ?? new Set<string>();
      versions.add(hash);
      hashes[q.key] = versions;
    }
  }
}
const sorted = Object.fromEntries(
  Object.keys(hashes)
    .sort()
    .map((key) => [key, [...(hashes[key] as Set<string>)]]),
);
writeFileSync('server/bank/legacy-bank-hashes.json', `${JSON.stringify(sorted)}\n`);
console.log(`${Object.keys(sorted).length} questions`);

/**
 * Prints what breaks the bank's rules (server/bank/bank-rules.ts), for the whole bank or the
 * category files named: `npm run bank:check [-- path/to/category.json ...]`. Exit 1 when any.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { BANK_FILES, bankCategorySchema, bankFolder } from '../../server/bank/bank';
import {
  BANK_DEPTH,
  bankProblems,
  categoryProblems,
  depthProblems,
  ENFORCED_DEPTH,
} from '../../server/bank/bank-rules';

const bankDir = bankFolder();
const named = process.argv.slice(2);
const paths = named.length > 0 ? named : BANK_FILES.map((name) => join(bankDir, `${name}.json`));

const files = paths.map((path) => {
  const parsed = bankCategorySchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) {
    console.error(`${path}: ${parsed.error.message}`);
    process.exit(1);
  }
  return { path, file: parsed.data };
});

const problems = files.flatMap(({ path, file }) => {
  const imageExists = (image: string) => existsSync(join(dirname(path), 'images', image));
  return categoryProblems(file, imageExists);
});
if (named.length === 0) {
  const whole = bankProblems(files.map((f) => f.file)).filter((p) => !problems.includes(p));
  problems.push(...whole);
}
for (const { file } of files) {
  const counts = ['Kids', 'Teenagers', 'Adults'].map((age) =>
    [1, 2, 3].map((d) => file.questions.filter((q) => q.ageCategory === age && q.difficulty === d).length).join('/'),
  );
  const vietnam = file.questions.filter((q) => q.aboutVietnam).length;
  const pictures = file.questions.filter((q) => q.image).length;
  console.log(
    `${file.category.slug}: ${file.questions.length} (Kids ${counts[0]}, Teenagers ${counts[1]}, Adults ${counts[2]}), Vietnam ${vietnam}, pictures ${pictures}`,
  );
}
if (ENFORCED_DEPTH !== 'target') {
  // Not yet enforced (bank-rules.ts, ENFORCED_DEPTH): how far the bank is from issue 29's target.
  const total = files.reduce((sum, { file }) => sum + file.questions.length, 0);
  const short = files.flatMap(({ file }) => depthProblems(file, BANK_DEPTH.target));
  console.log(`Towards the target (${BANK_DEPTH.target.total} in all, ${total} now): ${short.length} short`);
  for (const line of short) console.log(`  ${line}`);
}
if (problems.length > 0) console.log('Problems:');
for (const problem of problems) console.log(`  ${problem}`);
console.log(problems.length === 0 ? 'No problems.' : `${problems.length} problems.`);
process.exit(problems.length === 0 ? 0 : 1);

/**
 * Adds new questions to the bank once a second reader has read them blind (README, "Adding a
 * question"): `npm run bank:integrate -- <dir/slug.json> [more.json …] [--dry-run]`. Each file is
 * `{ "questions": [ … ] }` in the bank's format, its pictures in `<dir>/images/`. It refuses (writes
 * nothing, exit 1) a key the bank has or had, a key that does not name its category and age group,
 * a question the bank already asks word for word, a missing or clashing picture, and any rule of
 * bank-rules.ts the new questions break (integration.ts). It prints, without refusing, new questions
 * whose wording is close to another's: a reader decides whether they ask the same fact.
 */
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { bankImagesFolder, bankQuestionSchema, retiredKeys } from '../../server/bank/bank';
import { readBankFiles, writeBankFile } from './bank-files';
import { planIntegration } from './integration';

const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const paths = args.filter((arg) => arg !== '--dry-run');
if (paths.length === 0) {
  console.error('usage: bank:integrate -- <dir/slug.json> [more.json …] [--dry-run]');
  process.exit(1);
}

const files = readBankFiles();
const incoming = paths.flatMap((path) =>
  z
    .object({ questions: z.array(bankQuestionSchema) })
    .parse(JSON.parse(readFileSync(path, 'utf8')))
    .questions.map((question) => ({ question, pictures: join(dirname(path), 'images') })),
);
const pictureFolder = new Map(
  incoming.flatMap(({ question, pictures }) => (question.image ? [[question.image, pictures]] : [])),
);
const read = (path: string) => (existsSync(path) ? readFileSync(path) : null);
const plan = planIntegration(
  files.map((f) => f.file),
  incoming.map((i) => i.question),
  retiredKeys(),
  {
    incoming: (name) => read(join(pictureFolder.get(name) ?? '', name)),
    inBank: (name) => read(join(bankImagesFolder(), name)),
  },
);

for (const line of plan.close) console.log(`close: ${line}`);
if (plan.refusals.length > 0) {
  for (const line of plan.refusals) console.log(`refused: ${line}`);
  console.log(`${plan.refusals.length} refusals: nothing written.`);
  process.exit(1);
}
console.log(`${plan.added.length} questions can be added${dryRun ? ' (dry run: nothing written)' : ''}.`);
if (!dryRun) {
  const touched = new Set(plan.added.map((q) => q.key.replace(/-[kta]-\d+$/, '')));
  files.forEach((f, i) => {
    const merged = plan.bank[i];
    if (merged && touched.has(f.file.category.slug)) writeBankFile({ path: f.path, file: merged });
  });
  for (const [name, folder] of pictureFolder) copyFileSync(join(folder, name), join(bankImagesFolder(), name));
  console.log(`Added ${plan.added.length} questions and ${pictureFolder.size} pictures. Now: npm run bank:check.`);
}

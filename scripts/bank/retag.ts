/**
 * Sets questions' difficulty from a reading (README, "How the bank is checked"):
 * `npm run bank:retag -- <retags.json> [--dry-run]`, the file a JSON list of `{ "key", "difficulty" }`.
 * It refuses (writes nothing, exit 1) an unknown key, a key listed twice, a difficulty not 1–3, and a
 * retag that breaks a rule that held (a cell under its floor). An install takes a retag like any
 * correction: the question's content hash changes (seed.ts).
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { readBankFiles, writeBankFile } from './bank-files';
import { planRetags } from './integration';

const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const path = args.find((arg) => arg !== '--dry-run');
if (!path) {
  console.error('usage: bank:retag -- <retags.json> [--dry-run]');
  process.exit(1);
}
const retags = z
  .array(z.object({ key: z.string(), difficulty: z.union([z.literal(1), z.literal(2), z.literal(3)]) }))
  .parse(JSON.parse(readFileSync(path, 'utf8')));

const files = readBankFiles();
const plan = planRetags(
  files.map((f) => f.file),
  retags,
);
if (plan.refusals.length > 0) {
  for (const line of plan.refusals) console.log(`refused: ${line}`);
  console.log(`${plan.refusals.length} refusals: nothing written.`);
  process.exit(1);
}
console.log(
  `${plan.retagged.length} retagged, ${retags.length - plan.retagged.length} already so${dryRun ? ' (dry run)' : ''}.`,
);
if (!dryRun) {
  const touched = new Set(plan.retagged.map((key) => key.replace(/-[kta]-\d+$/, '')));
  files.forEach((f, i) => {
    const merged = plan.bank[i];
    if (merged && touched.has(f.file.category.slug)) writeBankFile({ path: f.path, file: merged });
  });
}

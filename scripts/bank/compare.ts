/**
 * Holds a blind reading against the bank file: `npm run bank:compare -- <category.json> <reading.jsonl>`.
 * The reading has a line per question: {"key", "answer": "A"-"D" or null, "difficulty": 1-3, "note"?}.
 * Prints each disagreement on the answer (to mend or drop) and the agreement on difficulty.
 */
import { readFileSync } from 'node:fs';
import { bankCategorySchema } from '../../server/bank/bank';
import { orderFor } from './shown-order';

const [path, readingPath] = process.argv.slice(2);
if (!path || !readingPath) {
  console.error('usage: bank:compare -- <category.json> <reading.jsonl>');
  process.exit(1);
}
const file = bankCategorySchema.parse(JSON.parse(readFileSync(path, 'utf8')));
type Reading = { key: string; answer: string | null; difficulty: number; note?: string };
const readings = readFileSync(readingPath, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as Reading);

let agreeAnswer = 0;
let agreeDifficulty = 0;
let within1 = 0;
for (const reading of readings) {
  const q = file.questions.find((candidate) => candidate.key === reading.key);
  if (!q) {
    console.log(`${reading.key}: not in the file`);
    continue;
  }
  const shownCorrect = 'ABCD'[orderFor(q.key).indexOf(q.correctAnswerIndex)];
  if (reading.answer === shownCorrect) agreeAnswer++;
  else
    console.log(
      `${q.key}: reader ${reading.answer ?? 'unsure'}, file ${shownCorrect} (${q.en.answers[q.correctAnswerIndex]})`,
    );
  if (reading.difficulty === q.difficulty) agreeDifficulty++;
  if (Math.abs(reading.difficulty - q.difficulty) <= 1) within1++;
  if (reading.note) console.log(`${q.key}: note: ${reading.note}`);
}
const pct = (n: number) => `${Math.round((100 * n) / Math.max(readings.length, 1))} %`;
console.log(
  `${readings.length} read: answer agreed ${agreeAnswer} (${pct(agreeAnswer)}), difficulty agreed ${agreeDifficulty} (${pct(agreeDifficulty)}), within one ${pct(within1)}`,
);

/**
 * Writes a category's questions for a blind reader: no marked answer, no difficulty tag, answers
 * shuffled: `npm run bank:blind -- path/to/category.json > blind.md`. The reader answers and rates
 * each; `bank:compare` holds the reading against the file.
 */
import { readFileSync } from 'node:fs';
import { bankCategorySchema } from '../../server/bank/bank';
import { orderFor } from './shown-order';

const [path, ...keys] = process.argv.slice(2);
if (!path) {
  console.error('usage: bank:blind -- <category.json> [key ...]');
  process.exit(1);
}
const file = bankCategorySchema.parse(JSON.parse(readFileSync(path, 'utf8')));
const letters = ['A', 'B', 'C', 'D'];
const wanted = keys.length > 0 ? file.questions.filter((q) => keys.includes(q.key)) : file.questions;

console.log(`# ${file.category.name_en} / ${file.category.name_vi}: ${wanted.length} questions\n`);
for (const q of wanted) {
  const order = orderFor(q.key);
  console.log(`## ${q.key} (${q.ageCategory})${q.image ? ` picture: images/${q.image}` : ''}`);
  console.log(`EN: ${q.en.question}`);
  console.log(`    ${order.map((k, i) => `${letters[i]}) ${q.en.answers[k]}`).join('   ')}`);
  console.log(`VI: ${q.vi.question}`);
  console.log(`    ${order.map((k, i) => `${letters[i]}) ${q.vi.answers[k]}`).join('   ')}\n`);
}

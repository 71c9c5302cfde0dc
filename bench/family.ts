/**
 * What the family page and /pre-game's history cost as a family's games pile up: `npx tsx
 * bench/family.ts [games a child]` fills a temporary database (2,000 questions in 8 categories,
 * three children with that many finished games each, Random ones, answered as far as chance goes)
 * and prints the processor time of each read (the median of 9, in ms: unlike the wall clock it
 * hardly moves on a busy machine). Figures in bench/README.md.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeDatabase, openDatabase } from '../server/db/database';
import { categories, games, profiles, questions, users } from '../server/db/schema';
import { familyReport } from '../server/services/family-report';
import { profileHistory } from '../server/services/profile-history';

const GAMES = Number(process.argv[2] ?? 1000);
const dir = mkdtempSync(join(tmpdir(), 'bench-family-'));
const db = openDatabase(join(dir, 'family.db'));

const questionIds: number[] = [];
const userId = randomUUID();
const children = [randomUUID(), randomUUID(), randomUUID()];
db.$client.transaction(() => {
  db.insert(users)
    .values({ id: userId, authSubject: `local:${userId}`, email: 'bench@example.com', displayName: 'Bench' })
    .run();
  for (let c = 0; c < 8; c++) {
    const { id: categoryId } = db
      .insert(categories)
      .values({ nameEn: `Category ${c}`, nameVi: `Chủ đề ${c}` })
      .returning()
      .get();
    for (let q = 0; q < 250; q++) {
      const row = db
        .insert(questions)
        .values({
          categoryId,
          ageCategory: 'Kids',
          difficulty: (q % 3) + 1,
          correctAnswerIndex: q % 4,
          questionEn: `Question ${c}.${q}?`,
          answersEn: ['A', 'B', 'C', 'D'],
        })
        .returning({ id: questions.id })
        .get();
      questionIds.push(row.id);
    }
  }
  const day = 24 * 60 * 60 * 1000;
  for (const [i, id] of children.entries()) {
    db.insert(profiles)
      .values({ id, userId, name: `Child ${i}`, age: 7 + 3 * i })
      .run();
    for (let g = 0; g < GAMES; g++) {
      const reached = Math.floor(Math.random() * 15);
      db.insert(games)
        .values({
          id: randomUUID(),
          profileId: id,
          categoryId: null,
          lang: 'en',
          status: 'lost',
          questionCount: 15,
          correctCount: reached,
          winnings: 0,
          questions: Array.from({ length: 15 }, (_, position) => ({
            questionId: questionIds[Math.floor(Math.random() * questionIds.length)] as number,
            answerOrder: [0, 1, 2, 3],
            pickedIndex: position <= reached ? position % 4 : null,
          })),
          createdAt: new Date(Date.now() - (GAMES - g) * (day / 5)),
        })
        .run();
    }
  }
})();

function cpuMedian(work: () => unknown): number {
  const spent: number[] = [];
  for (let run = 0; run < 9; run++) {
    const before = process.cpuUsage();
    work();
    const used = process.cpuUsage(before);
    spent.push((used.user + used.system) / 1000);
  }
  return spent.sort((a, b) => a - b)[4] as number;
}

const child = children[0] as string;
console.log(`${GAMES} games a child, three children`);
console.log(`family page (familyReport, every child):   ${cpuMedian(() => familyReport(db, userId)).toFixed(1)} ms`);
console.log(
  `one child's /pre-game history:             ${cpuMedian(() => profileHistory(db, userId, child)).toFixed(1)} ms`,
);
closeDatabase(db);
rmSync(dir, { recursive: true, force: true });

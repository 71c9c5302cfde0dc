// A separate process with its own connection, for the concurrency test: waits for the go file,
// then tries to send the final right answer of every game it is given. Prints its tally as JSON.
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { closeDatabase, openDatabase } from '../db/database';
import { DomainError } from '../errors';
import { answerQuestion } from '../game/game';

const [dbPath, goFile, userId, gamesJson] = process.argv.slice(2) as [string, string, string, string];
const picks = JSON.parse(gamesJson) as { gameId: string; position: number; answerIndex: number }[];
const db = openDatabase(dbPath);
while (!existsSync(goFile)) await sleep(2);

const tally = { ended: 0, refused: 0, failed: [] as string[] };
for (const pick of picks) {
  try {
    answerQuestion(db, userId, pick);
    tally.ended++;
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'CONFLICT') tally.refused++;
    else tally.failed.push(String(error));
  }
}
closeDatabase(db);
process.stdout.write(JSON.stringify(tally));

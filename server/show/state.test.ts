import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shows } from '../db/schema';
import { createTestDb } from '../test/db';
import { createAccount, createCategoryRow, createQuestionRows } from '../test/factories';
import { createShowStates } from './state';

/** A show's state in memory: read once, kept until the runtime tells of a newer version. */
const db = createTestDb();
const categoryId = createCategoryRow(db);
createQuestionRows(db, 20, { categoryId, ageCategory: 'Adults' });

async function openShow() {
  const { showId } = await createAccount(db).caller().show.create({ categoryId, questionCount: 5, lang: 'en' });
  return showId;
}

/** A change behind the states' back (as the writer makes it before the runtime tells). */
const rename = (showId: string, version: number, lang: 'en' | 'vi') =>
  db.update(shows).set({ version, lang }).where(eq(shows.id, showId)).run();

describe('a show’s state', () => {
  it('is kept until a newer version is told, then read again', async () => {
    const showId = await openShow();
    const states = createShowStates(db);
    const first = states.load(showId);
    const version = first?.show.version as number;
    rename(showId, version + 1, 'vi');
    expect(states.load(showId)).toBe(first);
    // Told of the version it already has: kept.
    states.changed({ showId, version });
    expect(states.load(showId)?.show.lang).toBe('en');
    states.changed({ showId, version: version + 1 });
    expect(states.load(showId)?.show).toMatchObject({ version: version + 1, lang: 'vi' });
  });

  it('is read again when told of a deletion or of no known version, and is null once the show is gone', async () => {
    const showId = await openShow();
    const states = createShowStates(db);
    expect(states.load(showId)).not.toBeNull();
    db.delete(shows).where(eq(shows.id, showId)).run();
    expect(states.load(showId)).not.toBeNull();
    states.changed({ showId, version: null });
    expect(states.load(showId)).toBeNull();
  });

  it('keeps the state a write tells of, without reading it back', async () => {
    const showId = await openShow();
    const states = createShowStates(db);
    const read = states.load(showId);
    if (!read) throw new Error('no show');
    const written = { ...read, show: { ...read.show, version: read.show.version + 1, lang: 'vi' as const } };
    states.changed({ showId, version: written.show.version, state: written });
    expect(states.load(showId)).toBe(written);
    // An older change told late (replies of one group commit) leaves the newer state kept.
    states.changed({ showId, version: read.show.version, state: read });
    expect(states.load(showId)).toBe(written);
  });
});

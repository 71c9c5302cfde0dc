import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HOST_AWAY_END_MS, KIDS_COUNTDOWN_MS, PODIUM_KEEP_MS } from '#shared/show.ts';
import { games, showPlayers, shows } from '../db/schema';
import { createTestDb } from '../test/db';
import { createAccount, createCategoryRow, createProfileRow, createQuestionRows } from '../test/factories';
import { phone } from '../test/show';

/**
 * The family show's timers, on a clock the test moves (vitest's fake timers: Date and
 * setTimeout): nobody waits 10 minutes. The database and the writer are real.
 */
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
});
afterAll(() => {
  vi.useRealTimers();
});

const db = createTestDb();
const categoryId = createCategoryRow(db);
createQuestionRows(db, 20, { categoryId, ageCategory: 'Kids' });
const showRow = (showId: string) => db.select().from(shows).where(eq(shows.id, showId)).get();

describe('a show on its own', () => {
  it('reveals a question when its countdown ends, though nobody answered', async () => {
    const host = createAccount(db);
    const { showId, code } = await host.caller().show.create({ categoryId, questionCount: 5, lang: 'en' });
    await phone(db).api.show.join({ code, as: { guest: { name: 'Bé', ageGroup: 'Kids' } } });
    await host.caller().show.start({ showId });
    await vi.advanceTimersByTimeAsync(KIDS_COUNTDOWN_MS - 1000);
    expect(showRow(showId)?.status).toBe('question');
    await vi.advanceTimersByTimeAsync(1000);
    expect(showRow(showId)?.status).toBe('reveal');
    await host.caller().show.end({ showId });
  });

  it('ends when no host screen has been open for 10 minutes, keeping the results; the podium goes 5 minutes later', async () => {
    const host = createAccount(db);
    const mai = createProfileRow(db, host.userId, { age: 9 });
    const { showId, code } = await host.caller().show.create({ categoryId, questionCount: 5, lang: 'en' });
    await phone(db, host).api.show.join({ code, as: { profileId: mai } });
    await phone(db).api.show.join({ code, as: { guest: { name: 'Khách', ageGroup: 'Adults' } } });
    await host.caller().show.start({ showId });
    // The countdown ends (a reveal), then nobody presses Next.
    await vi.advanceTimersByTimeAsync(HOST_AWAY_END_MS - 1000);
    expect(showRow(showId)?.status).toBe('reveal');
    await vi.advanceTimersByTimeAsync(2000);
    expect(showRow(showId)).toMatchObject({ status: 'podium', code: null });
    expect(db.select().from(games).where(eq(games.profileId, mai)).all()).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(PODIUM_KEEP_MS);
    expect(showRow(showId)).toBeUndefined();
    expect(db.select().from(showPlayers).where(eq(showPlayers.showId, showId)).all()).toHaveLength(0);
    expect(db.select().from(games).where(eq(games.profileId, mai)).all()).toHaveLength(1);
  });
});

import { and, eq } from 'drizzle-orm';
import { findSession } from '../auth/session';
import type { Db } from '../db/database';
import { showQuestions } from '../db/schema';
import { visitorWithoutHttp } from '../show/join-cookie';
import { createContextInner } from '../trpc/context';
import { createCaller } from '../trpc/router';
import { testDeps } from './deps';
import type { createAccount } from './factories';

/**
 * A phone, as the family show's procedures see it: a tRPC caller whose join token is kept between
 * calls (show.join sets it, as the cookie would), signed into `account` when given.
 */
export function phone(db: Db & { path: string }, account?: ReturnType<typeof createAccount>, ip = '10.0.0.1') {
  const visitor = visitorWithoutHttp(null, ip);
  const found = account ? findSession(db, account.token) : null;
  const api = createCaller(
    createContextInner({ ...testDeps(db), user: found?.user ?? null, session: found?.session ?? null, visitor }),
  );
  return { api, visitor };
}

/** The shown index of the right answer of a show's question (what a player who knows it taps). */
export function showAnswerAt(db: Db, showId: string, position: number): number {
  const row = db
    .select({ correctIndex: showQuestions.correctIndex })
    .from(showQuestions)
    .where(and(eq(showQuestions.showId, showId), eq(showQuestions.position, position)))
    .get();
  if (!row) throw new Error(`no question ${position} in show ${showId}`);
  return row.correctIndex;
}

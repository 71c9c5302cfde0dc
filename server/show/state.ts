import type { JoinedShow, ShowLookup } from '../../shared/show-views';
import type { Db } from '../db/database';
import { notFound } from '../errors';
import { CODE_NOT_FOUND } from '../rate-limits';

/** The account's show still open, to resume after the TV reloads; null when none. */
export function currentShow(_db: Db, _userId: string): { showId: string } | null {
  return null;
}

/** What a room code opens to (NOT_FOUND errors:show.codeNotFound when it opens nothing). */
export function lookupShow(_db: Db, _userId: string | null, _code: string): ShowLookup {
  throw notFound(CODE_NOT_FOUND);
}

/** The player a join token names, or null. */
export function playerOfToken(_db: Db, _token: string | null): JoinedShow | null {
  return null;
}

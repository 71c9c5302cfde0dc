import type { Db } from './database';

/**
 * Queries built once per database and kept prepared. Drizzle otherwise rebuilds the SQL and
 * SQLite re-prepares the statement on every call, which on the hot paths (session lookup, game
 * start, a pick) costs several times the query itself and leaves native statements for the
 * garbage collector (`npm run bench` measures both).
 *
 * better-sqlite3 runs everything on one connection, so a prepared query run inside
 * `db.transaction()` takes part in that transaction. Values that Drizzle would default at insert
 * time (`$defaultFn`) are evaluated once at prepare time: pass them as placeholders instead.
 *
 * A prepared statement that joins tables and takes parameters is planned again by SQLite (3.54,
 * as better-sqlite3 builds it) every time its parameters are bound (bench/README.md). Hot queries
 * therefore read one table, with an `IN (SELECT ...)` subquery or a second lookup where they
 * need another; a test holds every prepared query to that.
 */
export function preparedQueries<T>(build: (db: Db) => T): (db: Db) => T {
  const byDatabase = new WeakMap<Db, T>();
  const queriesFor = (db: Db) => {
    let queries = byDatabase.get(db);
    if (!queries) {
      queries = build(db);
      byDatabase.set(db, queries);
    }
    return queries;
  };
  everySet.push(queriesFor);
  return queriesFor;
}

const everySet: ((db: Db) => unknown)[] = [];

/**
 * The SQL of every prepared query of the sets defined so far, Drizzle's and better-sqlite3's own
 * statements alike: the hot paths, for EXPLAIN QUERY PLAN checks.
 */
export function everyPreparedSql(db: Db): string[] {
  return everySet.flatMap((queriesFor) =>
    Object.values(queriesFor(db) as object).flatMap((query: { getQuery?: () => { sql: string }; source?: unknown }) => {
      if (typeof query?.getQuery === 'function') return [query.getQuery().sql];
      return typeof query?.source === 'string' ? [query.source] : [];
    }),
  );
}

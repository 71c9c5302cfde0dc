import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

// What every area shares: the created_at column, and the meta table (the database's notes on itself).

export const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .$defaultFn(() => new Date());

export const meta = sqliteTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

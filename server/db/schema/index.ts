// The database's tables, an area a file: what drizzle-kit reads (drizzle.config.ts) and what the code imports.
export * from './accounts';
export * from './common';
export * from './games';
export * from './questions';
export * from './shows';

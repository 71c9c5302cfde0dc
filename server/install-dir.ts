import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The Quiz Ladder folder: the one holding package.json, found upwards from this code wherever it
 * runs (server/ through tsx, dist/ or dist/chunks/ once built). What the server reads beside its
 * code comes from here: the migrations (drizzle/), the starter bank's data (server/bank/bank.ts
 * says where), the built client (dist/public/); relative DATABASE_PATH and UPLOADS_DIR are taken
 * from it too.
 */
function findInstallDir(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return from;
  }
}

export const INSTALL_DIR = findInstallDir(import.meta.dirname);

export const installPath = (...parts: string[]) => join(INSTALL_DIR, ...parts);

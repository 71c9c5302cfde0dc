import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The script of one of the server's threads, by its base name: `<name>.mjs` beside the bundle
 * (scripts/server-bundle.mjs writes every thread's script next to dist/server.js), else the
 * TypeScript source in `dir` run through tsx (tests, `npm run dev`).
 */
export function workerScript(dir: string, name: string): { file: string; execArgv: string[] } {
  const bundled = join(dir, `${name}.mjs`);
  if (existsSync(bundled)) return { file: bundled, execArgv: [] };
  return { file: join(dir, `${name}.ts`), execArgv: ['--import', 'tsx'] };
}

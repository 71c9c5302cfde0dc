import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The script of one of the threaded runtime's threads, by its base name: `<name>.mjs` beside the
 * bench's bundle (run.ts bundles every thread's script with it), else the TypeScript source in
 * `dir` run through tsx.
 */
export function workerScript(dir: string, name: string): { file: string; execArgv: string[] } {
  // In a chunk of the bundle (chunks/), the entries sit one folder up.
  const bundled = [join(dir, `${name}.mjs`), join(dir, '..', `${name}.mjs`)].find((file) => existsSync(file));
  if (bundled) return { file: bundled, execArgv: [] };
  return { file: join(dir, `${name}.ts`), execArgv: ['--import', 'tsx'] };
}

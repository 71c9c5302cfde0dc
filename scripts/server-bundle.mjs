// How the server is bundled, for dist/server.js and for the bench's copy of it.
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

/** The server's threads, each a script of its own beside the entry (server/worker-script.ts finds them there). */
export const THREAD_SCRIPTS = {
  'server-thread': 'server/server-thread.ts',
  'writer-thread': 'server/writer/writer-thread.ts',
};

/**
 * Bundles `entry` and all it imports into one ESM file, and beside it `<name>.mjs` for each
 * thread script (THREAD_SCRIPTS, or those given: name → source path from the repository root);
 * better-sqlite3 and sharp stay external native modules.
 */
export async function bundleServer(entry, outfile, threads = THREAD_SCRIPTS) {
  const root = join(import.meta.dirname, '..');
  await Promise.all([
    bundle(entry, outfile),
    ...Object.entries(threads).map(([name, source]) =>
      bundle(join(root, source), join(dirname(outfile), `${name}.mjs`)),
    ),
  ]);
}

function bundle(entry, outfile) {
  return build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    external: ['better-sqlite3', 'sharp'],
    sourcemap: true,
    legalComments: 'none',
    // Some dependencies still call require(); ESM output needs one defined.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
}

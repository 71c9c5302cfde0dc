// How the server is bundled, for dist/server.js and for the bench's copy of it.
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

/**
 * Bundles `entry` and all it imports into one ESM file, and beside it game-thread.mjs, the script
 * of the game thread (server/services/game-thread.ts looks for it there); better-sqlite3 stays an
 * external native module.
 */
export async function bundleServer(entry, outfile) {
  const worker = join(import.meta.dirname, '..', 'server', 'services', 'game-thread-worker.ts');
  await bundle(worker, join(dirname(outfile), 'game-thread.mjs'));
  await bundle(entry, outfile);
}

function bundle(entry, outfile) {
  return build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    external: ['better-sqlite3'],
    sourcemap: true,
    legalComments: 'none',
    // Some dependencies still call require(); ESM output needs one defined.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
}

// How the server is bundled, for dist/server.js and for the bench's copy of it.
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

/**
 * Bundles `entry` and all it imports into one ESM file, and beside it question-reader.mjs, the
 * script of the question reader's thread (server/services/question-reader.ts looks for it there);
 * better-sqlite3 stays an external native module.
 */
export async function bundleServer(entry, outfile) {
  const worker = join(import.meta.dirname, '..', 'server', 'services', 'question-reader-worker.ts');
  await bundle(worker, join(dirname(outfile), 'question-reader.mjs'));
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

// How the server is bundled, for dist/server.js and for the bench's copy of it.
import { build } from 'esbuild';

/** Bundles `entry` and all it imports into one ESM file; better-sqlite3 stays an external native module. */
export function bundleServer(entry, outfile) {
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

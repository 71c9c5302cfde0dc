// Bundles the whole server into dist/server.js; better-sqlite3 stays an external native module.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: ['server/index.ts'],
  outfile: 'dist/server.js',
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
rmSync('dist/drizzle', { recursive: true, force: true });
cpSync('drizzle', 'dist/drizzle', { recursive: true });
console.log('built dist/server.js and dist/drizzle/');

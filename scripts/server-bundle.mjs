// How the server is bundled, for dist/server.js and for the bench's servers.
import { build } from 'esbuild';

/**
 * Bundles each entry (output name → source path) and all it imports into ESM files in `outdir`:
 * `<name><extension>` for each entry, and what they import only on first use (the AI client, CSV parsing,
 * resumable uploads, the bank's rules) in chunks of their own under `chunks/`, so start-up neither
 * parses nor keeps them. better-sqlite3 and sharp stay external native modules, and opusscript
 * too (it reads its WebAssembly from beside its own file). `plugins` are
 * esbuild's (the bench swaps a module with one).
 */
export function bundleServer(entries, outdir, extension = '.js', plugins = []) {
  return build({
    plugins,
    // Under node_modules (the bench's copy) no package.json says ESM: .mjs does.
    outExtension: { '.js': extension },
    entryPoints: entries,
    outdir,
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    external: ['better-sqlite3', 'sharp', 'opusscript'],
    sourcemap: true,
    legalComments: 'none',
    // Without comments or whitespace (names kept, for readable stack traces): the source V8 keeps in
    // memory halves, and stays ASCII, which V8 stores a byte a character (a dependency's comment
    // with one "—" made a whole 2.3 MB chunk two bytes a character: bench/README.md, "Memory").
    minifyWhitespace: true,
    minifySyntax: true,
    // Some dependencies still call require(); ESM output needs one defined.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
}

// Bundles the whole server into dist/server.js and its threads' scripts (dist/writer-thread.js,
// dist/checkpoint-thread.js), with the chunks they load on first use (dist/chunks/), and renders
// the bank's pictures (dist/bank-pictures/), which the server then copies instead of loading image
// code.
// It reads its migrations (drizzle/) and starter bank's data (server/bank/data/: server/bank/bank.ts) from the Quiz Ladder
// folder it runs in (server/install-dir.ts).
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { bundleServer } from './server-bundle.mjs';

for (const old of ['dist/chunks', 'dist/drizzle', 'dist/bank-images']) rmSync(old, { recursive: true, force: true });
await bundleServer(
  {
    server: 'server/index.ts',
    'writer-thread': 'server/runtime/writer-thread.ts',
    'checkpoint-thread': 'server/runtime/checkpoint-thread.ts',
  },
  'dist',
);
console.log('built dist/server.js, dist/writer-thread.js, dist/checkpoint-thread.js and dist/chunks/');
execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bank/render-pictures.ts', 'dist/bank-pictures'], {
  stdio: 'inherit',
});

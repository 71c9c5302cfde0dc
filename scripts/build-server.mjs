// Bundles the whole server into dist/server.js, with the migrations beside it.
import { cpSync, rmSync } from 'node:fs';
import { bundleServer } from './server-bundle.mjs';

await bundleServer('server/index.ts', 'dist/server.js');
rmSync('dist/drizzle', { recursive: true, force: true });
cpSync('drizzle', 'dist/drizzle', { recursive: true });
// The starter bank's pictures, rendered into the uploads folder when the bank is loaded.
rmSync('dist/bank-images', { recursive: true, force: true });
cpSync('server/db/seed/bank/images', 'dist/bank-images', { recursive: true });
console.log('built dist/server.js, its thread scripts (dist/*-thread.mjs), dist/drizzle/ and dist/bank-images/');

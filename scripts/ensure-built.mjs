// `npm start` on a fresh clone: build first when dist/ is missing or older than the sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const outputs = ['dist/server.js', 'dist/writer-thread.js', 'dist/checkpoint-thread.js', 'dist/public/index.html'];
const sources = ['server', 'client', 'shared', 'drizzle', 'scripts', 'package.json', 'vite.config.ts'];
const built = outputs.every((file) => existsSync(file));
const stale = built && Math.max(...sources.map(newestMtime)) > Math.min(...outputs.map((f) => statSync(f).mtimeMs));
if (!built || stale) {
  console.log(built ? 'Sources changed since the last build: rebuilding…' : 'No build yet: building…');
  execSync('npm run build', { stdio: 'inherit' });
}

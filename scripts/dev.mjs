// `npm run dev`: the API server (restarting on change) and Vite's dev server, which proxies the API
// to it. Open http://localhost:5173 (VITE_PORT). Each child runs in a process group of its own;
// SIGINT or SIGTERM stops both groups, waits for them, then exits.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const bin = (pkg, path) => join(dirname(require.resolve(`${pkg}/package.json`)), path);

const vitePort = process.env.VITE_PORT || '5173';
const devOrigin = `http://localhost:${vitePort}`;
const env = {
  ...process.env,
  NODE_ENV: 'development',
  PORT: process.env.PORT || '3000',
  VITE_PORT: vitePort,
  // The server answers only to the Host its pages are served from: here Vite's, which its proxy passes on.
  PUBLIC_URL: process.env.PUBLIC_URL || devOrigin,
};

const children = [
  spawn(process.execPath, [bin('tsx', 'dist/cli.mjs'), 'watch', 'server/index.ts'], {
    env,
    stdio: 'inherit',
    detached: true,
  }),
  spawn(process.execPath, [bin('vite', 'bin/vite.js')], { env, stdio: 'inherit', detached: true }),
];
console.log(`Quiz Ladder in development: open ${devOrigin} (the API server listens on port ${env.PORT}).`);

let stopping = false;
let exitCode = 0;
function stop(code) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

await Promise.all(
  children.map(
    (child) =>
      new Promise((resolve) => {
        child.once('exit', (code) => {
          // One child ending on its own (a crash) stops the other.
          if (!stopping) stop(code ?? 1);
          resolve();
        });
      }),
  ),
);
process.exit(exitCode);

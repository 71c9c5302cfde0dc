import { defineConfig } from 'vitest/config';

/** Tests that need a fresh module graph: zod's configuration before zod loads, and a timing compared in-process. */
const ISOLATED = ['client/src/lib/zod-config.test.ts', 'server/question-files/files.test.ts'];

export default defineConfig({
  test: {
    setupFiles: ['server/test/fail-on-console-error.ts'],
    pool: 'forks',
    // Both cores (vitest's default leaves one of a 2-core machine idle: 98 s → 59 s here).
    maxWorkers: 2,
    // A test waits for real threads, processes and sockets: on a busy 2-core machine that can take
    // seconds, so it fails on what it checks, not on the default 5 s.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // expect.poll gives up after 1 s by default: a loaded machine can take longer for what it waits on.
    expect: { poll: { timeout: 10_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'server/**/*.test.ts',
            'shared/**/*.test.ts',
            'client/**/*.test.{ts,tsx}',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: ISOLATED,
          // Test files share a worker's modules (each test makes its own database, app and server):
          // importing the app once a worker instead of once a file halves the run.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'server/**/*.test.ts',
      'shared/**/*.test.ts',
      'client/**/*.test.{ts,tsx}',
      'bench/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    setupFiles: ['server/test/fail-on-console-error.ts'],
    pool: 'forks',
    // A test waits for real threads, processes and sockets: on a busy 2-core machine that can take
    // seconds, so it fails on what it checks, not on the default 5 s.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // expect.poll gives up after 1 s by default: a loaded machine can take longer for what it waits on.
    expect: { poll: { timeout: 10_000 } },
  },
});

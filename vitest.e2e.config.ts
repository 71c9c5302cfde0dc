import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    // One Chromium and one new install for the run, which each file connects to and copies.
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Two files at a time, each with its own server (a fresh database on a free port) and Chromium:
    // most of a browser test is waiting (for a page, a timer, a stream), so two share the cores.
    fileParallelism: true,
    maxWorkers: 2,
    // expect.poll gives up after 1 s by default: a loaded machine can take longer for what it waits on.
    expect: { poll: { timeout: 10_000 } },
  },
});

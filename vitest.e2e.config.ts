import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // expect.poll gives up after 1 s by default: a loaded machine can take longer for what it waits on.
    expect: { poll: { timeout: 10_000 } },
  },
});

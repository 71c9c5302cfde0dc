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
  },
});

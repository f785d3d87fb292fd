import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['build/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Browser tests share two cores with the encoder; run files one at a time to keep timings honest.
    fileParallelism: false,
  },
});

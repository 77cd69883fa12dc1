import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Crash, e2e and server tests spawn real processes; a 2-core CI box needs room.
    testTimeout: 60_000,
    hookTimeout: 600_000,
    pool: 'forks',
  },
});

import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    pool: 'threads',
    // A worker per core: vitest's default in a run is one fewer, which on a two-core machine is one
    // worker and leaves the other core idle for the whole suite. No test asserts a time; the bounds
    // below are for a test or hook that never finishes, and hold with both cores shared.
    maxWorkers: Math.max(1, availableParallelism()),
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

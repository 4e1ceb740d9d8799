/** The end-to-end suite (test/e2e): drives the built renderer in Chromium, and Electron when present. */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    globalSetup: ['test/e2e/global-setup.ts'],
    environment: 'node',
    // One browser at a time: the machine has two cores and software WebGL is heavy.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A condition polled for (expect.poll) may take seconds on a loaded machine: a project opened
    // while the page's worker and software WebGL share two cores once took over the default 1 s.
    // A poll that holds returns at once; the bound only decides when one that never holds fails.
    expect: { poll: { timeout: 15_000 } },
  },
});

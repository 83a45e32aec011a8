import { defineConfig } from 'vitest/config';

/** Playwright journeys; started by scripts/e2e.mjs, which provides E2E_BASE_URL. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});

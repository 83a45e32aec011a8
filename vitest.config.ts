import { defineConfig } from 'vitest/config';

/** The api tests that start processes, kill them or restart a database server: one at a time, last. */
const API_SERIAL = ['apps/api/test/faults-*.test.ts', 'apps/api/test/two-processes.test.ts'];
/**
 * The api tests that need a module graph of their own: those that replace a module (vi.mock), and
 * those that count the process's named statements (db/statements.ts names a bounded number of
 * texts per process; earlier files of a shared graph may have used them up).
 */
const API_MOCKING = ['apps/api/test/account-hardening.test.ts', 'apps/api/test/search-custom-plans.test.ts'];
const API_INCLUDE = ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts', 'bench/**/*.test.ts'];

/**
 * Unit (domain, web, scripts) and integration (api) suites; Playwright journeys run apart
 * (scripts/e2e.mjs). The api files run two at a time, each on its own databases (an in-memory PGlite,
 * and on PostgreSQL a scratch database named per file, or per worker for the shared helpers in
 * apps/api/test/helpers.ts); the fault and multi-process files run alone afterwards
 * (`api-serial`, a later group), so their timings are not disturbed.
 * The api files share their worker's modules (isolate: false), but for those that mock a module
 * (`api-mocking`). The api project also holds bench/*.test.ts (the benchmark data set builder, on the same databases).
 * One file: `npx vitest run <path>`; one project in watch mode: `npx vitest --project api`.
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts'],
          // next-intl's navigation imports `next/navigation` without an extension, which Node's ESM
          // loader refuses; inlined, Vite resolves it (i18n/paths.test.ts compares with getPathname).
          server: { deps: { inline: ['next-intl'] } },
        },
      },
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'] } },
      {
        test: {
          name: 'api',
          include: API_INCLUDE,
          exclude: [...API_SERIAL, ...API_MOCKING],
          // The files of a worker share one module graph: each no longer loads the app's modules
          // anew (3 s a file); every file opens its own databases and app (docs/decisions/test-module-isolation.md).
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'api-mocking',
          include: API_MOCKING,
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'api-serial',
          include: API_SERIAL,
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});

import { defineConfig } from '@playwright/test';

/**
 * Playwright journeys (e2e/*.e2e.ts) in Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium;
 * no browser download). Started by scripts/e2e.mjs, which starts the servers and provides
 * E2E_BASE_URL. One worker, one file after the other: the servers and their database are shared by
 * all journeys. Test timeout 90 s; hooks (test.beforeAll/afterAll) raise theirs to 120 s
 * (e2e/browser.ts HOOK_TIMEOUT). A failed test keeps its trace under test-results/e2e/
 * (`npx playwright show-trace <trace.zip>`).
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.e2e.ts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 90_000,
  forbidOnly: !!process.env.CI,
  outputDir: 'test-results/e2e',
  reporter: 'list',
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://localhost:3100',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Chromium flags for a closed network: no background networking.
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
});

import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * Debian's headless shell of Chromium (package chromium-headless-shell, installed by `npm test`), or
 * Debian's Chromium where the shell is not installed; CHROMIUM_PATH overrides both. The shell is
 * the same Chromium without the browser's windowing and its interface; Playwright's own headless
 * runs use it, and it ran the journeys with a quarter less time and CPU
 * (docs/decisions/e2e-shards.md).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const executablePath =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/**
 * Playwright journeys (e2e/*.e2e.ts) in Debian's Chromium (`executablePath` above; no browser
 * download). Started by scripts/e2e.mjs, which starts the servers and provides E2E_BASE_URL. One
 * worker, one file after the other: the servers and their database are shared by the journeys of a
 * shard (scripts/e2e.mjs runs the whole suite as two shards, each a `playwright test --shard`
 * process with its own servers, docs/decisions/e2e-shards.md). Test timeout 90 s; hooks
 * (test.beforeAll/afterAll) raise theirs to 120 s (e2e/browser.ts HOOK_TIMEOUT). A failed test
 * keeps its trace under test-results/e2e/ (`npx playwright show-trace <trace.zip>`).
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
      executablePath,
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

#!/usr/bin/env node
/**
 * `npm test`: every test (README command 2).
 * 1. Chromium from Debian when missing (apt-get; needs root, as on the project's machines);
 * 2. lint and type checks;
 * 3. unit (domain) and api integration suites (PGlite, plus PostgreSQL when TEST_DATABASE_URL is set);
 * 4. Playwright journeys in Chromium against a built web app and a freshly imported api.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (cmd, args, opts = {}) => {
  console.log(`\n[test] ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  if (r.status !== 0) {
    console.error(`[test] failed: ${cmd} ${args.join(' ')}`);
    process.exit(r.status ?? 1);
  }
};

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium']);
}
run('npm', ['run', 'lint']);
run('npm', ['run', 'typecheck']);
run('npx', ['vitest', 'run']);
run('npm', ['run', 'test:e2e']);

#!/usr/bin/env node
/**
 * `npm test`: every test (README command 2).
 * 1. Chromium's headless shell from Debian when missing (apt-get; needs root, as on the project's
 *    machines);
 * 2. lint and type checks;
 * 3. unit (domain) and api integration suites (PGlite, plus PostgreSQL when TEST_DATABASE_URL is set);
 * 4. the first-load JavaScript of the main routes against its gates (scripts/first-load-js.mjs);
 * 5. Playwright journeys in Chromium against a built web app and a freshly imported api.
 * The production build of the web app (scripts/lib.mjs buildWeb) runs in the background during
 * the lint check (which runs on one core) and step 3 (the suites' own waits, on databases and
 * processes, leave room for it), and its output goes to a log printed when it ends; the journeys
 * then reuse that build (E2E_REUSE_BUILD=1). The type check runs before it.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { killGroup, root, spawnGroup } from './lib.mjs';

const run = (cmd, args, opts = {}) => {
  console.log(`\n[test] ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts });
  if (r.status !== 0) {
    console.error(`[test] failed: ${cmd} ${args.join(' ')}`);
    process.exit(r.status ?? 1);
  }
};

// The journeys' browser: Debian's headless shell of Chromium (playwright.config.ts).
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
if (!existsSync(chromium)) {
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium-headless-shell']);
}
// Before the build: the web's type check reads the build's generated types (.next/types) when
// they exist, and must not meet them half written.
run('npm', ['run', 'typecheck']);

const buildLog = path.join(mkdtempSync(path.join(os.tmpdir(), 'vetshop-build-')), 'web-build.log');
const logFd = openSync(buildLog, 'w');
console.log(`\n[test] web build in the background (log: ${buildLog})`);
const lib = pathToFileURL(path.join(root, 'scripts/lib.mjs')).href;
const build = spawnGroup(
  process.execPath,
  ['--input-type=module', '-e', `const m = await import('${lib}'); m.buildWeb(process.env, true);`],
  { cwd: root, stdio: ['ignore', logFd, logFd] },
);
// A failing step exits this process: the build (and the `next build` it runs) does not outlive it.
process.on('exit', () => build.exitCode === null && killGroup(build, 'SIGKILL'));
const built = new Promise((resolve) => build.on('exit', (code) => resolve(code ?? 1)));
// Lint and format checks leave .next and generated files alone (eslint.config.mjs, .prettierignore).
run('npm', ['run', 'lint']);
run('npx', ['vitest', 'run']);
const buildStatus = await built;
closeSync(logFd);
console.log(`\n[test] web build (background) ended with ${buildStatus}:\n${readFileSync(buildLog, 'utf8')}`);
if (buildStatus !== 0) {
  console.error('[test] failed: web build');
  process.exit(buildStatus);
}
// First-load JavaScript of the main routes against their gates (scripts/first-load-js.mjs).
run(process.execPath, [path.join(root, 'scripts/first-load-js.mjs'), '--gate']);
run('npm', ['run', 'test:e2e'], { env: { ...process.env, E2E_REUSE_BUILD: '1' } });

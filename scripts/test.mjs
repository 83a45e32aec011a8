#!/usr/bin/env node
/**
 * `npm test`: every test (README command 2).
 * 1. Chromium's headless shell from Debian when missing (apt-get; needs root, as on the project's
 *    machines);
 * 2. lint and type checks;
 * 3. unit (domain) and api integration suites (PGlite, plus PostgreSQL when TEST_DATABASE_URL is set);
 * 4. the first-load JavaScript of the main routes against its gates (scripts/first-load-js.mjs);
 * 5. Playwright journeys in Chromium against a built web app and a freshly imported api.
 * The lint check runs beside the type check (each on one core of the two). The production build of
 * the web app (scripts/lib.mjs buildWeb) then runs in the background during step 3 (the suites' own
 * waits, on databases and processes, leave room for it); the journeys reuse that build
 * (E2E_REUSE_BUILD=1). A background step's output goes to a log printed when it ends.
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

/**
 * Starts `cmd args` in its own process group beside the steps that follow, its output kept in a log
 * file; answers the step to pass to {@link settle}. The process does not outlive this one.
 */
function background(label, cmd, args) {
  const log = path.join(mkdtempSync(path.join(os.tmpdir(), 'vetshop-step-')), 'output.log');
  const fd = openSync(log, 'w');
  console.log(`\n[test] ${label} in the background (log: ${log})`);
  const child = spawnGroup(cmd, args, { cwd: root, stdio: ['ignore', fd, fd] });
  // A failing step exits this process: the background step (and what it started) goes with it.
  process.on('exit', () => child.exitCode === null && killGroup(child, 'SIGKILL'));
  const ended = new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
  return { label, log, fd, ended };
}

/** Waits for a background step, prints its output, and exits with its status when it failed. */
async function settle(step) {
  const status = await step.ended;
  closeSync(step.fd);
  console.log(`\n[test] ${step.label} (background) ended with ${status}:\n${readFileSync(step.log, 'utf8')}`);
  if (status !== 0) {
    console.error(`[test] failed: ${step.label}`);
    process.exit(status);
  }
}

// The type check and the lint check, one core each, side by side. Lint and format checks leave .next
// and generated files alone (eslint.config.mjs, .prettierignore).
const lint = background('lint', 'npm', ['run', 'lint']);
// Before the build: the type check writes Next's route types (.next/types, `next typegen`) and
// checks them with the code; the build writes them again and must not meet a reader (the build
// itself no longer type-checks: apps/web/next.config.ts).
run('npm', ['run', 'typecheck']);
await settle(lint);
const lib = pathToFileURL(path.join(root, 'scripts/lib.mjs')).href;
const build = background('web build', process.execPath, [
  '--input-type=module',
  '-e',
  `const m = await import('${lib}'); m.buildWeb(process.env, true);`,
]);
run('npx', ['vitest', 'run']);
await settle(build);
// First-load JavaScript of the main routes against their gates (scripts/first-load-js.mjs).
run(process.execPath, [path.join(root, 'scripts/first-load-js.mjs'), '--gate']);
run('npm', ['run', 'test:e2e'], { env: { ...process.env, E2E_REUSE_BUILD: '1' } });

/**
 * Process helpers shared by scripts/start.mjs, scripts/e2e.mjs and bench/: start the api and the
 * web server as child processes, wait for them, stop them.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

/** Starts the api (tsx apps/api/src/main.ts) with `env`; output is inherited. */
export function startApi(env) {
  return spawn(bin('tsx'), ['src/main.ts'], { cwd: path.join(root, 'apps/api'), env, stdio: 'inherit' });
}

/** Builds the web app when it has no build yet (or when `force`); exits the process on failure. */
export function buildWeb(env, force = false) {
  const webDir = path.join(root, 'apps/web');
  if (!force && existsSync(path.join(webDir, '.next/BUILD_ID'))) return;
  console.log('[web] building…');
  const r = spawnSync(bin('next'), ['build'], { cwd: webDir, env, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('[web] build failed');
    process.exit(r.status ?? 1);
  }
}

/** Starts `next start` on `port`. */
export function startWeb(env, port) {
  return spawn(bin('next'), ['start', '-p', String(port)], {
    cwd: path.join(root, 'apps/web'),
    env,
    stdio: 'inherit',
  });
}

/** Polls `url` until it answers 2xx, or throws after `timeoutMs` (ms). */
export async function waitFor(url, timeoutMs, child) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child && child.exitCode !== null) throw new Error(`process for ${url} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Stops child processes (SIGTERM, then SIGKILL after 5 s). */
export async function stopAll(children) {
  for (const c of children) if (c && c.exitCode === null) c.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  const deadline = Date.now() + 5000;
  for (const c of children) {
    while (c && c.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (c && c.exitCode === null) c.kill('SIGKILL');
  }
}

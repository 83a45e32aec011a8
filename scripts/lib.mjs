/**
 * Process helpers shared by scripts/start.mjs, scripts/e2e.mjs and bench/: start the api and the
 * web server as child processes, wait for them, stop them.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reportFirstLoadJs } from './first-load-js.mjs';
import { precompressStatic } from './precompress-static.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

/**
 * Spawns `command` in a process group of its own (output inherited), so that {@link killGroup}
 * also reaches what it starts: tsx and next run the real server in a grandchild process that a
 * signal to the child alone would leave running on its port.
 */
export function spawnGroup(command, args, options) {
  return spawn(command, args, { stdio: 'inherit', ...options, detached: true });
}

/** Sends `signal` to the process group of `child` (spawned by {@link spawnGroup}); no-op when it is gone. */
export function killGroup(child, signal) {
  if (!child?.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is gone already.
  }
}

/** Starts the api (tsx apps/api/src/main.ts) with `env`; output is inherited. */
export function startApi(env) {
  return spawnGroup(bin('tsx'), ['src/main.ts'], { cwd: path.join(root, 'apps/api'), env });
}

/**
 * Builds the web app when it has no build yet, when its sources changed since the last build (a hash
 * kept in .next/), or when `force`; exits the process on failure. After a build it writes the
 * brotli copies of the static files (scripts/precompress-static.mjs) and prints the
 * first-load JavaScript (gzip kB) of the main routes and checks the product page against its
 * 150 kB budget (scripts/first-load-js.mjs, docs/decisions/scale-proof-figures.md); a failure to measure never fails the build.
 * Returns true when it built (with `checkOnly`: when it would build), false when the build was current.
 */
export function buildWeb(env, force = false, { checkOnly = false } = {}) {
  const webDir = path.join(root, 'apps/web');
  const stamp = path.join(webDir, '.next/vetshop-sources.sha256');
  const sources = webSourcesHash();
  const upToDate =
    existsSync(path.join(webDir, '.next/BUILD_ID')) &&
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8') === sources;
  // `checkOnly`: answer whether a build is needed (true) without building (bench/web.ts asks this
  // before taking the shared build lock).
  if (checkOnly) return force || !upToDate;
  if (!force && upToDate) return false;
  console.log('[web] building…');
  const r = spawnSync(bin('next'), ['build'], { cwd: webDir, env, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('[web] build failed');
    process.exit(r.status ?? 1);
  }
  const copies = precompressStatic(path.join(webDir, '.next'));
  const kb = (bytes) => (bytes / 1024).toFixed(1);
  console.log(
    `[web] brotli copies of the static files: ${copies.files} files, ${kb(copies.rawBytes)} → ${kb(copies.brBytes)} kB`,
  );
  writeFileSync(stamp, sources);
  try {
    reportFirstLoadJs(webDir);
  } catch (err) {
    console.error(`[web] first-load JavaScript not measured: ${err.message}`);
  }
  return true;
}

/** SHA-256 over the files a web build depends on (web sources, messages, domain, lock file). */
function webSourcesHash() {
  const hash = createHash('sha256');
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      if (entry.name === 'node_modules' || entry.name === '.next') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(full).update(readFileSync(full));
    }
  };
  for (const dir of ['apps/web/src', 'apps/web/messages', 'apps/web/public', 'packages/domain/src'])
    walk(path.join(root, dir));
  for (const file of ['apps/web/package.json', 'apps/web/next.config.ts', 'package-lock.json'])
    if (existsSync(path.join(root, file))) hash.update(file).update(readFileSync(path.join(root, file)));
  return hash.digest('hex');
}

/**
 * Starts the production web server on `port`: apps/web/server.mjs, Next's request handler behind
 * the guest page cache's direct answer (docs/decisions/guest-page-cache.md), in place of `next start`.
 */
export function startWeb(env, port) {
  return spawnGroup(process.execPath, ['server.mjs', '-p', String(port)], {
    cwd: path.join(root, 'apps/web'),
    env,
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

/** Stops child processes and what they started (SIGTERM to their groups, then SIGKILL after 5 s). */
export async function stopAll(children) {
  for (const c of children) if (c && c.exitCode === null) killGroup(c, 'SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  const deadline = Date.now() + 5000;
  for (const c of children) {
    while (c && c.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  }
  for (const c of children) killGroup(c, 'SIGKILL');
}

/**
 * The production web server for the benchmarks of docs/decisions/scale-proof-figures.md (bench/pages.bench.ts, bench/lighthouse.ts):
 * the build made under the shared build lock, `next start` as a child process on a free port, its
 * peak memory (the whole process tree), a sign-in through the api, and stopping it all.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, freePort, peakRssMb } from './lib.ts';

/** Builds the web app when stale (scripts/lib.mjs buildWeb) while holding the shared build lock. */
export function buildUnderLock(): void {
  // A current build is used as it is, without waiting for the lock (held during other e2e runs):
  // buildWeb's `checkOnly` answers (exit code 1 = a build is needed).
  const check = spawnSync(
    process.execPath,
    [
      '-e',
      'import("./scripts/lib.mjs").then((m) => process.exit(m.buildWeb(process.env, false, { checkOnly: true }) ? 1 : 0))',
    ],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (check.status === 0) return;
  const r = spawnSync(
    'flock',
    [
      '/tmp/vetshop-e2e.lock',
      process.execPath,
      '-e',
      'import("./scripts/lib.mjs").then((m) => m.buildWeb(process.env))',
    ],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: {
        ...process.env,
        NEXT_TELEMETRY_DISABLED: '1',
        API_URL: 'http://127.0.0.1:1',
        SITE_URL: 'http://localhost:3000',
      },
    },
  );
  if (r.status !== 0) throw new Error('web build failed');
}

/**
 * Starts the production web server of the build in `cwd` (default apps/web; a private copy of a
 * build for before/after runs) and waits for /fr: its `server.mjs` (the guest page cache's direct
 * answer in front of Next, as `npm start` runs it), or `next start` for a folder of a build made
 * before that server existed. `host` names the origin the pages and cookies use (default localhost).
 * With BENCH_WEB_CPU_PROF set to a folder, the web writes its V8 CPU profile there on stop.
 * `nodeArgs` go to node before the server (e.g. V8 heap flags, to compare them in the A/B mode).
 */
export async function startWeb(
  apiBase: string,
  {
    cwd = path.join(ROOT, 'apps/web'),
    host = 'localhost',
    nodeArgs: extraArgs = [],
  }: { cwd?: string; host?: string; nodeArgs?: readonly string[] } = {},
): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const base = `http://${host}:${port}`;
  // A relative folder (BENCH_WEB_ROOT=bench/.data/…) is of the repository, not of the child's cwd.
  cwd = path.resolve(ROOT, cwd);
  const server = existsSync(path.join(cwd, 'server.mjs'))
    ? [path.join(cwd, 'server.mjs')]
    : [path.join(ROOT, 'node_modules/next/dist/bin/next'), 'start'];
  // BENCH_WEB_CPU_PROF=<folder>: the web writes a V8 CPU profile there when it stops.
  const prof = process.env.BENCH_WEB_CPU_PROF;
  const nodeArgs = [...(prof ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(prof)}`] : []), ...extraArgs];
  const child = spawn(process.execPath, [...nodeArgs, ...server, '-p', String(port), '-H', '127.0.0.1'], {
    cwd,
    env: {
      ...process.env,
      API_URL: apiBase,
      SITE_URL: base,
      AUTH_TYPE: 'credentials',
      NEXT_TELEMETRY_DISABLED: '1',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`web exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/fr`)).ok) return { child, base };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  child.kill('SIGTERM');
  throw new Error('web did not answer /fr within 120 s');
}

/** Pids of `pid` and all its descendants (from /proc/<pid>/stat). */
export function processTree(pid: number | undefined): number[] {
  if (pid === undefined) return [];
  const parent = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parent.set(Number(entry), ppid);
    } catch {
      // gone
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++)
    for (const [child, ppid] of parent) if (ppid === tree[i]) tree.push(child);
  return tree;
}

/** Largest peak RSS (MB) among `pid` and its descendants (`next start` serves from a child process). */
export function treePeakRssMb(pid: number | undefined): number | null {
  const values = processTree(pid)
    .map((p) => peakRssMb(p))
    .filter((v): v is number => v !== null);
  return values.length ? Math.max(...values) : null;
}

/** Signs `login` in through POST /auth/login and returns its `vetshop_session=…` cookie pair. */
export async function signIn(apiBase: string, login: string, password: string): Promise<string> {
  const res = await fetch(`${apiBase}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('vetshop_session='));
  if (!res.ok || !cookie) throw new Error(`sign-in of ${login}: ${res.status}`);
  return cookie.split(';')[0] ?? '';
}

/** Stops a child process (SIGTERM to it and its descendants, SIGKILL after 5 s). */
export async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const pids = processTree(child.pid);
  for (const p of pids.reverse()) {
    try {
      process.kill(p, 'SIGTERM');
    } catch {
      // gone
    }
  }
  const deadline = Date.now() + 5000;
  while (child.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  for (const p of pids) {
    try {
      process.kill(p, 'SIGKILL');
    } catch {
      // gone
    }
  }
}

/**
 * Request headers of a page asked by a browser: its document fetch, the encodings it takes and its
 * cookies. A customer sends `cookie` (the session); a guest, when `guestLocaleCookie`, the
 * NEXT_LOCALE cookie of the url's language, which next-intl set on its first page in that language
 * (without it, each guest request is a first visit, and the web sets the cookie again).
 */
export function browserHeaders(
  u: string,
  cookie: string | undefined,
  guestLocaleCookie = true,
): Record<string, string> {
  const headers: Record<string, string> = {
    'sec-fetch-dest': 'document',
    'accept-encoding': 'gzip, deflate, br',
  };
  const locale = /^\/(fr|nl|en)(?=\/|\?|$)/.exec(u)?.[1];
  if (cookie) headers.cookie = cookie;
  else if (locale && guestLocaleCookie) headers.cookie = `NEXT_LOCALE=${locale}`;
  return headers;
}

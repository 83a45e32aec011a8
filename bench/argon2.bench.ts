/**
 * Password-hashing benchmark (docs/decisions/password-hashing-queue.md): does a flood of requests
 * that hash a password (POST auth/set_password with bogus tokens, POST registrations with a
 * password) slow down ordinary sign-ins?
 *
 * The api runs as a child process (this file with `--serve`: the app on in-memory PGlite with one
 * customer whose password is known, no catalogue), the measuring client in this process:
 *
 * a. sign-in alone: `BENCH_SIGNINS` (default 40) POST auth/login one after the other;
 * b. sign-in under load: the same while `BENCH_CLIENTS` (default 16) clients send, each in a loop,
 *    half POST auth/set_password {token: bogus, password}, half POST registrations (a new email
 *    each time, with a password) for the whole phase.
 *
 * Prints p50/p95/p99 (ms) of the sign-ins of each phase, and the flood's answers by status
 * (201/204/400 = the api hashed, 429 = rate-limited, 503 = hashing queue full) with its rate.
 * The flood comes from one address unless `BENCH_SPREAD=1`, which gives each flood request its
 * own X-Forwarded-For address (the server trusts it), as a botnet would: then only the global
 * limits and the queue protect sign-in. `BENCH_NO_LIMITS=1` raises the route limits out of reach
 * to measure the hashing queue alone (when the running code has them: modules/auth/hash-limits.ts).
 *
 * Run: `npm run bench:argon2`. Env: BENCH_SIGNINS, BENCH_CLIENTS, BENCH_SPREAD, BENCH_NO_LIMITS,
 * BENCH_API_ROOT (serve the api of another checkout, e.g. a before run), and the api's own
 * PASSWORD_HASH_CONCURRENCY / PASSWORD_HASH_QUEUE_MAX (modules/auth/password.ts).
 * No timed assertion: the verdict line says met / missed against the target (sign-in p95 under
 * load at most twice its p95 alone).
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort, latencyFigures, ROOT, type LatencyFigures } from './lib.ts';

const SIGNINS = Number(process.env.BENCH_SIGNINS ?? 40);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const SPREAD = process.env.BENCH_SPREAD === '1';
const API_ROOT = process.env.BENCH_API_ROOT ?? ROOT;
const LOGIN = 'bench-argon2@example.test';
const PASSWORD = 'correct horse battery';

/** `--serve <port>`: the api with one customer, on in-memory PGlite, until killed. */
async function serve(port: number): Promise<void> {
  const src = (p: string) => pathToFileURL(path.join(API_ROOT, 'apps/api', p)).href;
  const { openDatabase } = (await import(
    src('src/db/client.ts')
  )) as typeof import('../apps/api/src/db/client.ts');
  const { buildApp } = (await import(src('src/app.ts'))) as typeof import('../apps/api/src/app.ts');
  const { createCustomer } = (await import(
    src('test/account-fixtures.ts')
  )) as typeof import('../apps/api/test/account-fixtures.ts');
  if (process.env.BENCH_NO_LIMITS === '1') {
    try {
      const limits = (await import(src('src/modules/auth/hash-limits.ts'))) as {
        HASH_ROUTE_LIMITS?: Record<string, { max: number }>;
      };
      for (const limit of Object.values(limits.HASH_ROUTE_LIMITS ?? {})) limit.max = 1e9;
    } catch {
      // code without route limits (a before run)
    }
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  await createCustomer(database.db, { login: LOGIN });
  const app = await buildApp({
    db: database,
    trustProxy: true,
    auth: { type: 'credentials' },
    mailer: { send: async () => {} },
  });
  await app.listen({ port, host: '127.0.0.1' });
  process.stdout.write('ready\n');
}

const post = (base: string, url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** `count` sign-ins one after the other: their times (ms) and errors (answers other than 200). */
async function signIns(base: string, count: number): Promise<LatencyFigures> {
  const times: number[] = [];
  let errors = 0;
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    const res = await post(base, '/auth/login', { login: LOGIN, password: PASSWORD });
    await res.arrayBuffer();
    if (res.status === 200) times.push(performance.now() - t);
    else errors++;
  }
  return latencyFigures(times, errors, (performance.now() - started) / 1000);
}

let seq = 0;
const application = () => ({
  title: 'mr',
  first_name: 'Bench',
  last_name: 'Flood',
  email: `flood${++seq}-${process.pid}@example.test`,
  mobile: '+32 470 00 00 00',
  company_name: `Flood ${seq}`,
  vat: 'BE0412345614',
  street: 'Rue Haute 1',
  zip: '1000',
  city: 'Bruxelles',
  country: 'BE',
  function: 'veterinary',
  terms_accepted: true,
  password: 'a long enough password',
});

/** The flood: `CLIENTS` loops until `stop.done`; counts answers by status. */
function flood(base: string, stop: { done: boolean }) {
  const statuses: Record<string, number> = {};
  let n = 0;
  const loops = Array.from({ length: CLIENTS }, async (_, i) => {
    while (!stop.done) {
      n++;
      const headers: Record<string, string> = SPREAD
        ? { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` }
        : {};
      try {
        const res =
          i % 2 === 0
            ? await post(
                base,
                '/auth/set_password',
                { token: `bogus-token-${n}-0123456789`, password: 'a long enough password' },
                headers,
              )
            : await post(base, '/registrations', application(), headers);
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      } catch {
        statuses.network = (statuses.network ?? 0) + 1;
      }
    }
  });
  return { statuses, done: Promise.all(loops) };
}

const line = (name: string, f: LatencyFigures) =>
  `${name.padEnd(26)} n=${f.count} errors=${f.errors} p50=${f.p50} ms p95=${f.p95} ms p99=${f.p99} ms (load ${loadavg()[0]!.toFixed(2)})`;

async function main(): Promise<void> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'bench/argon2.bench.ts'), '--serve', String(port)],
    {
      cwd: API_ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => (c.toString().includes('ready') ? resolve() : undefined));
    child.once('exit', (code) => reject(new Error(`api exited with ${code}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await signIns(base, 5); // warm-up
    const alone = await signIns(base, SIGNINS);
    console.log(line('sign-in alone', alone));
    const stop = { done: false };
    const load = flood(base, stop);
    await new Promise((r) => setTimeout(r, 1000));
    const floodStarted = performance.now();
    const loaded = await signIns(base, SIGNINS);
    stop.done = true;
    await load.done;
    const seconds = (performance.now() - floodStarted) / 1000 + 1;
    console.log(line(`sign-in, ${CLIENTS} flooding`, loaded));
    const total = Object.values(load.statuses).reduce((a, b) => a + b, 0);
    console.log(
      `flood answers (${(total / seconds).toFixed(0)}/s, ${SPREAD ? 'spread addresses' : 'one address'}): ${JSON.stringify(load.statuses)}`,
    );
    const ok = loaded.p95 <= 2 * Math.max(alone.p95, 50);
    console.log(
      `target sign-in p95 under flood ≤ 2 × alone (${alone.p95} ms): ${loaded.p95} ms — ${ok ? 'met' : 'missed'}`,
    );
  } finally {
    child.kill('SIGTERM');
  }
}

if (process.argv[2] === '--serve') {
  serve(Number(process.argv[3])).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
} else {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}

/**
 * Support of the process-level fault tests (docs/decisions/fault-tolerance.md and "Scale: two api processes"):
 * databases that already hold the real catalogue (so that an api started as a child process does
 * not spend ~20 s importing it), the api as a child process on a free port, customers inserted
 * directly, and HTTP helpers for the cart routes.
 *
 * Catalogue templates (built once, then reused while the import checksum is unchanged):
 * - PostgreSQL: database `vetshop_faults_catalogue` on the server of TEST_DATABASE_URL, migrated
 *   and imported; each test gets `CREATE DATABASE <name> TEMPLATE vetshop_faults_catalogue`.
 * - PGlite: a data folder under the OS temp folder, copied into the test's own folder.
 * Each time, the template is opened first and `ensureCatalogue` runs on it: a no-op when the
 * catalogue sources and import code are unchanged, a re-import otherwise.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { DATA_DIR_LOCK, openDatabase, type Db } from '../src/db/client.ts';
import { ensureCatalogue } from '../src/modules/catalog-import/index.ts';
import { seedCarriers } from '../src/seed/carriers.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import { createCustomer, FIXTURE_PASSWORD } from './account-fixtures.ts';

/** Repository root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Name of the PostgreSQL template database holding the imported catalogue. */
export const PG_TEMPLATE = 'vetshop_faults_catalogue';

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** URL of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(serverUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Opens `db`, runs `ensureCatalogue` and the carriers seed (both idempotent), closes it. */
async function refreshTemplate(open: () => ReturnType<typeof openDatabase>): Promise<void> {
  const database = await open();
  try {
    await ensureCatalogue(database.db);
    await seedCarriers(database.db);
  } finally {
    await database.close();
  }
}

/**
 * Creates the catalogue template database `vetshop_faults_catalogue` on the server of `serverUrl`
 * when missing, and refreshes it (the first run imports the catalogue: ~20 s).
 */
export async function ensurePgTemplate(serverUrl: string): Promise<void> {
  const exists = await admin(
    serverUrl,
    async (c) =>
      (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [PG_TEMPLATE])).rowCount === 1,
  );
  if (!exists) await admin(serverUrl, (c) => c.query(`CREATE DATABASE ${PG_TEMPLATE}`));
  await refreshTemplate(() =>
    openDatabase({ databaseUrl: databaseUrl(serverUrl, PG_TEMPLATE), poolSize: 2 }),
  );
}

/**
 * Creates PostgreSQL database `name` (dropped first when it exists) as a copy of the catalogue
 * template on the server of `serverUrl` (see ensurePgTemplate); returns its URL.
 */
export async function catalogueDatabase(serverUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Bad database name ${name}`);
  await ensurePgTemplate(serverUrl);
  await admin(serverUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE}`);
  });
  return databaseUrl(serverUrl, name);
}

/** Drops PostgreSQL database `name` (forcing other sessions out). */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await admin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** Newest modification time (ms) of the files under `dirs` (recursively). */
function newestMtime(dirs: string[]): number {
  let newest = 0;
  const walk = (d: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const d of dirs) if (existsSync(d)) walk(d);
  return newest;
}

/**
 * A fresh PGlite data folder (under the OS temp folder) holding the catalogue, copied from the
 * PGlite template folder (built on first use: ~30 s). The template is refreshed (opened, migrated,
 * `ensureCatalogue`) only when the catalogue sources, the import code or the migrations changed
 * since its last refresh: opening PGlite costs seconds, and the api's own start would re-import a
 * stale catalogue anyway (slower, never wrong). The caller removes the folder.
 */
export async function cataloguePglite(): Promise<string> {
  const template = path.join(tmpdir(), 'vetshop-faults-catalogue-pglite');
  const stamp = `${template}.refreshed`;
  const inputs = ['data/catalogue', 'apps/api/src/modules/catalog-import', 'apps/api/drizzle'].map((d) =>
    path.join(ROOT, d),
  );
  if (!existsSync(path.join(template, 'PG_VERSION'))) {
    // Built aside, then renamed: an interrupted build never looks like a template.
    const building = mkdtempSync(path.join(tmpdir(), 'vetshop-faults-catalogue-building-'));
    await refreshTemplate(() => openDatabase({ dataDir: building }));
    rmSync(template, { recursive: true, force: true });
    renameSync(building, template);
    writeFileSync(stamp, new Date().toISOString());
  } else if (!existsSync(stamp) || statSync(stamp).mtimeMs < newestMtime(inputs)) {
    await refreshTemplate(() => openDatabase({ dataDir: template }));
    writeFileSync(stamp, new Date().toISOString());
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'vetshop-faults-pglite-'));
  cpSync(template, dir, { recursive: true, filter: (src) => path.basename(src) !== DATA_DIR_LOCK });
  return dir;
}

/** An api child process. */
export interface ApiProcess {
  child: ChildProcess;
  base: string;
  port: number;
  /** What the process wrote to stderr so far (diagnostics). */
  stderr(): string;
  /** What the process wrote to stdout (its pino log lines) so far, last 2 MB. */
  stdout(): string;
  /** SIGKILL, then waits for the exit. */
  kill9(): Promise<void>;
  /** SIGTERM (graceful shutdown), then waits for the exit. */
  stop(): Promise<void>;
}

/** Waits for `child` to exit; resolves at once when it already has. */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts `node --import tsx apps/api/src/main.ts` with `env` (DATABASE_URL or DATA_DIR…) on `port`
 * (default: a free one) and waits (up to 90 s) for GET /health to answer 200.
 * Errors: throws with the api's stderr when it exits or does not answer in time.
 */
export async function spawnApi(env: Record<string, string>, port?: number): Promise<ApiProcess> {
  const p = port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      SEED_DEMO_ACCOUNTS: 'false',
      PROMO_ALERTS_INTERVAL_MINUTES: '0',
      LOG_LEVEL: 'fatal',
      ...env,
      API_PORT: String(p),
      API_HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stdout!.on('data', (d: Buffer) => {
    stdout += d.toString();
    if (stdout.length > 2_000_000) {
      // Keep the last 2 MB from a line start: a log line cut in half is not JSON (a long SQL text
      // in every "database unavailable" line once made the first kept line unreadable).
      const tail = stdout.slice(-2_000_000);
      stdout = tail.slice(tail.indexOf('\n') + 1);
    }
  });
  child.stderr!.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-20_000);
  });
  const api: ApiProcess = {
    child,
    base: `http://127.0.0.1:${p}`,
    port: p,
    stderr: () => stderr,
    stdout: () => stdout,
    kill9: async () => {
      child.kill('SIGKILL');
      await exited(child);
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`api exited with ${child.exitCode}: ${stderr}`);
    try {
      if ((await fetch(`${api.base}/health`)).ok) return api;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  await api.kill9();
  throw new Error(`api did not answer /health within 90 s: ${stderr}`);
}

/** Runs a command to its end; resolves with its exit code, stdout and stderr. */
export function run(
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Inserts `n` veterinary customers, each with its main invoicing address and one user (password
 * FIXTURE_PASSWORD, one shared argon2id hash); returns the users' logins.
 */
export async function insertCustomers(db: Db, n: number): Promise<string[]> {
  const passwordHash = await hashPassword(FIXTURE_PASSWORD);
  const logins: string[] = [];
  for (let i = 0; i < n; i++) {
    const login = `fault-${randomUUID()}@example.test`;
    // Veterinary practices with a medicine depot: they may order every medicine of the catalogue
    // (docs/decisions/regulated-products.md), as the storms' orderable variants assume.
    await createCustomer(db, { login, passwordHash, depotNumber: `DEP-${i + 1}` });
    logins.push(login);
  }
  return logins;
}

/**
 * Up to `n` variants a veterinary can order (sold on the website, no group restriction, not made
 * to order, priced in the veterinary list).
 */
export async function orderableVariants(db: Db, n: number): Promise<number[]> {
  const rows = await db.execute<{ id: number }>(sql`
    SELECT v.id FROM product_variants v JOIN products p ON p.id = v.product_id
    WHERE NOT p.not_sold_on_website AND cardinality(p.vet_group_ids) = 0 AND NOT v.made_to_order
      AND EXISTS (SELECT 1 FROM variant_prices vp WHERE vp.variant_id = v.id)
    ORDER BY v.id LIMIT ${n}`);
  return rows.rows.map((r) => Number(r.id));
}

/** One HTTP answer: status, parsed JSON body (null when empty or not JSON) and content type. */
export interface Answer {
  status: number;
  body: Record<string, unknown> | null;
  contentType: string;
}

/**
 * POSTs JSON to `base + url` with `cookie`. A network failure (connection refused or reset) is
 * answered as status 0.
 */
export async function postJson(base: string, url: string, cookie: string, body: unknown): Promise<Answer> {
  try {
    const res = await fetch(base + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: Record<string, unknown> | null = null;
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    } catch {
      parsed = null;
    }
    return { status: res.status, body: parsed, contentType: res.headers.get('content-type') ?? '' };
  } catch {
    return { status: 0, body: null, contentType: '' };
  }
}

/**
 * Signs `login` in through POST /auth/login (a distinct X-Forwarded-For per `i`, so that the
 * sign-in rate limit per address is not hit) and returns the cookie header value.
 */
export async function httpSignIn(base: string, login: string, i: number): Promise<string> {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.9.${Math.floor(i / 250)}.${i % 250}`,
    },
    body: JSON.stringify({ login, password: FIXTURE_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${login}: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('vetshop_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
}

/** A cart transaction as the client sends it (docs/product/cart-and-checkout.md#sync). */
export interface Tx {
  uuid: string;
  product_id: number;
  qty: number;
  options: Record<string, never>;
}

/** Folder of the PostgreSQL 15 server programs (Debian). */
export const PG_BIN = '/usr/lib/postgresql/15/bin';

/** A private PostgreSQL cluster (its own data folder and port), run as the `postgres` OS user. */
export interface PrivateCluster {
  port: number;
  /** URL of database `name` on this cluster. */
  url(name: string): string;
  /** pg_ctl stop -m `mode` (fast: sessions end with 57P01; immediate: a crash, recovery at start). */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  /** pg_ctl start, waiting until it accepts connections. */
  start(): Promise<void>;
  /** Stops the cluster (immediate) and removes its folder. */
  destroy(): Promise<void>;
}

/** True when the PostgreSQL programs and the `postgres` OS user exist and we can switch to it (root). */
export function canRunPrivateCluster(): boolean {
  return (
    existsSync(path.join(PG_BIN, 'initdb')) && typeof process.getuid === 'function' && process.getuid() === 0
  );
}

/**
 * initdb + start of a private cluster in a temp folder on a free port (trust authentication,
 * fsync off: a test cluster). The shared server of the machine is never touched.
 * Errors: throws with the output of the failing program.
 */
export async function startPrivateCluster(): Promise<PrivateCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vetshop-faults-pg-'));
  const data = path.join(dir, 'data');
  await must('chown', ['postgres', dir]);
  const asPostgres = (program: string, args: string[]) =>
    must('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, program), ...args]);
  await asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const start = () =>
    asPostgres('pg_ctl', [
      '-D',
      data,
      '-o',
      options,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-t',
      '60',
      'start',
    ]).then(() => undefined);
  await start();
  return {
    port,
    url: (name) => `postgres://postgres@127.0.0.1:${port}/${name}`,
    stop: async (mode) => {
      await asPostgres('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
    },
    start,
    destroy: async () => {
      await run('runuser', [
        '-u',
        'postgres',
        '--',
        path.join(PG_BIN, 'pg_ctl'),
        '-D',
        data,
        '-m',
        'immediate',
        'stop',
      ]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs a program; throws with its output when it exits with a status other than 0. */
async function must(command: string, args: string[]): Promise<string> {
  const r = await run(command, args);
  if (r.code !== 0) throw new Error(`${command} ${args.join(' ')} → ${r.code}: ${r.stderr}${r.stdout}`);
  return r.stdout;
}

/**
 * Copies database `source` of `sourceServerUrl` (e.g. the catalogue template) into a new database
 * `target` on `cluster` (pg_dump | pg_restore, custom format, without owners).
 */
export async function copyDatabase(
  sourceServerUrl: string,
  source: string,
  cluster: PrivateCluster,
  target: string,
): Promise<string> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'vetshop-faults-dump-')), 'db.dump');
  try {
    await must(path.join(PG_BIN, 'pg_dump'), [
      '-Fc',
      '--no-owner',
      '-f',
      file,
      databaseUrl(sourceServerUrl, source),
    ]);
    await admin(cluster.url('postgres'), (c) => c.query(`CREATE DATABASE ${target}`));
    await must(path.join(PG_BIN, 'pg_restore'), ['--no-owner', '-d', cluster.url(target), file]);
  } finally {
    rmSync(path.dirname(file), { recursive: true, force: true });
  }
  return cluster.url(target);
}

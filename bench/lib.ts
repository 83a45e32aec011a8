/**
 * Shared pieces of the benchmarks: percentiles, the api started as a child process on a free port
 * (what `tsx` runs, without the wrapper, so /proc/<pid> is the api's), and its peak memory.
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../apps/api/src/db/client.ts';

/** Repository root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The p-th percentile of ascending `sorted` values (NaN when empty). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Rounds to one decimal. */
export const r1 = (n: number): number => Math.round(n * 10) / 10;

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

/** The catalogue import's version (`IMPORT_VERSION`) of the checkout at `root`, null when its import.ts does not say. */
export function importVersionAt(root: string): string | null {
  const file = path.join(root, 'apps/api/src/modules/catalog-import/import.ts');
  if (!existsSync(file)) return null;
  return /export const IMPORT_VERSION = '([^']+)'/.exec(readFileSync(file, 'utf8'))?.[1] ?? null;
}

/**
 * Starts the api as a child process and waits (up to 120 s) for GET /health. `options.root` runs
 * the api of another checkout (before/after runs), `options.nodeArgs` go to node (e.g.
 * `--cpu-prof`). Errors: another checkout whose import version differs from this one's is refused
 * before it starts — at its start it would import the catalogue again into the shared data set,
 * moving the search rows under the other api while it is measured
 * (docs/decisions/autocomplete-index.md, "What a medicine is for, in the suggestions").
 */
export async function startApi(
  env: Record<string, string>,
  options: { root?: string; nodeArgs?: string[] } = {},
): Promise<{ child: ChildProcess; base: string }> {
  if (options.root) {
    const theirs = importVersionAt(options.root);
    const ours = importVersionAt(ROOT);
    if (theirs !== ours)
      throw new Error(
        `the api of ${options.root} has import version ${theirs}, this checkout ${ours}: it would import the ` +
          `catalogue again into the data set at its start. Set its IMPORT_VERSION to '${ours}' for the run.`,
      );
  }
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', 'apps/api/src/main.ts'],
    {
      cwd: options.root ?? ROOT,
      env: { ...process.env, ...env, API_PORT: String(port), API_HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`api exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/health`)).ok) return { child, base };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGTERM');
  throw new Error('api did not answer /health within 120 s');
}

/** Peak resident set size of a process (VmHWM, MB), null when /proc is unavailable. */
export function peakRssMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/**
 * CPU time (ms, user + system) used so far by the processes `pids`, summed, from /proc/<pid>/stat
 * (Linux, 100 clock ticks a second; a missing process counts 0). Read before and after a run: on a
 * machine shared with other work, CPU milliseconds per request are steadier than latencies.
 */
export function cpuMsOf(pids: readonly number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    } catch {
      // gone: counts 0
    }
  }
  return total;
}

/**
 * CPU (ms) a process used between two reads of cpuMsOf: `after - before`, or 0 when it had ended by
 * the second read (cpuMsOf gives 0 for a gone process: a pooled connection closed when idle would
 * otherwise count as negative time). A process that started in between has `before` 0.
 */
export function usedCpuMs(before: number | undefined, after: number | undefined): number {
  return after !== undefined && after > 0 ? after - (before ?? 0) : 0;
}

/** Keep-alive sockets of {@link httpGet}, shared by the benchmarks of one process. */
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 64 });

/**
 * GET `url` over node:http with keep-alive sockets: status and body (bytes as sent; a compressed
 * body is not decoded). The load generator of the api benchmarks: it shares the machine's two cores
 * with the api and PostgreSQL, and global `fetch` (undici) cost it about 0.35 ms of CPU per request
 * against 0.12 ms here, measured on the autocomplete, which the figures of the api then carried.
 */
export function httpGet(url: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: keepAlive }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/**
 * An HTTP request of `method` to `base + url` on `agent`'s keep-alive sockets, with the session
 * cookie `cookie` and, when `body` is given, that JSON body: the status and the answer's text.
 */
export function cookieRequest(
  agent: http.Agent,
  base: string,
  method: 'GET' | 'POST',
  url: string,
  cookie: string,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      base + url,
      {
        method,
        agent,
        headers: {
          cookie,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Pids of the PostgreSQL backends of database `name`, read through `db`, other than `db`'s own. */
export async function backendPidsOf(db: Db, name: string): Promise<number[]> {
  const r = await db.execute<{ pid: number }>(
    sql`SELECT pid FROM pg_stat_activity WHERE datname = ${name} AND pid <> pg_backend_pid()`,
  );
  return r.rows.map((x) => Number(x.pid));
}

/** Latency figures of a run: request count, errors, p50/p95/p99 (ms) and requests per second. */
export interface LatencyFigures {
  count: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  perSecond: number;
}

/** {@link LatencyFigures} of `times` (ms, any order) measured over `seconds`. */
export function latencyFigures(times: number[], errors: number, seconds: number): LatencyFigures {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    count: times.length,
    errors,
    p50: r1(percentile(sorted, 50)),
    p95: r1(percentile(sorted, 95)),
    p99: r1(percentile(sorted, 99)),
    perSecond: Math.round(times.length / seconds),
  };
}

/**
 * Up to `limit` variant ids a customer of `priceList` can put in a cart: sold on the website,
 * visible to every veterinary group, not made to order, with a valid gross tier from 1 unit in that
 * price list today. Spread over the whole catalogue in a fixed pseudo-random order (md5 of the id),
 * not the lowest ids: those are all medicines (imported first), which students and customers
 * without prescription rights may not order (docs/decisions/regulated-products.md).
 */
export async function orderableVariantIds(db: Db, priceList: string, limit: number): Promise<number[]> {
  const rows = await db.execute<{ id: number }>(sql`
    SELECT v.id FROM product_variants v JOIN products p ON p.id = v.product_id
    WHERE NOT p.not_sold_on_website AND cardinality(p.vet_group_ids) = 0 AND NOT v.made_to_order
      AND EXISTS (SELECT 1 FROM price_tiers t JOIN price_lists pl ON pl.id = t.price_list_id
                  WHERE t.variant_id = v.id AND pl.code = ${priceList} AND t.min_quantity <= 1
                    AND (t.date_start IS NULL OR t.date_start <= current_date)
                    AND (t.date_end IS NULL OR t.date_end >= current_date))
    ORDER BY md5(v.id::text), v.id LIMIT ${limit}`);
  return rows.rows.map((r) => Number(r.id));
}

/**
 * Exports `commit`'s api, domain package and data into a temporary folder whose node_modules point
 * at this checkout's, so a reference implementation can be imported beside the current one (the
 * answer comparisons bench/search-compare.ts and bench/product-compare.ts). The caller removes it.
 */
export function exportCommit(commit: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'vetshop-ref-'));
  execSync(`git archive ${commit} apps/api packages/domain data | tar -x -C ${dir}`, { cwd: ROOT });
  for (const nm of ['node_modules', 'apps/api/node_modules', 'packages/domain/node_modules']) {
    if (existsSync(path.join(ROOT, nm))) symlinkSync(path.join(ROOT, nm), path.join(dir, nm));
  }
  return dir;
}

/** Deterministic pick of `n` items spread evenly over `items` (all of them when fewer). */
export function spread<T>(items: readonly T[], n: number): T[] {
  if (items.length <= n) return [...items];
  return Array.from({ length: n }, (_, i) => items[Math.floor((i * items.length) / n)] as T);
}

/** The value after `--name` on the command line, undefined when absent. */
export function cliArg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/**
 * The database an answer comparison reads: DATABASE_URL, else the PGlite folder DATA_DIR, else
 * the benchmark data set on the local PostgreSQL server (bench/dataset.ts `vetshop_dataset`).
 */
export function openComparisonDatabase(): Promise<Database> {
  const url =
    process.env.DATABASE_URL ??
    (process.env.DATA_DIR ? undefined : 'postgres://postgres@127.0.0.1:5432/vetshop_dataset');
  return openDatabase(url ? { databaseUrl: url, poolSize: 4 } : { dataDir: process.env.DATA_DIR ?? '' });
}

/**
 * Waits (up to 120 s) until the api at `apiBase` reports its guest browse facets primed (GET /health
 * `browse_facets_primed`, apps/api/src/modules/catalog/browse-facets.ts), as a deployment would send
 * traffic once its caches are warm. Returns the wait (ms), or null at once when the api does not
 * report it (an older api: BENCH_API_ROOT-like before runs).
 */
export async function browseFacetsPrimed(apiBase: string): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < 120_000) {
    const health = (await (await fetch(`${apiBase}/health`)).json()) as { browse_facets_primed?: boolean };
    if (health.browse_facets_primed === undefined) return null;
    if (health.browse_facets_primed) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the api did not prime its browse facets within 120 s');
}

/** Deterministic pseudo-random generator (mulberry32) so every run samples the same pages. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` items of `items` drawn without replacement (deterministic). */
export function sample<T>(items: readonly T[], n: number, seed: number): T[] {
  const rand = rng(seed);
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, n);
}

/**
 * Cart benchmark (docs/decisions/scale-proof-figures.md): 200 signed-in customers
 * (`BENCH_CUSTOMERS`) synchronise their carts over HTTP, side by side on PostgreSQL and PGlite:
 *
 * 1. closed loop for `BENCH_SECONDS` (default 10): every customer sends its next sync as soon as
 *    the previous answered (each sync carries 1–3 new transactions; every 5th request replays the
 *    previous one, as a retry after a lost answer would);
 * 2. open loop at a fixed offered rate `BENCH_RATE` syncs/s (default 500) for `BENCH_SECONDS`:
 *    arrivals are spread evenly over the customers; a customer syncs one request at a time (as the
 *    web client does), so an arrival that finds its customer busy waits, and that wait counts in
 *    its latency (no coordinated omission);
 * 3. `BENCH_CHECKOUTS` (default 1,000) checkouts: a customer fills a small cart, confirms it, and
 *    confirms it again as a retrying client would (same order expected);
 * 4. exactly once: acknowledged orders = orders stored; every line of a cart read back = its
 *    starting lines folded with the customer's acknowledged transactions (client side), and every
 *    stored line = its starting lines folded with the recorded transactions (server side,
 *    cart_transactions), both by the domain's foldTransactions and without the transactions the
 *    api refused (a restricted product: recorded with its reason, never applied). The data set's
 *    open carts hold lines without transactions, hence the starting lines. Refused checkouts are
 *    printed by answer (an empty cart when the one product added was refused is a rule, not a fault).
 *
 * Prints p50/p95/p99 (ms), achieved syncs/s and orders/s, errors, the api's peak RSS (MB), CPU ms
 * per sync of the api process and of the PostgreSQL backends (from /proc/<pid>/stat), and
 * whether each target is met (MET / MISSED lines): PostgreSQL sync p95 ≤ 25 ms at ≥ 500 syncs/s,
 * CPU per sync (api + database) ≤ 1 ms (docs/decisions/cart-sync-performance.md).
 *
 * Processes: the api runs as a child process (what tsx runs, so /proc/<pid> is the api's), the
 * load comes from this process (node:http with keep-alive sockets, one per customer), PostgreSQL
 * is its own server. With taskset (BENCH_PIN=0 turns it off) the load generator runs alone on the
 * last core and the api on the others, so the generator's CPU does not inflate the figures;
 * PostgreSQL stays unpinned (printed).
 *
 * Data: the data set of bench/dataset.ts (≈ 72,000 variants, 2,000 customers, 5 years of orders)
 * in copies of this benchmark's own, since it writes carts and orders (PostgreSQL database
 * `vetshop_h2_cart_ds`, PGlite folder bench/.data/h2-cart-pglite; built on the first run — minutes
 * — then reused). Each customer orders from its own products among those its price list prices.
 *
 * Run: `npm run bench:cart`. Env: BENCH_SERVER_URL (PostgreSQL server, see bench/dataset.ts),
 * BENCH_SMALL=1 (the small data set, for quick runs), BENCH_API_ROOT (run the api of another
 * checkout, e.g. a git worktree of the commit before a change), BENCH_DBS (postgres,pglite),
 * BENCH_CUSTOMERS, BENCH_SECONDS, BENCH_RATE, BENCH_CHECKOUTS, BENCH_CART_PRODUCTS (default 20: each
 * customer orders from its own 20 products, so a cart holds at most 20 lines), BENCH_CPU_PROF (a folder: the api
 * writes a V8 CPU profile there on exit), BENCH_DIRECT=N (first N syncs per path straight through
 * the service on one connection: the reference path against the one statement, CPU per sync).
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { cpus } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { foldTransactions, VARIANT_RESTRICTIONS_MAX } from '@vetshop/domain';
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';
import { prepareDataset, type Engine } from './dataset.ts';
import {
  cookieRequest,
  cpuMsOf,
  latencyFigures,
  orderableVariantIds,
  peakRssMb,
  ROOT,
  startApi as startApiProcess,
  type LatencyFigures,
} from './lib.ts';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 1000);
const DBS = (process.env.BENCH_DBS ?? 'postgres,pglite').split(',') as Engine[];
/** BENCH_SMALL=1: the small data set (quick runs). */
const SMALL = process.env.BENCH_SMALL === '1';
const CPU_PROF = process.env.BENCH_CPU_PROF;
/** Checkout whose api runs (before/after comparisons: a git worktree of an older commit). */
const API_ROOT = process.env.BENCH_API_ROOT ?? ROOT;
/** Products each customer orders from (the most lines its cart can reach). */
const CART_PRODUCTS = Number(process.env.BENCH_CART_PRODUCTS ?? 20);
const SYNC_TARGET_P95_MS = 25;
/** Target CPU per sync, api process + PostgreSQL backends (ms). */
const SYNC_TARGET_CPU_MS = 1;
/** BENCH_PIN=0: no CPU pinning (default: the load generator on the last core, the api on the others). */
const PIN = process.env.BENCH_PIN !== '0';

/**
 * Pins every thread of process `pid` to the cores `list` (taskset syntax, e.g. "1" or "0-2");
 * returns false when taskset is missing or refuses (the run goes on unpinned).
 */
function pin(pid: number, list: string): boolean {
  try {
    execFileSync('taskset', ['-a', '-p', '-c', list, String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * The pinning of this run: the load generator (this process) alone on the last core so its
 * own CPU does not slow the api it measures, the api on the other cores; PostgreSQL (a server of
 * its own, shared with other work) is left unpinned. Null when not pinned.
 */
const cores = cpus().length;
const pinning =
  PIN && cores >= 2 && pin(process.pid, String(cores - 1))
    ? { loadgen: String(cores - 1), api: cores === 2 ? '0' : `0-${cores - 2}` }
    : null;
const SYNC_TARGET_PER_S = 500;

interface Tx {
  uuid: string;
  product_id: number;
  qty: number;
  options: Record<string, never>;
}

interface Stats extends LatencyFigures {
  /** CPU ms per request: api, database server processes (PostgreSQL only), load generator. */
  cpu?: { api: number; db: number; loadgen: number };
}

const stats = (times: number[], errors: number, seconds: number): Stats =>
  latencyFigures(times, errors, seconds);

/** A bench customer: login and customer id. */
interface BenchUser {
  login: string;
  customerId: number;
  /** Code of the user's price list. */
  priceList: string;
}

interface Prepared {
  env: Record<string, string>;
  /** Products to order, per price list code. */
  productsByList: Map<string, number[]>;
  users: BenchUser[];
  password: string;
  /** Highest sales id before the run. */
  lastSaleId: number;
  cleanup: () => void;
}

/** Opens the prepared database again (for the checks). */
function reopen(env: Record<string, string>): Promise<Database> {
  return openDatabase(
    env.DATABASE_URL
      ? { databaseUrl: env.DATABASE_URL, poolSize: 1, genericPlansPoolSize: 1 }
      : { dataDir: env.DATA_DIR },
  );
}

/**
 * The data set of h1's builder (bench/dataset.ts, docs/decisions/scale-proof-figures.md) in a copy of this benchmark's own
 * (it writes carts and orders): PostgreSQL database `vetshop_h2_cart_ds`, PGlite folder
 * bench/.data/h2-cart-pglite — built once, reused while seed and builder version match. Picks
 * CUSTOMERS users of distinct customers that may order, and for each price list a sample of
 * products every customer may see and buy, priced today from one unit.
 */
async function prepare(kind: Engine): Promise<Prepared> {
  const t0 = performance.now();
  const ds = await prepareDataset(
    kind,
    kind === 'postgres'
      ? { database: SMALL ? 'vetshop_h2_cart_ds_small' : 'vetshop_h2_cart_ds', small: SMALL }
      : {
          dataDir: path.join(ROOT, 'bench/.data', SMALL ? 'h2-cart-pglite-small' : 'h2-cart-pglite'),
          small: SMALL,
        },
  );
  const database = await reopen(ds.env);
  try {
    const canOrder = await database.db.execute<{ id: number }>(
      sql`SELECT id FROM users WHERE can_order AND active IS NOT FALSE`,
    );
    const allowed = new Set(canOrder.rows.map((r) => Number(r.id)));
    const seen = new Set<number>();
    const list: BenchUser[] = [];
    for (const u of ds.users) {
      if (list.length >= CUSTOMERS) break;
      if (!allowed.has(u.userId) || seen.has(u.customerId)) continue;
      seen.add(u.customerId);
      list.push({ login: u.login, customerId: u.customerId, priceList: u.priceList });
    }
    const productsByList = new Map<string, number[]>();
    for (const priceList of new Set(list.map((u) => u.priceList))) {
      productsByList.set(priceList, await orderableVariantIds(database.db, priceList, 2000));
    }
    console.log(
      `[${kind}] data set ${ds.reused ? 'reused' : 'built'} in ${Math.round(performance.now() - t0)} ms: ` +
        `${ds.counts.variants} variants, ${ds.counts.customers} customers, ${ds.counts.saleLines} order lines; ` +
        `${list.length} customers for the load`,
    );
    // Orders above this id are the benchmark's (the api holds a PGlite folder while it runs).
    const last = await database.db.execute<{ n: number }>(
      sql`SELECT coalesce(max(id), 0)::int AS n FROM sales`,
    );
    return {
      env: ds.env,
      productsByList,
      users: list,
      password: ds.password,
      lastSaleId: Number(last.rows[0]?.n ?? 0),
      cleanup: () => {},
    };
  } finally {
    await database.close();
  }
}

/**
 * Starts the api (of BENCH_API_ROOT, with a CPU profile when BENCH_CPU_PROF is set) without its
 * mail sender job (`MAIL_OUTBOX_INTERVAL_MS=0`): the checkouts enqueue their mails as always, but
 * the confirmation mails of an earlier run's 1,000 checkouts are not rendered and sent during this
 * run's sync phases, whose CPU per sync they inflated (docs/decisions/cart-sync-performance.md,
 * "Mails of the previous run").
 */
const startApi = (env: Record<string, string>): ReturnType<typeof startApiProcess> =>
  startApiProcess(
    { ...env, MAIL_OUTBOX_INTERVAL_MS: '0' },
    {
      root: API_ROOT,
      nodeArgs: CPU_PROF ? [`--cpu-prof`, `--cpu-prof-dir=${CPU_PROF}`] : [],
    },
  );

/** Keep-alive sockets, one per customer: the load generator stays light. */
const agent = new http.Agent({ keepAlive: true, maxSockets: CUSTOMERS + 10 });

/** A JSON request with the customer's cookie; returns status and parsed body. */
async function request(
  base: string,
  method: 'GET' | 'POST',
  url: string,
  cookie: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> | null }> {
  const { status, text } = await cookieRequest(agent, base, method, url, cookie, body);
  return { status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

/** CPU time (user + system, ms) of process `pid` from /proc, 0 when unreadable. */
const cpuMs = (pid: number | undefined): number => (pid === undefined ? 0 : cpuMsOf([pid]));

/** Ids of the PostgreSQL server processes serving database `name` (the api's pool). */
async function backendPids(url: string | undefined): Promise<number[]> {
  if (!url) return [];
  const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    const r = await database.db.execute<{ pid: number }>(
      sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    return r.rows.map((row) => Number(row.pid));
  } finally {
    await database.close();
  }
}

/**
 * CPU of the api, the database server processes serving it (PostgreSQL only: those alive at the
 * end of the phase, less what they had used at its start) and this load generator over one phase.
 */
class CpuMeter {
  private api = 0;
  private db = new Map<number, number>();
  private gen = 0;
  constructor(
    private readonly apiPid: number | undefined,
    private readonly url: string | undefined,
  ) {}
  async start(): Promise<void> {
    this.db = new Map((await backendPids(this.url)).map((p) => [p, cpuMs(p)]));
    this.api = cpuMs(this.apiPid);
    const u = process.cpuUsage();
    this.gen = (u.user + u.system) / 1000;
  }
  /** CPU ms per request of each side over `count` requests. */
  async perRequest(count: number): Promise<{ api: number; db: number; loadgen: number }> {
    const u = process.cpuUsage();
    const api = cpuMs(this.apiPid) - this.api;
    const gen = (u.user + u.system) / 1000 - this.gen;
    const db = (await backendPids(this.url)).reduce((sum, p) => sum + cpuMs(p) - (this.db.get(p) ?? 0), 0);
    const per = (ms: number) => Math.round((ms / Math.max(1, count)) * 100) / 100;
    return { api: per(api), db: per(db), loadgen: per(gen) };
  }
}

async function signIn(base: string, user: BenchUser, password: string, i: number): Promise<string> {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.0.${Math.floor(i / 250)}.${i % 250}`,
    },
    body: JSON.stringify({ login: user.login, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in ${user.login}: ${res.status}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('vetshop_session='));
  return cookie!.split(';')[0]!;
}

/**
 * What a sync answers: the priced cart (the api's default; the web asks for it at a page load and
 * on its cart and checkout pages) or the light summary (the web's background syncs, apps/web
 * src/lib/cart/store.ts).
 */
type Answer = 'cart' | 'summary';

/** Picks a product id for customer `s`. */
type Pick = (s: CustomerState) => number;

interface CustomerState {
  user: BenchUser;
  cookie: string;
  uuid: string | null;
  /** Product lines of the open cart when the run started (or empty after a confirm): product id → qty. */
  expected: Map<number, number>;
  /** Transactions acknowledged (2xx) since `expected` was taken, replays left out, in order. */
  acknowledged: Tx[];
  previous: Tx[] | null;
  n: number;
  /**
   * The CART_PRODUCTS variants this customer orders from: its own window of its price list's sample,
   * without the regulated products it may not order (GET /catalog/restrictions), which the sync
   * would refuse and leave out of the cart.
   */
  products: number[];
}

/** Product lines of a cart answer: product id → qty. */
function linesOf(body: Record<string, unknown> | null): Map<number, number> {
  const lines = (body?.lines ?? []) as {
    product_id: number | null;
    qty: number;
    is_delivery?: boolean;
    is_free?: boolean;
  }[];
  const out = new Map<number, number>();
  for (const l of lines)
    if (l.product_id !== null && !l.is_delivery && !l.is_free)
      out.set(l.product_id, (out.get(l.product_id) ?? 0) + l.qty);
  return out;
}

/**
 * The lines `start` becomes with `transactions` applied in order, the refused ones (a restricted
 * product, recorded with their reason and never applied) left out: the domain's fold.
 */
function expectedLines(
  start: Map<number, number>,
  transactions: Tx[],
  refused: Set<string>,
): Map<number, number> {
  const folded = foldTransactions(
    [...start].map(([product_id, qty]) => ({ product_id, qty, options: {} })),
    transactions.filter((t) => !refused.has(t.uuid)),
  );
  return new Map(folded.map((l) => [l.product_id, l.qty]));
}

/** Lines of `actual` that differ from `expected` (every product of either side counted once). */
function differingLines(
  actual: Map<number, number>,
  expected: Map<number, number>,
): { checked: number; wrong: number } {
  let checked = 0;
  let wrong = 0;
  for (const id of new Set([...expected.keys(), ...actual.keys()])) {
    checked++;
    if ((actual.get(id) ?? 0) !== (expected.get(id) ?? 0)) wrong++;
  }
  return { checked, wrong };
}

/** One sync of customer `s` (new transactions, or every 5th time a replay); returns ms and whether it failed. */
async function syncOnce(
  base: string,
  s: CustomerState,
  pick: Pick,
  answer: Answer = 'cart',
): Promise<boolean> {
  s.n++;
  const replay = s.previous !== null && s.n % 5 === 0;
  const transactions: Tx[] = replay
    ? s.previous!
    : Array.from({ length: 1 + (s.n % 3) }, () => ({
        uuid: randomUUID(),
        product_id: pick(s),
        qty: 1 + (s.n % 4),
        options: {},
      }));
  const url = answer === 'summary' ? '/carts/sync?answer=summary' : '/carts/sync';
  const res = await request(base, 'POST', url, s.cookie, { uuid: s.uuid, transactions }).catch(() => ({
    status: 0,
    body: null,
  }));
  if (res.status !== 200) return false;
  const uuid = String(res.body?.uuid);
  if (s.uuid !== null && uuid !== s.uuid) {
    s.expected = new Map();
    s.acknowledged = [];
  }
  s.uuid = uuid;
  if (!replay) s.acknowledged.push(...transactions);
  s.previous = transactions;
  return true;
}

async function closedLoop(
  base: string,
  states: CustomerState[],
  pick: Pick,
  seconds = SECONDS,
): Promise<Stats> {
  const times: number[] = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    states.map(async (s) => {
      while (Date.now() < end) {
        const t0 = performance.now();
        if (!(await syncOnce(base, s, pick))) errors++;
        times.push(performance.now() - t0);
      }
    }),
  );
  return stats(times, errors, (performance.now() - started) / 1000);
}

/**
 * Open loop: RATE arrivals per second, customer i gets arrivals i, i+N, i+2N…; latency counts from
 * the scheduled arrival (a busy customer's queue wait included).
 */
async function openLoop(base: string, states: CustomerState[], pick: Pick, answer: Answer): Promise<Stats> {
  const times: number[] = [];
  let errors = 0;
  const total = Math.round(RATE * SECONDS);
  const interval = 1000 / RATE;
  const started = performance.now();
  await Promise.all(
    states.map(async (s, i) => {
      for (let k = i; k < total; k += states.length) {
        const due = started + k * interval;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        if (!(await syncOnce(base, s, pick, answer))) errors++;
        times.push(performance.now() - due);
      }
    }),
  );
  return stats(times, errors, (performance.now() - started) / 1000);
}

/** BENCH_DIRECT=N: N syncs per path through the service on one connection (no HTTP), before the load. */
const DIRECT = Number(process.env.BENCH_DIRECT ?? 0);

/**
 * CPU per sync of the sync itself, without HTTP, session or queueing: `syncCartSummary` called
 * DIRECT times per path (the reference path — lock, read, write in a transaction — and the one
 * statement), then `syncCartView` (the one statement and the priced cart, as the web's cart page
 * asks), on the connection the cart routes use (`Database.genericPlans`, one connection), each
 * sync 1–3 new transactions of a customer's products.
 * Prints node CPU and PostgreSQL backend CPU per sync (ms), then how PostgreSQL ran each named
 * statement of that connection (pg_prepared_statements: generic and custom plans), so a statement
 * planned afresh on every run shows.
 */
async function directPhase(prepared: Prepared): Promise<void> {
  const { syncCartSummary, syncCartView } = await import('../apps/api/src/modules/carts/index.ts');
  const database = await reopen(prepared.env);
  // The connection the cart routes sync on (apps/api/src/modules/carts/routes.ts).
  const conn = database.genericPlans ?? database.db;
  try {
    const pidRow = await conn.execute<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`);
    const pid = Number(pidRow.rows[0]?.pid);
    const users = prepared.users.slice(0, 40);
    const rows = await database.db.execute<{ id: number; customer_id: number; vet_group_ids: number[] }>(
      sql`SELECT id, customer_id, vet_group_ids FROM users WHERE login = ANY(${sql.param(users.map((u) => u.login))}::text[])`,
    );
    const byCustomer = new Map(rows.rows.map((r) => [Number(r.customer_id), r]));
    for (const path of ['reference', 'fast', 'priced', 'reference', 'fast', 'priced'] as const) {
      const cpu0 = cpuMs(pid);
      const u0 = process.cpuUsage();
      const t0 = performance.now();
      for (let i = 0; i < DIRECT; i += 1) {
        const user = users[i % users.length]!;
        const row = byCustomer.get(user.customerId);
        if (!row) continue;
        const sample = prepared.productsByList.get(user.priceList) ?? [];
        const base = (i % users.length) * CART_PRODUCTS;
        const transactions = Array.from({ length: 1 + (i % 3) }, () => ({
          uuid: randomUUID(),
          product_id: sample[(base + Math.floor(Math.random() * CART_PRODUCTS)) % sample.length]!,
          qty: Math.random() < 0.3 ? -1 : 1 + Math.floor(Math.random() * 3),
          options: {},
        }));
        const actor = {
          customerId: user.customerId,
          userId: Number(row.id),
          viewer: { priceList: user.priceList, vetGroupIds: row.vet_group_ids ?? [] },
          canOrder: true,
          locale: 'fr' as const,
        };
        if (path === 'priced') await syncCartView(conn, actor, { uuid: null, transactions });
        else await syncCartSummary(conn, actor, { uuid: null, transactions }, { path });
      }
      const u = process.cpuUsage(u0);
      const per = (ms: number) => Math.round((ms / DIRECT) * 1000) / 1000;
      console.log(
        `[direct] ${DIRECT_PATHS[path]}: ${DIRECT} syncs, ` +
          `${per(performance.now() - t0)} ms each, CPU per sync node ${per((u.user + u.system) / 1000)} ms + ` +
          `PostgreSQL ${per(cpuMs(pid) - cpu0)} ms`,
      );
    }
    const plans = await conn.execute<{ statement: string; generic_plans: number; custom_plans: number }>(
      sql`SELECT left(regexp_replace(statement, '[[:space:]]+', ' ', 'g'), 60) AS statement, generic_plans, custom_plans
          FROM pg_prepared_statements ORDER BY custom_plans + generic_plans DESC`,
    );
    for (const p of plans.rows)
      console.log(`[direct] plans: ${p.generic_plans} generic, ${p.custom_plans} custom: ${p.statement}`);
  } finally {
    await database.close();
  }
}

/** How the direct phase names its paths in its output. */
const DIRECT_PATHS = {
  reference: 'reference path',
  fast: 'one statement',
  priced: 'one statement + priced cart',
} as const;

async function run(kind: Engine) {
  const prepared = await prepare(kind);
  if (DIRECT > 0 && kind === 'postgres') await directPhase(prepared);
  const { child, base } = await startApi(prepared.env);
  if (pinning && child.pid !== undefined && !pin(child.pid, pinning.api))
    console.log(`[${kind}] could not pin the api to cores ${pinning.api}`);
  try {
    // Transactions recorded before this instant (an earlier run on the reused data set, the direct
    // phase) are already in the starting carts read below: the server-side check leaves them out.
    const runStart = new Date();
    const states: CustomerState[] = [];
    for (const [i, user] of prepared.users.slice(0, CUSTOMERS).entries()) {
      const cookie = await signIn(base, user, prepared.password, i);
      // The starting cart (a data set may hold open carts already).
      const first = await request(base, 'POST', '/carts/sync', cookie, { uuid: null, transactions: [] });
      const sample = prepared.productsByList.get(user.priceList) ?? [];
      const candidates = Array.from(
        { length: Math.min(VARIANT_RESTRICTIONS_MAX, sample.length) },
        (_, k) => sample[(i * CART_PRODUCTS + k) % sample.length]!,
      );
      const restricted = await request(
        base,
        'GET',
        `/catalog/restrictions?variant_ids=${candidates.join(',')}`,
        cookie,
      );
      const refused = (restricted.body?.restrictions ?? {}) as Record<string, unknown>;
      const allowed = candidates.filter((id) => !(String(id) in refused));
      states.push({
        user,
        cookie,
        uuid: first.status === 200 ? String(first.body?.uuid) : null,
        expected: first.status === 200 ? linesOf(first.body) : new Map(),
        acknowledged: [],
        previous: null,
        n: 0,
        products: (allowed.length > 0 ? allowed : candidates).slice(0, CART_PRODUCTS),
      });
    }
    // Each customer orders from its own list of CART_PRODUCTS products it may order (carts stay the
    // size of a practice's order instead of growing to the whole sample over thousands of syncs).
    const pick: Pick = (s) => s.products[Math.floor(Math.random() * s.products.length)]!;

    // The pool's connections exist after the sign-ins; the meters read them per phase.
    const meter = new CpuMeter(child.pid, prepared.env.DATABASE_URL);
    // Service time: one customer, one sync after the other (no queueing).
    await meter.start();
    const single = await closedLoop(base, states.slice(0, 1), pick, 2);
    single.cpu = await meter.perRequest(single.count);
    console.log(`[${kind}] one customer: ${JSON.stringify(single)}`);
    await meter.start();
    const closed = await closedLoop(base, states, pick);
    closed.cpu = await meter.perRequest(closed.count);
    await meter.start();
    console.log(`[${kind}] closed loop: ${JSON.stringify(closed)}`);
    const open = await openLoop(base, states, pick, 'cart');
    open.cpu = await meter.perRequest(open.count);
    console.log(`[${kind}] open loop at ${RATE}/s, priced cart: ${JSON.stringify(open)}`);
    await meter.start();
    const openSummary = await openLoop(base, states, pick, 'summary');
    openSummary.cpu = await meter.perRequest(openSummary.count);
    console.log(`[${kind}] open loop at ${RATE}/s, summary: ${JSON.stringify(openSummary)}`);

    // Exactly once, client side: the cart each customer reads back, and what its acknowledged
    // transactions make of its starting lines (checked once the refused ones are known, below).
    const readBack: {
      s: CustomerState;
      uuid: string | null;
      lines: Map<number, number>;
      start: Map<number, number>;
      sent: Tx[];
    }[] = [];
    for (const s of states) {
      const res = await request(base, 'GET', '/carts/current', s.cookie);
      readBack.push({
        s,
        uuid: s.uuid,
        lines: linesOf(res.body),
        start: s.expected,
        sent: [...s.acknowledged],
      });
    }

    // Checkouts: each customer in turn fills a small cart and confirms it (a retried confirm too).
    const confirmTimes: number[] = [];
    let confirmErrors = 0;
    /** Refused checkouts by answer: `409 cart_changed`, `403 student_no_medicines`… */
    const refusals = new Map<string, number>();
    const refuse = (res: { status: number; body: Record<string, unknown> | null }) => {
      const key = `${res.status} ${String(res.body?.code ?? '')}`.trim();
      refusals.set(key, (refusals.get(key) ?? 0) + 1);
    };
    const acknowledged = new Set<string>();
    let next = 0;
    const firstNewSale = prepared.lastSaleId;
    await meter.start();
    const t0 = performance.now();
    await Promise.all(
      states.map(async (s) => {
        while (next < CHECKOUTS) {
          next++;
          const filled = await request(base, 'POST', '/carts/sync', s.cookie, {
            uuid: s.uuid,
            transactions: [{ uuid: randomUUID(), product_id: pick(s), qty: 2, options: {} }],
          });
          if (filled.status !== 200) {
            confirmErrors++;
            refuse(filled);
            continue;
          }
          const uuid = String(filled.body?.uuid);
          const c0 = performance.now();
          const res = await request(base, 'POST', '/carts/confirm', s.cookie, { uuid });
          confirmTimes.push(performance.now() - c0);
          if (res.status !== 200 && res.status !== 201) {
            confirmErrors++;
            refuse(res);
            continue;
          }
          acknowledged.add(String(res.body?.name));
          // A client retrying the confirm must get the same order back.
          const again = await request(base, 'POST', '/carts/confirm', s.cookie, { uuid });
          if (String(again.body?.name) !== String(res.body?.name)) confirmErrors++;
          s.uuid = null;
        }
      }),
    );
    const confirm = stats(confirmTimes, confirmErrors, (performance.now() - t0) / 1000);
    // Per checkout: one sync, two confirms.
    confirm.cpu = await meter.perRequest(confirm.count);
    const rssMb = peakRssMb(child.pid);
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));

    // Exactly once, server side: orders stored = acknowledged; open-or-confirmed cart lines = sum of
    // the recorded transactions of visible products.
    const database = await reopen(prepared.env);
    const ids = sql.param(states.map((s) => s.user.customerId));
    const stored = await database.db.execute<{ n: number; names: number }>(sql`
      SELECT count(*)::int AS n, count(DISTINCT name)::int AS names FROM sales
      WHERE id > ${firstNewSale} AND customer_id = ANY(${ids}::int[])`);
    // Transactions recorded for the read-back carts (refused ones: a restricted product), and
    // their lines as stored (the checkouts confirmed these carts, which keeps their lines).
    const uuids = sql.param(readBack.flatMap((b) => (b.uuid ? [b.uuid] : [])));
    const recorded = await database.db.execute<{
      cart: string;
      uuid: string;
      variant_id: number;
      qty: number;
      refused: boolean;
    }>(sql`
      SELECT c.uuid AS cart, ct.uuid, ct.variant_id, ct.qty, ct.refused_reason IS NOT NULL AS refused
      FROM cart_transactions ct JOIN carts c ON c.id = ct.cart_id
      WHERE c.uuid = ANY(${uuids}::text[]) AND ct.applied_at >= ${runStart.toISOString()}::timestamptz
      ORDER BY ct.applied_at`);
    const storedLines = await database.db.execute<{ cart: string; variant_id: number; qty: number }>(sql`
      SELECT c.uuid AS cart, l.variant_id, l.qty FROM cart_lines l JOIN carts c ON c.id = l.cart_id
      WHERE c.uuid = ANY(${uuids}::text[])`);
    const refused = new Set(recorded.rows.filter((r) => r.refused).map((r) => r.uuid));
    let linesChecked = 0;
    let linesWrong = 0;
    let serverDrift = 0;
    for (const b of readBack) {
      const client = differingLines(b.lines, expectedLines(b.start, b.sent, refused));
      linesChecked += client.checked;
      linesWrong += client.wrong;
      if (!b.uuid) continue;
      // Server side: the stored lines = the starting lines + the recorded, applied transactions.
      const tx = recorded.rows
        .filter((r) => r.cart === b.uuid)
        .map((r) => ({ uuid: r.uuid, product_id: Number(r.variant_id), qty: Number(r.qty), options: {} }));
      const lines = new Map<number, number>();
      for (const r of storedLines.rows.filter((l) => l.cart === b.uuid))
        lines.set(Number(r.variant_id), (lines.get(Number(r.variant_id)) ?? 0) + Number(r.qty));
      serverDrift += differingLines(lines, expectedLines(b.start, tx, refused)).wrong;
    }
    await database.close();
    const row = stored.rows[0];
    return {
      single,
      closed,
      open,
      openSummary,
      confirm,
      acknowledged: acknowledged.size,
      stored: Number(row?.n ?? 0),
      storedNames: Number(row?.names ?? 0),
      linesChecked,
      linesWrong,
      serverDrift,
      refusals: Object.fromEntries(refusals),
      rssMb,
    };
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    prepared.cleanup();
  }
}

const results: Record<string, Awaited<ReturnType<typeof run>>> = {};
for (const kind of DBS) {
  results[kind] = await run(kind);
  console.log(`[${kind}] confirm: ${JSON.stringify(results[kind].confirm)}`);
}
agent.destroy();

console.log(
  `\nCart benchmark: up to ${CUSTOMERS} concurrent customers (the data set's customers that may order), ${SECONDS} s closed loop + ${SECONDS} s at ${RATE} syncs/s offered, ${CHECKOUTS} checkouts (ms).` +
    `\nProcesses: api (child), load generator (this process, keep-alive http), database server — ${cores} cores; ` +
    (pinning
      ? `pinned with taskset: load generator on core ${pinning.loadgen}, api on ${pinning.api}, PostgreSQL unpinned.`
      : 'no pinning.'),
  `\nLoad average at the end: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} (the machine may be shared).`,
);
console.log(
  ['database', 'phase', 'p50', 'p95', 'p99', 'per s', 'count', 'errors', 'cpu ms api/db/loadgen'].join('\t'),
);
for (const [kind, r] of Object.entries(results)) {
  for (const [phase, s] of [
    ['sync, 1 customer', r.single],
    [`sync closed loop`, r.closed],
    [`sync at ${RATE}/s (priced cart)`, r.open],
    [`sync at ${RATE}/s (summary)`, r.openSummary],
    ['confirm', r.confirm],
  ] as const)
    console.log(
      [
        kind,
        phase,
        s.p50,
        s.p95,
        s.p99,
        s.perSecond,
        s.count,
        s.errors,
        s.cpu ? `${s.cpu.api}/${kind === 'pglite' ? 'in api' : s.cpu.db}/${s.cpu.loadgen}` : '',
      ].join('\t'),
    );
}
for (const [kind, r] of Object.entries(results)) {
  const once =
    r.acknowledged === r.stored && r.stored === r.storedNames && r.linesWrong === 0 && r.serverDrift === 0;
  console.log(
    `${kind}: acknowledged orders ${r.acknowledged} = stored orders ${r.stored} (distinct numbers ${r.storedNames}); ` +
      `cart lines checked ${r.linesChecked}, wrong ${r.linesWrong}; lines ≠ recorded transactions ${r.serverDrift}; ` +
      `exactly once: ${once ? 'yes' : 'NO'}; refused checkouts by answer ${JSON.stringify(r.refusals)}; ` +
      `api peak RSS ${r.rssMb ?? '?'} MB`,
  );
}
const pg = results.postgres;
if (pg) {
  for (const [label, st] of [
    ['priced cart answer (page loads, cart and checkout pages)', pg.open],
    ["summary answer (?answer=summary: the web shop's background syncs)", pg.openSummary],
  ] as const) {
    const met = st.errors === 0 && st.p95 <= SYNC_TARGET_P95_MS && st.perSecond >= SYNC_TARGET_PER_S;
    console.log(
      `target postgres sync p95 ≤ ${SYNC_TARGET_P95_MS} ms at ≥ ${SYNC_TARGET_PER_S} syncs/s, ${label}, ${RATE}/s offered: ` +
        `${met ? 'MET' : 'MISSED'} (p50 ${st.p50} / p95 ${st.p95} / p99 ${st.p99} ms at ${st.perSecond}/s, ${st.errors} errors` +
        (st.cpu ? `; CPU per sync api ${st.cpu.api} ms + database ${st.cpu.db} ms` : '') +
        ')',
    );
    if (st.cpu) {
      const cpu = Math.round((st.cpu.api + st.cpu.db) * 100) / 100;
      console.log(
        `target postgres CPU per sync (api + database) ≤ ${SYNC_TARGET_CPU_MS} ms, ${label}: ` +
          `${cpu <= SYNC_TARGET_CPU_MS ? 'MET' : 'MISSED'} (${st.cpu.api} + ${st.cpu.db} = ${cpu} ms)`,
      );
    }
  }
  console.log(
    `target postgres checkout of ${CHECKOUTS} orders measured: ${pg.confirm.count >= CHECKOUTS && pg.confirm.errors === 0 ? 'MET' : 'MISSED'} ` +
      `(p50 ${pg.confirm.p50} / p95 ${pg.confirm.p95} / p99 ${pg.confirm.p99} ms, ${pg.confirm.perSecond} orders/s, ${pg.confirm.errors} errors)`,
  );
}

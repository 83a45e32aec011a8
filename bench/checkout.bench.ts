/**
 * Checkout and sign-in benchmark (docs/decisions/checkout-and-sign-in-speed.md): on the benchmark
 * data set (bench/dataset.ts: 2,000 customers, ≈ 115,000 orders) on PostgreSQL, with a real api
 * process and, for the paths that go through the web, the built web served by `next start`:
 *
 * a. confirm: POST carts/confirm (straight to the api) of a prepared cart of `BENCH_LINES` lines
 *    (default 6), for `BENCH_CUSTOMERS` different customers (default 40), one after the other;
 * b. confirm click → thank-you page, as the browser does it on /{lang}/cart-confirm (ConfirmForm:
 *    payment methods are offered, so the on-account order goes through POST payment/transactions):
 *    POST /api/payment/transactions through the web's /api proxy, then GET
 *    /{lang}/cart-validated?status=success&reference=<order> rendered by `next start`;
 * c. sign-in → dashboard: POST /api/auth/login through the web proxy, then GET /{lang}/account
 *    rendered by `next start`, for the `BENCH_HEAVY` customers (default 20) with the most order
 *    lines, `BENCH_REPEAT` times each (default 3).
 *
 * Customers of a and b are spread evenly over the ranking by order lines (the heaviest first), so
 * both heavy and ordinary histories count. Carts are filled with POST carts/sync (not timed).
 * Prints p50/p95/p99 (ms) of each step and of each whole path, errors, and the load average next
 * to each phase (the machine is shared); no timed assertions, the verdict lines say met / missed
 * against the targets (placing an order and sign-in → dashboard under 1 s p95).
 *
 * Processes: the api (child, `BENCH_CPU_PROF=<dir>` writes its V8 CPU profile there on exit), the
 * web (`next start` of a private copy of the build in bench/.data/checkout-web, made under the
 * shared e2e lock so other engineers' builds never change it mid-run), PostgreSQL 15.
 *
 * Data: PostgreSQL database `BENCH_DATABASE` (default vetshop_checkout; built on the first run,
 * ≈ 7 min, then reused; the benchmark adds its orders to it). Mails go to a temporary folder.
 * Run: `npm run bench:checkout`. Env: BENCH_SERVER_URL (see bench/dataset.ts), BENCH_DATABASE,
 * BENCH_CUSTOMERS, BENCH_LINES, BENCH_HEAVY, BENCH_REPEAT, BENCH_WEB=0 (phase a only),
 * BENCH_API_ROOT (run the api of another checkout), BENCH_CPU_PROF, BENCH_LOCALE (default fr),
 * BENCH_WEB_REUSE=1 (serve the web copy of the previous run without rebuilding), BENCH_BROWSER
 * (customers of phase d, 0 = none), BENCH_TRACE=1 (print phase d's first browser requests),
 * BENCH_WEB_DIR (serve another web copy, e.g. the one of a before run).
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { prepareDataset, type Dataset } from './dataset.ts';
import { latencyFigures, orderableVariantIds, ROOT, startApi, type LatencyFigures } from './lib.ts';
import { startWeb, stop } from './web.ts';
import { chromium, type Browser } from 'playwright-core';

const DATABASE = process.env.BENCH_DATABASE ?? 'vetshop_checkout';
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 40);
const LINES = Number(process.env.BENCH_LINES ?? 6);
const HEAVY = Number(process.env.BENCH_HEAVY ?? 20);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const WEB = process.env.BENCH_WEB !== '0';
const API_ROOT = process.env.BENCH_API_ROOT ?? ROOT;
const CPU_PROF = process.env.BENCH_CPU_PROF;
const LOCALE = process.env.BENCH_LOCALE ?? 'fr';
/** BENCH_TRACE=1: print the browser's requests of the first customer of phase d. */
const TRACE = process.env.BENCH_TRACE === '1';
/** Customers of the browser phase (0: none; default 10 when Chromium is installed). */
const BROWSER = Number(
  process.env.BENCH_BROWSER ?? (existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium') ? 10 : 0),
);
/** Targets (ms, p95): placing an order, sign-in → dashboard. */
const TARGET_MS = 1000;
/** The on-account provider's id (apps/api/src/modules/payment/providers.ts). */
const ON_ACCOUNT_PROVIDER_ID = 1;

/** A customer of the benchmark: a user that may order, its price list and the order lines of its customer. */
interface BenchCustomer {
  login: string;
  customerId: number;
  priceList: string;
  lines: number;
}

/** "load 1.23 1.10 0.98 (2 cores)": the load average when a phase starts. */
function load(): string {
  return `load ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`;
}

/** `n` items of `sorted` evenly spread from the first (the heaviest) to the last. */
function spread<T>(sorted: T[], n: number): T[] {
  if (sorted.length <= n) return sorted;
  return Array.from({ length: n }, (_, i) => sorted[Math.floor((i * sorted.length) / n)]!);
}

/**
 * Customers that may order (one user each, the first by id), ranked by their customer's order
 * lines (descending), and for each price list products every customer may buy from one unit.
 */
async function pickCustomers(
  ds: Dataset,
): Promise<{ ranked: BenchCustomer[]; productsByList: Map<string, number[]> }> {
  const database = await openDatabase({ databaseUrl: ds.env.DATABASE_URL, poolSize: 1 });
  try {
    const rows = (
      await database.db.execute<{
        login: string;
        customer_id: number;
        price_list: string;
        lines: number;
      }>(sql`
        WITH per_customer AS (
          SELECT s.customer_id, count(*)::int AS lines FROM sale_lines l JOIN sales s ON s.id = l.sale_id
          GROUP BY s.customer_id)
        SELECT DISTINCT ON (u.customer_id) u.login, u.customer_id, u.price_list, coalesce(p.lines, 0) AS lines
        FROM users u LEFT JOIN per_customer p ON p.customer_id = u.customer_id
        WHERE u.can_order AND u.active IS NOT FALSE AND u.customer_id IS NOT NULL
          AND u.login LIKE ${'%@dataset.vetshop.be'}
        ORDER BY u.customer_id, u.id`)
    ).rows;
    const ranked = rows
      .map((r) => ({
        login: r.login,
        customerId: Number(r.customer_id),
        priceList: r.price_list,
        lines: Number(r.lines),
      }))
      .sort((a, b) => b.lines - a.lines || a.customerId - b.customerId);
    const productsByList = new Map<string, number[]>();
    for (const priceList of new Set(ranked.map((u) => u.priceList))) {
      productsByList.set(priceList, await orderableVariantIds(database.db, priceList, 500));
    }
    return { ranked, productsByList };
  } finally {
    await database.close();
  }
}

/** A distinct client address per sign-in (the api rate-limits sign-in per address). */
let clientNo = 0;
const nextClientAddress = (): string => {
  clientNo++;
  return `10.${20 + Math.floor(clientNo / 62500)}.${Math.floor(clientNo / 250) % 250}.${clientNo % 250}`;
};

/** POST auth/login at `base` (the api, or the web's /api proxy); the session cookie pair and the ms. */
async function signIn(
  base: string,
  login: string,
  password: string,
): Promise<{ cookie: string; ms: number }> {
  const t0 = performance.now();
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': nextClientAddress(),
      origin: new URL(base).origin,
      'sec-fetch-site': 'same-origin',
    },
    body: JSON.stringify({ login, password }),
  });
  await res.arrayBuffer();
  const ms = performance.now() - t0;
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('vetshop_session='));
  if (res.status !== 200 || !cookie) throw new Error(`sign-in of ${login}: ${res.status}`);
  return { cookie: cookie.split(';')[0]!, ms };
}

/** Fills the customer's open cart with `LINES` products (POST carts/sync); returns the cart uuid. */
async function fillCart(
  apiBase: string,
  cookie: string,
  products: number[],
  offset: number,
): Promise<string> {
  if (products.length < LINES) throw new Error('not enough products for a cart');
  const transactions = Array.from({ length: LINES }, (_, i) => ({
    uuid: randomUUID(),
    product_id: products[(offset * 7 + i * 13) % products.length]!,
    qty: 1 + ((offset + i) % 4),
    options: {},
  }));
  const res = await fetch(`${apiBase}/carts/sync`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ uuid: null, transactions }),
  });
  const body = (await res.json()) as { uuid?: string };
  if (res.status !== 200 || !body.uuid) throw new Error(`carts/sync: ${res.status} ${JSON.stringify(body)}`);
  return body.uuid;
}

/** Figures of one measured step, with the load average when it started. */
interface Row {
  name: string;
  figures: LatencyFigures;
  load: string;
}

function summary(name: string, times: number[], errors: number, started: number, loadAtStart: string): Row {
  return {
    name,
    figures: latencyFigures(times, errors, (performance.now() - started) / 1000),
    load: loadAtStart,
  };
}

function print(row: Row): void {
  const f = row.figures;
  console.log(
    `${row.name.padEnd(46)} n=${String(f.count).padStart(3)} err=${f.errors}  ` +
      `p50=${f.p50} p95=${f.p95} p99=${f.p99} ms  (${row.load})`,
  );
}

/** Phase a: POST carts/confirm straight to the api, one customer after the other. */
async function confirmPhase(
  apiBase: string,
  ds: Dataset,
  customers: BenchCustomer[],
  productsByList: Map<string, number[]>,
): Promise<Row[]> {
  const prepared: { cookie: string; uuid: string }[] = [];
  for (const [i, c] of customers.entries()) {
    const { cookie } = await signIn(apiBase, c.login, ds.password);
    prepared.push({
      cookie,
      uuid: await fillCart(apiBase, cookie, productsByList.get(c.priceList) ?? [], i),
    });
  }
  const times: number[] = [];
  let errors = 0;
  const loadAtStart = load();
  const started = performance.now();
  for (const p of prepared) {
    const t0 = performance.now();
    const res = await fetch(`${apiBase}/carts/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: p.cookie },
      body: JSON.stringify({ uuid: p.uuid }),
    });
    const body = (await res.json()) as { name?: string };
    times.push(performance.now() - t0);
    // 201: the order was created (200 would be an earlier confirm of the same cart).
    if (res.status !== 201 || !body.name) {
      errors++;
      if (errors <= 3) console.error(`  confirm: ${res.status} ${JSON.stringify(body)}`);
    }
  }
  return [summary(`a. POST carts/confirm (api, ${LINES} lines)`, times, errors, started, loadAtStart)];
}

/** Phase b: the confirm click → thank-you page through the web. */
async function clickToThanksPhase(
  apiBase: string,
  webBase: string,
  ds: Dataset,
  customers: BenchCustomer[],
  productsByList: Map<string, number[]>,
): Promise<Row[]> {
  const prepared: { cookie: string; uuid: string }[] = [];
  for (const [i, c] of customers.entries()) {
    const { cookie } = await signIn(apiBase, c.login, ds.password);
    prepared.push({
      cookie,
      uuid: await fillCart(apiBase, cookie, productsByList.get(c.priceList) ?? [], i + 1000),
    });
  }
  const post: number[] = [];
  const page: number[] = [];
  const total: number[] = [];
  let errors = 0;
  const loadAtStart = load();
  const started = performance.now();
  const thanks = `${webBase}/${LOCALE}/cart-validated`;
  for (const p of prepared) {
    const t0 = performance.now();
    const res = await fetch(`${webBase}/api/payment/transactions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: p.cookie,
        origin: webBase,
        'sec-fetch-site': 'same-origin',
      },
      body: JSON.stringify({
        payable: p.uuid,
        flow: 'redirect',
        provider_id: ON_ACCOUNT_PROVIDER_ID,
        frontend_redirect_url: thanks,
        provider_input: {},
      }),
    });
    const body = (await res.json()) as { redirect_url?: string; sale_name?: string };
    const t1 = performance.now();
    if (res.status !== 200 || !body.redirect_url || !body.sale_name) {
      errors++;
      if (errors <= 3) console.error(`  payment/transactions: ${res.status} ${JSON.stringify(body)}`);
      continue;
    }
    const html = await fetch(body.redirect_url, { headers: { cookie: p.cookie } });
    const text = await html.text();
    const t2 = performance.now();
    post.push(t1 - t0);
    page.push(t2 - t1);
    total.push(t2 - t0);
    // The page must show the order and link to its detail (found among the newest orders).
    if (
      html.status !== 200 ||
      !text.includes(body.sale_name) ||
      !text.includes('data-testid="cart-validated-order"')
    ) {
      errors++;
      if (errors <= 3) console.error(`  cart-validated: ${html.status} without the order ${body.sale_name}`);
    }
  }
  return [
    summary('b1. POST /api/payment/transactions (web proxy)', post, errors, started, loadAtStart),
    summary(`b2. GET /${LOCALE}/cart-validated (next start)`, page, errors, started, loadAtStart),
    summary('b.  confirm click → thank-you page', total, errors, started, loadAtStart),
  ];
}

/**
 * Phase c: sign-in → dashboard through the web, heaviest customers, as LoginForm does it: POST
 * /api/auth/login, then the page it assigns (afterLoginHref: /{lang}/account/oidc-redirect, which
 * redirects to /{lang}/account), then the dashboard. The first round (each customer's first
 * dashboard of the run) is also reported alone.
 */
async function signInPhase(webBase: string, ds: Dataset, heaviest: BenchCustomer[]): Promise<Row[]> {
  const login: number[] = [];
  const hop: number[] = [];
  const page: number[] = [];
  const total: number[] = [];
  const first: number[] = [];
  let errors = 0;
  const loadAtStart = load();
  const started = performance.now();
  for (let r = 0; r < REPEAT; r++)
    for (const c of heaviest) {
      const t0 = performance.now();
      let cookie: string;
      try {
        cookie = (await signIn(`${webBase}/api`, c.login, ds.password)).cookie;
      } catch (err) {
        errors++;
        if (errors <= 3) console.error(`  ${(err as Error).message}`);
        continue;
      }
      const t1 = performance.now();
      const redirect = await fetch(`${webBase}/${LOCALE}/account/oidc-redirect`, {
        headers: { cookie },
        redirect: 'manual',
      });
      await redirect.arrayBuffer();
      const target = redirect.headers.get('location') ?? `/${LOCALE}/account`;
      const t2 = performance.now();
      const res = await fetch(new URL(target, webBase), { headers: { cookie }, redirect: 'manual' });
      const text = await res.text();
      const t3 = performance.now();
      login.push(t1 - t0);
      hop.push(t2 - t1);
      page.push(t3 - t2);
      total.push(t3 - t0);
      if (r === 0) first.push(t3 - t0);
      if (redirect.status >= 400 || res.status !== 200 || !text.includes('data-testid="account-greeting"')) {
        errors++;
        if (errors <= 3) console.error(`  /account: ${redirect.status} → ${target} ${res.status}`);
      }
    }
  return [
    summary('c1. POST /api/auth/login (web proxy)', login, errors, started, loadAtStart),
    summary(`c2. GET /${LOCALE}/account/oidc-redirect (redirect)`, hop, errors, started, loadAtStart),
    summary(`c3. GET /${LOCALE}/account (next start)`, page, errors, started, loadAtStart),
    summary('c.  sign-in → dashboard', total, errors, started, loadAtStart),
    summary('c0. sign-in → dashboard, first of each customer', first, errors, started, loadAtStart),
  ];
}

/** Headless Chromium with the flags of e2e/browser.ts (closed network). */
function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

/** The consent cookie of a browser that refused the optional cookies (e2e/browser.ts REFUSED_CONSENT). */
const REFUSED_CONSENT = { name: 'vetshop_consent', value: 'consent|locale|oidc|oidc-sign-in|session' };

/**
 * Phase d: both paths in a real browser (headless Chromium of e2e/browser.ts), as the user sees
 * them: sign-in form submitted → dashboard greeting shown; confirm button clicked on
 * /{lang}/cart-confirm → order number shown on the thank-you page. Each customer gets a fresh
 * browser context that has loaded the login page once (code cached as for a returning visitor).
 */
async function browserPhase(
  apiBase: string,
  webBase: string,
  ds: Dataset,
  customers: BenchCustomer[],
  productsByList: Map<string, number[]>,
): Promise<Row[]> {
  const browser = await launch();
  const signInTimes: number[] = [];
  const clickTimes: number[] = [];
  let errors = 0;
  const loadAtStart = load();
  const started = performance.now();
  try {
    for (const [i, c] of customers.entries()) {
      const context = await browser.newContext({ baseURL: webBase, locale: 'fr-BE' });
      await context.addCookies([{ ...REFUSED_CONSENT, url: webBase }]);
      const page = await context.newPage();
      // BENCH_TRACE=1: the browser's requests of the first customer (ms from the click).
      let clickAt = 0;
      if (TRACE && i === 0)
        page.on('requestfinished', (req) => {
          const timing = req.timing();
          const at = (ms: number) => Math.round(timing.startTime + ms - clickAt);
          console.log(
            `  trace ${req.method()} ${req.url().replace(webBase, '')} start ${at(0)} ` +
              `first byte ${at(timing.responseStart)} end ${at(timing.responseEnd)} ms`,
          );
        });
      try {
        await page.goto(`/${LOCALE}/account/login`, { waitUntil: 'networkidle' });
        await page.locator('#login-login').fill(c.login);
        await page.locator('#login-password').fill(ds.password);
        const t0 = performance.now();
        clickAt = Date.now();
        if (TRACE && i === 0) console.log('  trace: sign-in submit');
        await page.getByTestId('login-submit').click();
        await page.getByTestId('account-greeting').waitFor();
        signInTimes.push(performance.now() - t0);
        const session = (await context.cookies()).find((k) => k.name === 'vetshop_session');
        if (!session) throw new Error('no session cookie in the browser');
        const cookie = `vetshop_session=${session.value}`;
        await fillCart(apiBase, cookie, productsByList.get(c.priceList) ?? [], i + 2000);
        await page.goto(`/${LOCALE}/cart-confirm`, { waitUntil: 'networkidle' });
        await page.getByTestId('confirm-form').waitFor();
        const t1 = performance.now();
        clickAt = Date.now();
        if (TRACE && i === 0) console.log('  trace: confirm click');
        await page.getByTestId('confirm-submit').click();
        await page.getByTestId('cart-validated-reference').waitFor();
        clickTimes.push(performance.now() - t1);
      } catch (err) {
        errors++;
        if (errors <= 3) console.error(`  browser (${c.login}): ${(err as Error).message.split('\n')[0]}`);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return [
    summary('d1. browser: sign-in submit → dashboard shown', signInTimes, errors, started, loadAtStart),
    summary('d2. browser: confirm click → thank-you shown', clickTimes, errors, started, loadAtStart),
  ];
}

/**
 * A private copy of the current web build (bench/.data/checkout-web): built when stale and copied
 * while holding the shared e2e lock (/tmp/e2e.lock), so a later build by someone else does not
 * change the files `next start` serves during the run. Node resolves packages from the repository's
 * node_modules (parent folders) and the web's own ones (a symlink).
 */
function webSnapshot(): string {
  // BENCH_WEB_DIR: serve that copy as it is (e.g. the web of the commit before a change).
  if (process.env.BENCH_WEB_DIR) return path.resolve(process.env.BENCH_WEB_DIR);
  const dir = path.join(ROOT, 'bench/.data/checkout-web');
  // BENCH_WEB_REUSE=1: serve the copy of an earlier run as it is (same web before and after).
  if (process.env.BENCH_WEB_REUSE === '1' && existsSync(path.join(dir, '.next/BUILD_ID'))) return dir;
  const script = [
    'import("./scripts/lib.mjs").then((m) => {',
    '  m.buildWeb(process.env);',
    '  const fs = require("node:fs");',
    `  fs.rmSync(${JSON.stringify(dir)}, { recursive: true, force: true });`,
    `  fs.cpSync("apps/web", ${JSON.stringify(dir)}, { recursive: true, filter: (s) => !/(^|[\\\\/])node_modules$|[\\\\/]\\.next[\\\\/]cache$/.test(s) });`,
    '})',
  ].join('\n');
  const r = spawnSync('flock', ['/tmp/e2e.lock', process.execPath, '-e', script], {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: '1',
      API_URL: 'http://127.0.0.1:1',
      SITE_URL: 'http://localhost:3000',
    },
  });
  if (r.status !== 0 || !existsSync(path.join(dir, '.next/BUILD_ID'))) throw new Error('web snapshot failed');
  symlinkSync(path.join(ROOT, 'apps/web/node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

async function main(): Promise<void> {
  const webDir = WEB ? webSnapshot() : null;
  const ds = await prepareDataset('postgres', { database: DATABASE });
  const { ranked, productsByList } = await pickCustomers(ds);
  const mailDir = mkdtempSync(path.join(tmpdir(), 'vetshop-checkout-bench-mail-'));
  const rev = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: API_ROOT, encoding: 'utf8' });
  console.log(
    `checkout benchmark on ${DATABASE}: ${ds.counts.customers} customers, ${ds.counts.sales} orders, ` +
      `${ds.counts.saleLines} order lines; api of ${API_ROOT} at ${rev.stdout.trim() || '?'}; ` +
      `${CUSTOMERS} customers × ${LINES} lines, ${HEAVY} heaviest × ${REPEAT} sign-ins`,
  );
  let api: ChildProcess | undefined;
  let web: ChildProcess | undefined;
  const rows: Row[] = [];
  try {
    const a = await startApi(
      { ...ds.env, MAIL_OUTBOX_DIR: mailDir },
      { root: API_ROOT, nodeArgs: CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [] },
    );
    api = a.child;
    // a and b use different customers (b gets the odd ranks), both spread over the ranking.
    const sample = spread(ranked, CUSTOMERS * 2);
    const forA = sample.filter((_, i) => i % 2 === 0);
    const forB = sample.filter((_, i) => i % 2 === 1);
    // Warm-up: one order, so the first measured one does not pay for the code's first load (its
    // time is printed as the cold figure).
    const warm = ranked[ranked.length - 1]!;
    const [cold] = await confirmPhase(a.base, ds, [warm], productsByList);
    console.log(`cold: first POST carts/confirm after the api started: ${cold!.figures.p50} ms`);
    for (const row of await confirmPhase(a.base, ds, forA, productsByList)) {
      print(row);
      rows.push(row);
    }
    if (webDir) {
      const w = await startWeb(a.base, { cwd: webDir, host: '127.0.0.1' });
      web = w.child;
      // Warm-up of both pages' server code (their first renders are printed as cold figures).
      const { cookie } = await signIn(a.base, warm.login, ds.password);
      for (const u of [`/${LOCALE}/account`, `/${LOCALE}/cart-validated?status=success&reference=SO0`]) {
        const t0 = performance.now();
        await fetch(w.base + u, { headers: { cookie } }).then((r) => r.arrayBuffer());
        console.log(
          `cold: first GET ${u.split('?')[0]} after the web started: ${Math.round(performance.now() - t0)} ms`,
        );
      }
      for (const row of await clickToThanksPhase(a.base, w.base, ds, forB, productsByList)) {
        print(row);
        rows.push(row);
      }
      for (const row of await signInPhase(w.base, ds, ranked.slice(0, HEAVY))) {
        print(row);
        rows.push(row);
      }
      if (BROWSER > 0)
        for (const row of await browserPhase(
          a.base,
          w.base,
          ds,
          ranked.slice(HEAVY, HEAVY + BROWSER),
          productsByList,
        )) {
          print(row);
          rows.push(row);
        }
    }
  } finally {
    await stop(web);
    await stop(api);
    rmSync(mailDir, { recursive: true, force: true });
  }
  for (const [name, label] of [
    ['a. POST', 'placing an order (api confirm)'],
    ['b.  confirm click', 'confirm click → thank-you page'],
    ['c.  sign-in', 'sign-in → dashboard'],
  ] as const) {
    const row = rows.find((r) => r.name.startsWith(name));
    if (row)
      console.log(
        `target ${label} p95 < ${TARGET_MS} ms: ${row.figures.p95} ms ${row.figures.p95 < TARGET_MS ? 'met' : 'missed'}`,
      );
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

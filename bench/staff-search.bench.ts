/**
 * The staff's product searches on the benchmark data set (bench/dataset.ts, 72k variants;
 * docs/decisions/staff-orders-on-behalf.md, "Finding a product"):
 *
 * - `order`: the order entry for a customer (GET /staff/customers/{id}/products,
 *   apps/api/src/modules/staff-customers/order.ts `searchOrderProducts`);
 * - `stock`: the stock list (GET /staff/stock?q=, apps/api/src/modules/stock/admin.ts `listStock`);
 * - `images`: the pictures page (GET /staff/images/products?q=, apps/api/src/modules/images/service.ts
 *   `findProductsForImages`).
 *
 * Queries: words a staff member types (brands, substances in French and English, part of a word,
 * two letters, pack words) and, for 12 variants picked in a fixed order, their SKU, the start of
 * it, their CNK plain and as `1234-567`, their GTIN and the start of their Dutch product name. Each
 * query is asked `BENCH_RUNS` times (default 3), in process, one at a time; prints p50 / p95 / max
 * in ms per search.
 *
 * A/B mode, `BENCH_AB_API_ROOT=<checkout>` (e.g. an export of the commit before a change, with
 * node_modules linked): each query is asked of both checkouts' functions in turn, which goes
 * first alternating, on the same database; prints both sides and how many answers were identical.
 *
 * Run: `npm run bench:staff-search`. Env: BENCH_DBS (postgres, or pglite), BENCH_RUNS,
 * BENCH_SCENARIOS (order,stock,images), BENCH_AB_API_ROOT.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../apps/api/src/db/client.ts';
import { prepareDataset } from './dataset.ts';
import { percentile, r1 } from './lib.ts';

const ENGINE = (process.env.BENCH_DBS ?? 'postgres').split(',')[0] === 'pglite' ? 'pglite' : 'postgres';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SCENARIOS = (process.env.BENCH_SCENARIOS ?? 'order,stock,images').split(',');
const AB_API_ROOT = process.env.BENCH_AB_API_ROOT || undefined;
const WORDS = [
  'ivermectine',
  'Ivermectin',
  'méloxi',
  'meloxicam',
  'Méloxicam sodique',
  'amox',
  'dexa',
  'metacam',
  'Colicilline',
  'vaccin',
  'royal',
  'seringue',
  'flacon',
  '50 ml',
  'am',
  'zz',
];

/** One search of one checkout: the answer to `q`. */
type Search = (q: string) => Promise<unknown>;

/** The scenario's search in the checkout at `root` (this one when omitted). */
async function searchOf(
  scenario: string,
  db: Db,
  customerId: number,
  root = path.resolve(import.meta.dirname, '..'),
): Promise<Search> {
  const load = (file: string) => import(pathToFileURL(path.resolve(root, file)).href);
  if (scenario === 'order') {
    const { searchOrderProducts } = await load('apps/api/src/modules/staff-customers/order.ts');
    return (q) => searchOrderProducts(db, customerId, q, 'fr');
  }
  if (scenario === 'stock') {
    const { listStock } = await load('apps/api/src/modules/stock/admin.ts');
    return (q) => listStock(db, { q, locale: 'fr' });
  }
  if (scenario === 'images') {
    const { findProductsForImages } = await load('apps/api/src/modules/images/service.ts');
    return (q) => findProductsForImages(db, q, 'fr');
  }
  throw new Error(`unknown scenario ${scenario} (order, stock, images)`);
}

async function main(): Promise<void> {
  const ds = await prepareDataset(ENGINE);
  const database = await openDatabase(
    ds.env.DATABASE_URL ? { databaseUrl: ds.env.DATABASE_URL } : { dataDir: ds.env.DATA_DIR },
  );
  const db = database.db;
  const customerId = ds.users.find((u) => u.fn === 'veterinary')?.customerId ?? ds.users[0]!.customerId;
  const picked = await db.execute<{
    sku: string;
    cnk: string | null;
    barcode: string | null;
    name: string;
  }>(sql`
    SELECT v.sku, v.cnk_code AS cnk, v.barcode, t.name
    FROM product_variants v JOIN product_translations t ON t.product_id = v.product_id AND t.locale = 'nl'
    ORDER BY md5(v.id::text) LIMIT 12`);
  const queries = [...WORDS];
  for (const r of picked.rows) {
    queries.push(r.sku, r.sku.slice(0, 5), r.name.slice(0, 8));
    if (r.cnk) queries.push(r.cnk, `${r.cnk.slice(0, 4)}-${r.cnk.slice(4)}`);
    if (r.barcode) queries.push(r.barcode);
  }
  for (const scenario of SCENARIOS) {
    const sides: { label: string; search: Search; ms: number[]; answers: string[] }[] = [
      { label: 'this checkout', search: await searchOf(scenario, db, customerId), ms: [], answers: [] },
    ];
    if (AB_API_ROOT)
      sides.push({
        label: AB_API_ROOT,
        search: await searchOf(scenario, db, customerId, AB_API_ROOT),
        ms: [],
        answers: [],
      });
    // One unmeasured round: plans, caches.
    for (const q of queries) for (const s of sides) await s.search(q);
    let turn = 0;
    for (let run = 0; run < RUNS; run++)
      for (const q of queries) {
        const order = turn++ % 2 === 0 ? sides : [...sides].reverse();
        for (const s of order) {
          const t0 = performance.now();
          const answer = await s.search(q);
          s.ms.push(performance.now() - t0);
          if (run === 0) s.answers.push(JSON.stringify(answer));
        }
      }
    console.log(`[${ENGINE}] staff ${scenario} search: ${queries.length} queries × ${RUNS} runs`);
    for (const s of sides) {
      const sorted = [...s.ms].sort((a, b) => a - b);
      console.log(
        `  ${s.label.padEnd(24)} p50 ${r1(percentile(sorted, 50))} ms  p95 ${r1(percentile(sorted, 95))} ms  max ${r1(sorted.at(-1) ?? NaN)} ms`,
      );
    }
    if (sides.length === 2) {
      const [a, b] = sides as [(typeof sides)[0], (typeof sides)[0]];
      const differ = queries.filter((_, i) => a.answers[i] !== b.answers[i]);
      console.log(
        `  identical answers: ${queries.length - differ.length} of ${queries.length}${differ.length ? ` (differ: ${differ.map((q) => JSON.stringify(q)).join(', ')})` : ''}`,
      );
    }
  }
  await database.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

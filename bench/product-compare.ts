/**
 * Same product answers before and after a change of `getProduct` (the product page's answer,
 * GET /catalog/products/by-url-key; docs/decisions/web-page-performance.md "Signed-in pages"):
 * reads a few hundred products, in the three locales, for several viewers — a guest, every price
 * list, veterinary groups (so restricted products and group discounts), the user's own price terms
 * (a family discount, the gross price list) — with the reference implementation
 * (apps/api/src/modules/catalog/service.ts of another commit, exported with `git archive`) and the
 * current one, on the same database, and prints every difference (exit code 1 when there is one).
 *
 * Both run in this process, alternately (reference then current for each product), so it also
 * prints the p50 / p95 of each (ms, single client).
 *
 * Run: `npx tsx bench/product-compare.ts [--ref <commit>] [--limit N]` (default reference 5bbad29,
 * the commit before the one-statement answer; 300 products). Env: DATABASE_URL (default the
 * benchmark data set `postgres://postgres@127.0.0.1:5432/vetshop_dataset`, bench/dataset.ts), or
 * DATA_DIR for a PGlite folder.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { LOCALES, type Locale, type ProductDetail } from '@vetshop/domain';
import type { Db } from '../apps/api/src/db/client.ts';
import { getProduct } from '../apps/api/src/modules/catalog/service.ts';
import type { Viewer } from '../apps/api/src/modules/catalog/index.ts';
import { cliArg, exportCommit, openComparisonDatabase, percentile, r1, spread } from './lib.ts';

type ProductModule = {
  getProduct(db: Db, id: number, lang: Locale, viewer?: Viewer): Promise<ProductDetail | null>;
};

const REF = cliArg('--ref') ?? '5bbad29';
const LIMIT = Number(cliArg('--limit') ?? 300);

const refDir = exportCommit(REF);
const database = await openComparisonDatabase();
let differences = 0;
try {
  const reference = (await import(
    pathToFileURL(path.join(refDir, 'apps/api/src/modules/catalog/service.ts')).href
  )) as ProductModule;
  const db = database.db;
  // Products with several packs, tiers, promotions or groups come first, then any: the answers
  // whose parts the statement assembles.
  const ids = (
    await db.execute<{ id: number }>(sql`
      SELECT p.id FROM products p
      ORDER BY (cardinality(p.vet_group_ids) > 0) DESC,
               (SELECT count(*) FROM product_variants v WHERE v.product_id = p.id) > 1 DESC,
               EXISTS (SELECT 1 FROM supplier_terms s JOIN product_variants v ON v.id = s.variant_id
                       WHERE v.product_id = p.id) DESC,
               p.id`)
  ).rows.map((r) => Number(r.id));
  const picked = [...new Set([...ids.slice(0, Math.floor(LIMIT / 2)), ...spread(ids, LIMIT)])].slice(
    0,
    LIMIT,
  );
  const priceLists = (
    await db.execute<{ code: string }>(sql`SELECT code FROM price_lists ORDER BY id`)
  ).rows.map((r) => r.code);
  const groups = (await db.execute<{ id: number }>(sql`SELECT id FROM vet_groups ORDER BY id`)).rows.map(
    (g) => Number(g.id),
  );
  const viewers: Array<{ name: string; viewer: Viewer }> = [
    { name: 'guest', viewer: { priceList: 'default', vetGroupIds: [] } },
    ...priceLists.map((code) => ({ name: code, viewer: { priceList: code, vetGroupIds: [] } })),
    {
      name: 'veterinary, groups, family discount',
      viewer: {
        priceList: 'veterinary',
        vetGroupIds: groups,
        terms: { familyDiscountsBp: { meds: 500 }, grossPriceList: false },
      },
    },
    {
      name: 'pharmacist, gross price list',
      viewer: {
        priceList: 'pharmacist',
        vetGroupIds: [],
        terms: { familyDiscountsBp: {}, grossPriceList: true },
      },
    },
  ];
  const times = { reference: [] as number[], current: [] as number[] };
  let compared = 0;
  let found = 0;
  for (const id of picked)
    for (const lang of LOCALES)
      for (const { name, viewer } of viewers) {
        let t = performance.now();
        const before = JSON.stringify(await reference.getProduct(db, id, lang, viewer));
        times.reference.push(performance.now() - t);
        t = performance.now();
        const after = JSON.stringify(await getProduct(db, id, lang, viewer));
        times.current.push(performance.now() - t);
        compared += 1;
        if (after !== 'null') found += 1;
        if (before !== after) {
          differences += 1;
          if (differences <= 5)
            console.log(`DIFFERENT product ${id} ${lang} ${name}\n  before ${before}\n  after  ${after}`);
        }
      }
  const figures = (list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return `p50 ${r1(percentile(sorted, 50))} / p95 ${r1(percentile(sorted, 95))} ms`;
  };
  console.log(
    `${picked.length} products × ${LOCALES.length} locales × ${viewers.length} viewers: ${compared} answers ` +
      `(${found} visible), ${differences} different; reference ${REF} ${figures(times.reference)}, ` +
      `current ${figures(times.current)}`,
  );
} finally {
  await database.close();
  rmSync(refDir, { recursive: true, force: true });
}
process.exit(differences === 0 ? 0 : 1);

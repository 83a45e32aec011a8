/**
 * The hits of the product search (docs/product/catalogue-and-search.md#product variants,
 * docs/product/catalogue-and-search.md#search-index): one hit per model with up to 100 variants
 * priced for the viewer's list (read as JSON in the hits statement), the wire variant summary,
 * the shown price, stock state and discount flag of a hit. Product pages use `variantSummaryOf`
 * and `priceValueOf` too.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  bpToPercent,
  centsToEur,
  VARIANTS_PER_HIT_MAX,
  type Family,
  type Locale,
  type PriceValue,
  type ProductHit,
  type StockState,
  type VariantSummary,
} from '@vetshop/domain';
import type { DbOrTx } from '../../db/client.ts';
import { namedOnce } from '../../db/statements.ts';
import { presentationOf } from '../catalog-import/index.ts';
import { mainImageJson, toCatalogImage, type MainImageRow } from '../images/index.ts';
import { priceListIdOfCode, type Viewer } from './viewer.ts';
import { VersionedRows } from './version-rows.ts';
import { variantNameIn } from './variant-name.ts';

/** A hit row ({@link hitRowsOf}): the model's fields in the locale, its priced variants and its main picture. */
export type HitRow = {
  id: number;
  url_key: string;
  name: string;
  family: Family;
  brand_name: string | null;
  manufacturer: string | null;
  active_principles: string[];
  species: string[];
  presentation: string | null;
  short_description: string | null;
  /** The model's variants priced for the viewer, main first then by sequence (JSON from the statement). */
  variants: VariantRow[] | null;
  /** The model's main picture (images module `mainImageJson`), null without one. */
  image: MainImageRow | null;
};

type VariantRow = {
  id: number;
  product_id: number;
  sku: string;
  name: string;
  barcode: string | null;
  cnk_code: string | null;
  stock_state: StockState;
  is_main: boolean;
  gross_cents: number | null;
  net_cents: number | null;
  has_discount: boolean | null;
};

/** Price value of a variant (EUR excl. VAT), null when the list has no price for it. */
export function priceValueOf(grossCents: number | null, netCents: number | null): PriceValue | null {
  if (grossCents === null || netCents === null) return null;
  const discountBp = grossCents > 0 ? Math.round(((grossCents - netCents) * 10_000) / grossCents) : 0;
  return {
    value: centsToEur(netCents),
    tax_included: false,
    original_value: centsToEur(grossCents),
    discount: bpToPercent(discountBp),
  };
}

const STOCK_ORDER: readonly StockState[] = [
  'in_stock',
  'in_limited_stock',
  'resupplying',
  'supplier_out_of_stock',
  'out_of_stock',
];

/**
 * SQL: the variants of model `p` priced for the price list `priceListId` (an int scalar), named in
 * `lang` (catalog `variantNameIn`), as a JSON array in page order (main first, then sequence, id),
 * read with the page's hits in the same statement (no round trip per hit).
 */
function variantsJson(priceListId: SQL, lang: SQL): SQL {
  return sql`(SELECT json_agg(json_build_object('id', v.id, 'product_id', v.product_id, 'sku', v.sku, 'name', ${variantNameIn(sql`v`, lang)},
                'barcode', v.barcode, 'cnk_code', v.cnk_code, 'stock_state', v.stock_state, 'is_main', v.is_main,
                'gross_cents', vp.gross_cents, 'net_cents', vp.net_cents, 'has_discount', vp.has_discount)
              ORDER BY v.is_main DESC, v.sequence, v.id)
            FROM product_variants v
            LEFT JOIN variant_prices vp ON vp.variant_id = v.id AND vp.price_list_id = ${priceListId}
            WHERE v.product_id = p.id)`;
}

const bound = (name: string): SQL => sql`${sql.placeholder(name)}`;

/**
 * Hit rows kept per database at most: a row with its priced variants is about 1–2 kB in memory, so
 * about 10–20 MB.
 */
export const HIT_ROWS_KEPT = 10_000;

/**
 * The statement of {@link hitRowsOf}, its text built once per process (db/statements.ts
 * `namedOnce`). Values: ids (the page's model ids in page order), lang, priceList (the viewer's
 * price list code). Every condition is a key lookup, so its generic plan is the custom one.
 */
const hitRowsStatement = namedOnce<{ hits: HitRow[] }>(
  () => sql`
    SELECT coalesce(json_agg(h ORDER BY page.ord), '[]'::json) AS hits
    FROM unnest(${bound('ids')}::int[]) WITH ORDINALITY AS page(id, ord)
    CROSS JOIN LATERAL (
      SELECT p.id, pt.url_key, pt.name, p.family, b.name AS brand_name, p.manufacturer, p.active_principles,
             p.species, p.presentation, pt.short_description,
             ${variantsJson(priceListIdOfCode(bound('priceList')), bound('lang'))} AS variants,
             ${mainImageJson(sql`p.id`)} AS image
      FROM products p
      JOIN product_translations pt ON pt.product_id = p.id AND pt.locale = ${bound('lang')}
      LEFT JOIN brands b ON b.id = p.brand_id
      WHERE p.id = page.id) h`,
);

/** Hit rows kept per catalogue version (version-rows.ts), under the locale and price list. */
const keptHitRows = new VersionedRows<HitRow>(HIT_ROWS_KEPT);

/**
 * The hit rows of the models `ids` (one page of hits, in that order): each model's fields in
 * `lang`, its variants priced for `viewer`'s price list (cents excl. VAT) and its main picture; a
 * model without a translation in `lang` is left out, as the search's matching set only holds
 * models with a search row in `lang`.
 * - Rows read at catalogue version `version` are kept for `db` (the database the search runs on)
 *   and answer the next searches of that version (version-rows.ts; docs/decisions/search-performance.md,
 *   "Hit rows kept per catalogue version"); null (unknown version): all read.
 * - The others are read by one statement on `lookups`, the database through its generic-plan
 *   connections (db/client.ts `Database.genericPlans`, or the database itself): planned once per
 *   connection instead of with every search (docs/decisions/search-performance.md, "Hit details on
 *   a generic plan"), answered as one JSON value, parsed at once (row by row, the driver parsed
 *   each column and text array apart).
 */
export async function hitRowsOf(
  db: object,
  lookups: DbOrTx,
  version: string | null,
  ids: readonly number[],
  lang: Locale,
  viewer: Viewer,
): Promise<HitRow[]> {
  if (ids.length === 0) return [];
  return keptHitRows.rowsOf(db, version, `${lang}|${viewer.priceList}`, ids, async (missing) => {
    const result = await hitRowsStatement(lookups, { ids: missing, lang, priceList: viewer.priceList });
    return result.rows[0]?.hits ?? [];
  });
}

/** Forgets the hit rows kept for `db` (result-cache.ts `clearResultCache`). */
export function forgetHitRows(db: object): void {
  keptHitRows.clear(db);
}

/** Columns of a variant row priced for the viewer's list (cents), as search and product pages read them. */
export type PricedVariantRow = Pick<
  VariantRow,
  'id' | 'sku' | 'name' | 'barcode' | 'cnk_code' | 'stock_state' | 'is_main' | 'gross_cents' | 'net_cents'
>;

/** Wire summary of a variant (docs/product/catalogue-and-search.md#product variants): codes, stock state, price EUR excl. VAT. */
export function variantSummaryOf(v: PricedVariantRow): VariantSummary {
  return {
    id: v.id,
    sku: v.sku,
    name: v.name,
    barcode: v.barcode,
    cnk_code: v.cnk_code,
    stock_state: v.stock_state,
    main: v.is_main,
    price: priceValueOf(v.gross_cents, v.net_cents),
  };
}

/** The wire hits of hit rows (with their priced variants): shown price, stock state, discount flag. */
export function hitsOf(rows: readonly HitRow[], lang: Locale): ProductHit[] {
  return rows.map((r) => {
    const vs = r.variants ?? [];
    const summaries: VariantSummary[] = vs.slice(0, VARIANTS_PER_HIT_MAX).map(variantSummaryOf);
    const priced = vs.filter((v) => v.net_cents !== null);
    const main = priced.find((v) => v.is_main);
    const cheapest = [...priced].sort((a, b) => (a.net_cents ?? 0) - (b.net_cents ?? 0))[0];
    const shown = main ?? cheapest;
    const stock =
      STOCK_ORDER.find((s) => vs.some((v) => v.stock_state === s)) ?? ('out_of_stock' satisfies StockState);
    const { presentation, form } = presentationOf(r.presentation, lang);
    // Keys in the order of productHitSchema: the answer is sent as built (http/answers.ts).
    return {
      id: r.id,
      url_key: r.url_key,
      name: r.name,
      family: r.family,
      brand: r.brand_name,
      manufacturer: r.manufacturer,
      active_principles: r.active_principles,
      species: r.species,
      presentation,
      form,
      short_description: r.short_description,
      variant_count: vs.length,
      variants: summaries,
      price: shown ? priceValueOf(shown.gross_cents, shown.net_cents) : null,
      stock_state: stock,
      has_discount: vs.some((v) => v.has_discount === true),
      image: r.image ? toCatalogImage(r.image, lang, r.name) : null,
    };
  });
}

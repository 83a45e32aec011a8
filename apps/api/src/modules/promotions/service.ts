/**
 * Promotions seen by a viewer (docs/decisions/supplier-promotions.md; docs/product/catalogue-and-search.md#screens /{lang}/promotions, /{lang}/vetgroup; docs/product/catalogue-and-search.md#promotions-and-selection
 * Product supplier terms and specials, Pricing): active specials, supplier promotions
 * (main:promotional quantity) and supplier discounts, with their end dates.
 *
 * Who sees what (docs/decisions/promotions-visibility.md):
 * - product visibility is the catalogue's (`visibleTo`: not sold on the website → hidden; products
 *   restricted to veterinary groups → only for members), prices are the viewer's list
 *   (`priceListIdOf`), both from modules/catalog/viewer.ts;
 * - supplier terms follow the catalogue's stored-price rule (catalog-import/prices.ts): supplier_discount and
 *   supplier_promotion apply to every list, their `_veterinary` kinds to the veterinary list only;
 * - supplier promotions (free goods) are listed only for users whose supplier-promotion flag
 *   (docs/product/accounts.md#user) is set; guests never see them.
 *
 * The promo-end alert job (modules/promo-alerts) uses `promotionRows` too, so an alert is only
 * ever mailed about a promotion its subscriber can see. Dates are business days (Europe/Brussels),
 * windows inclusive, NULL = open-ended (docs/product/prices.md#price-validity).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  bpToPercent,
  businessDate,
  isValidOn,
  SALES_DEFAULT_PAGE_SIZE,
  volumeDiscounts,
  type Locale,
  type PromoProduct,
  type PromotionItem,
  type PromotionKind,
  type PromotionList,
  type PromotionTerms,
  type StockState,
  type Family,
  type VetGroupEfficiency,
  type VetGroupQuery,
} from '@vetshop/domain';
import type { Db, Queryable } from '../../db/client.ts';
import {
  monthWindow,
  priceValueOf,
  priceListIdOf,
  localizedNameIn,
  variantNameIn,
  visibleTo,
  type Viewer,
  type DiscountRow,
} from '../catalog/index.ts';
import { picturesOfVariants } from '../images/index.ts';

/** A viewer of promotions: the catalogue viewer plus the user's supplier-promotion flag. */
export interface PromoViewer extends Viewer {
  /** docs/product/accounts.md#user "supplier promotion flag": the user is offered supplier promotions (free goods). */
  supplierPromotions: boolean;
}

/**
 * Stored supplier-term kinds that apply to `viewer` (same rule as catalog-import/prices.ts): discounts and
 * promotions for every list, `_veterinary` kinds for the veterinary list; promotions only with the
 * supplier-promotion flag.
 */
export function supplierKindsFor(viewer: PromoViewer): string[] {
  const vet = viewer.priceList === 'veterinary';
  const kinds = ['supplier_discount', ...(vet ? ['supplier_discount_veterinary'] : [])];
  if (viewer.supplierPromotions)
    kinds.push('supplier_promotion', ...(vet ? ['supplier_promotion_veterinary'] : []));
  return kinds;
}

/**
 * SQL of the promotions active on `on` (ISO date) that may concern `viewer` (product visibility
 * is applied by the caller's join): columns key, kind, term_kind, variant_id, discount_bp,
 * main_quantity, promo_quantity, date_start, date_end (text), sequence.
 */
export function promotionRows(viewer: PromoViewer, on: string): SQL {
  const valid = (alias: string) =>
    sql`(${sql.raw(alias)}.date_start IS NULL OR ${sql.raw(alias)}.date_start <= ${on}::date) AND (${sql.raw(alias)}.date_end IS NULL OR ${sql.raw(alias)}.date_end >= ${on}::date)`;
  return sql`(
    SELECT 'special:' || s.id AS key, 'special' AS kind, NULL::text AS term_kind, s.variant_id,
           NULL::int AS discount_bp, NULL::int AS main_quantity, NULL::int AS promo_quantity,
           s.date_start::text AS date_start, s.date_end::text AS date_end, s.sequence
    FROM specials s WHERE ${valid('s')}
    UNION ALL
    SELECT 'term:' || t.id, CASE WHEN t.kind LIKE 'supplier_promotion%' THEN 'supplier_promotion' ELSE 'supplier_discount' END,
           t.kind, t.variant_id, t.discount_bp, t.main_quantity, t.promo_quantity,
           t.date_start::text, t.date_end::text, 0
    FROM supplier_terms t
    WHERE t.kind = ANY(${sql.param(supplierKindsFor(viewer))}::text[]) AND ${valid('t')}
      AND ((t.kind LIKE 'supplier_discount%' AND t.discount_bp IS NOT NULL)
        OR (t.kind LIKE 'supplier_promotion%' AND t.main_quantity IS NOT NULL AND t.promo_quantity IS NOT NULL))
  )`;
}

/** A promotion row joined with its product (what the list queries return). */
export type PromotionRow = {
  key: string;
  kind: PromotionKind;
  term_kind: string | null;
  variant_id: number;
  discount_bp: number | null;
  main_quantity: number | null;
  promo_quantity: number | null;
  date_start: string | null;
  date_end: string | null;
  sequence: number;
};

/** A sold product row priced for a viewer. */
export type ProductRow = {
  product_id: number;
  model_id: number;
  url_key: string;
  name: string;
  variant_name: string;
  sku: string;
  family: Family;
  stock_state: StockState;
  gross_cents: number | null;
  net_cents: number | null;
};

/**
 * SQL select list of ProductRow over `v` (variant), `p` (product), `pt` (translation), `vn` (the
 * variant's name in the language) and `vp` (price): the joins of {@link productJoins}.
 */
export const PRODUCT_COLUMNS = sql`v.id AS product_id, p.id AS model_id, pt.url_key, pt.name, vn.name AS variant_name,
  v.sku, p.family, v.stock_state, vp.gross_cents, vp.net_cents`;

/**
 * SQL joins from `v` (product_variants, already in FROM) to `p`, `pt` (name in `lang`, else another
 * locale), `vn` (the variant's name in `lang`) and `vp` (stored prices of the viewer's list),
 * keeping only products visible to `viewer`.
 */
export function productJoins(viewer: Viewer, lang: Locale): SQL {
  return sql`JOIN products p ON p.id = v.product_id AND ${visibleTo(viewer)}
    JOIN LATERAL (SELECT t.name, t.url_key FROM product_translations t WHERE t.product_id = p.id
                  ORDER BY (t.locale = ${lang}) DESC, t.locale LIMIT 1) pt ON TRUE
    CROSS JOIN LATERAL (SELECT ${variantNameIn(sql`v`, lang)} AS name) vn
    LEFT JOIN variant_prices vp ON vp.variant_id = v.id AND vp.price_list_id = ${priceListIdOf(viewer)}`;
}

/**
 * SQL scalar: the name of product `productId` that {@link productJoins}' `pt` picks (its
 * translation in `lang`, else its first by locale), as one primary-key probe when the translation
 * exists rather than a sort of the product's translations: for ordering many rows by name.
 */
function productNameIn(productId: SQL, lang: Locale): SQL {
  return sql`coalesce(
    (SELECT t.name FROM product_translations t WHERE t.product_id = ${productId} AND t.locale = ${lang}),
    (SELECT t.name FROM product_translations t WHERE t.product_id = ${productId} ORDER BY t.locale LIMIT 1))`;
}

/** Wire shape of a product row. */
export function promoProductOf(r: ProductRow): PromoProduct {
  return {
    product_id: Number(r.product_id),
    model_id: Number(r.model_id),
    url_key: r.url_key,
    name: r.name,
    variant_name: r.variant_name,
    sku: r.sku,
    family: r.family,
    stock_state: r.stock_state,
    price: priceValueOf(
      r.gross_cents === null ? null : Number(r.gross_cents),
      r.net_cents === null ? null : Number(r.net_cents),
    ),
  };
}

/** Wire shape of the terms of a promotion row. */
export function promotionTermsOf(r: PromotionRow): PromotionTerms {
  return {
    kind: r.kind,
    term_kind: r.term_kind,
    discount: r.discount_bp === null ? null : bpToPercent(Number(r.discount_bp)),
    main_quantity: r.main_quantity === null ? null : Number(r.main_quantity),
    promo_quantity: r.promo_quantity === null ? null : Number(r.promo_quantity),
    date_start: r.date_start,
    date_end: r.date_end,
  };
}

/** Options of listPromotions. */
export interface ListPromotionsOptions {
  lang: Locale;
  page: number;
  perPage: number;
  /** Only promotions ending between today and the end of the month (docs/product/catalogue-and-search.md#search-filters filter). */
  endingThisMonth?: boolean;
  kind?: PromotionKind;
  /** Business day (default today, Europe/Brussels). */
  on?: string;
}

/**
 * GET /promotions: the promotions active today that `viewer` may see, one line per product and
 * promotion, soonest end first (open-ended last), then kind and name. `total` counts every line.
 */
export async function listPromotions(
  db: Db,
  viewer: PromoViewer,
  options: ListPromotionsOptions,
): Promise<PromotionList> {
  const { today, monthEnd } = monthWindow(options.on ?? businessDate());
  const filters: SQL[] = [];
  if (options.endingThisMonth)
    filters.push(
      sql`pr.date_end IS NOT NULL AND pr.date_end::date BETWEEN ${today}::date AND ${monthEnd}::date`,
    );
  if (options.kind) filters.push(sql`pr.kind = ${options.kind}`);
  const where = filters.length ? sql`WHERE ${sql.join(filters, sql` AND `)}` : sql``;
  // The page is chosen among every line with only what its order needs (the variant's product,
  // its visibility, its name), each an index probe per promotion (LATERAL … OFFSET 0: the planner
  // misjudges how many products are visible and otherwise hashed every visible variant first); the
  // page's lines alone are then joined for their columns and prices
  // (docs/decisions/promotions-visibility.md, "The list's page chosen before its columns").
  const r = await db.execute<PromotionRow & ProductRow & { total: number }>(sql`
    SELECT pr.*, ${PRODUCT_COLUMNS}
    FROM (
      SELECT pr.*, count(*) OVER () AS total
      FROM ${promotionRows(viewer, today)} pr
      CROSS JOIN LATERAL (SELECT v.product_id FROM product_variants v WHERE v.id = pr.variant_id OFFSET 0) pv
      CROSS JOIN LATERAL (SELECT p.id FROM products p WHERE p.id = pv.product_id AND ${visibleTo(viewer)} OFFSET 0) pp
      CROSS JOIN LATERAL (SELECT ${productNameIn(sql`pp.id`, options.lang)} AS name) pn
      ${where}
      ORDER BY pr.date_end NULLS LAST, pr.kind, pn.name COLLATE "C", pr.variant_id, pr.key
      LIMIT ${options.perPage} OFFSET ${(options.page - 1) * options.perPage}) pr
    JOIN product_variants v ON v.id = pr.variant_id
    ${productJoins(viewer, options.lang)}
    ORDER BY pr.date_end NULLS LAST, pr.kind, pt.name COLLATE "C", v.id, pr.key`);
  const pictures = await picturesOfVariants(
    db,
    r.rows.map((row) => Number(row.product_id)),
    options.lang,
  );
  const items: PromotionItem[] = r.rows.map((row) => ({
    ...promoProductOf(row),
    ...promotionTermsOf(row),
    key: row.key,
    picture: pictures.get(Number(row.product_id)) ?? null,
  }));
  return {
    total: Number(r.rows[0]?.total ?? (options.page > 1 ? await countPromotions(db, viewer, options) : 0)),
    page: options.page,
    per_page: options.perPage,
    items,
  };
}

/** Count of listPromotions' lines (used when the asked page is past the end). */
async function countPromotions(db: Db, viewer: PromoViewer, options: ListPromotionsOptions) {
  const all = await listPromotions(db, viewer, { ...options, page: 1, perPage: 1 });
  return all.total;
}

/**
 * Active promotions of `variantIds` for `viewer` (visibility applied), by variant id.
 */
export async function promotionsOfVariants(
  db: Queryable,
  viewer: PromoViewer,
  variantIds: readonly number[],
  on: string = businessDate(),
): Promise<Map<number, PromotionTerms[]>> {
  const map = new Map<number, PromotionTerms[]>();
  if (variantIds.length === 0) return map;
  const r = await db.execute<PromotionRow>(sql`
    SELECT pr.* FROM ${promotionRows(viewer, on)} pr
    WHERE pr.variant_id = ANY(${sql.param([...variantIds])}::int[])
    ORDER BY pr.date_end NULLS LAST, pr.kind, pr.key`);
  for (const row of r.rows) {
    const id = Number(row.variant_id);
    map.set(id, [...(map.get(id) ?? []), promotionTermsOf(row)]);
  }
  return map;
}

/**
 * GET veterinary_groups/mine ("vet efficiency", docs/product/catalogue-and-search.md#screens /{lang}/vetgroup): the viewer's veterinary
 * groups (sorted by sequence) with one page of the products restricted to each (main variant, name
 * order; `paging.page` and `page_size` for group `paging.group`, or for every group without it,
 * the first page of the default size for the others: docs/decisions/vet-group-pages.md), each with
 * its price, today's volume discounts of the viewer's list and its active promotions, and the
 * group's count of such products. A page past the last holds no product but keeps the count. A
 * viewer without groups gets an empty list.
 */
export async function vetGroupEfficiency(
  db: Queryable,
  viewer: PromoViewer,
  lang: Locale,
  paging: Pick<VetGroupQuery, 'group' | 'page' | 'page_size'>,
  on: string = businessDate(),
): Promise<VetGroupEfficiency[]> {
  if (viewer.vetGroupIds.length === 0) return [];
  const groupName = localizedNameIn(sql`g`, lang);
  const groups = await db.execute<{
    id: number;
    code: string;
    name: string;
    color: string;
    sequence: number;
  }>(sql`
    SELECT id, code, ${groupName} AS name, color, sequence FROM vet_groups g
    WHERE id = ANY(${sql.param([...viewer.vetGroupIds])}::int[]) ORDER BY sequence, ${groupName} COLLATE "C", id`);
  if (groups.rows.length === 0) return [];
  // The page of each group: `paging`'s for group `paging.group` (every group without it), the
  // first page of the default size for the others.
  const pageOf = (groupId: number) =>
    paging.group === undefined || paging.group === groupId
      ? { page: paging.page, size: paging.page_size }
      : { page: 1, size: SALES_DEFAULT_PAGE_SIZE };
  const pages = groups.rows.map((g) => ({ id: Number(g.id), ...pageOf(Number(g.id)) }));
  // `members`: the products of each group the page's joins keep (visible to the viewer, with a
  // variant and a name), numbered in name order by their name alone (one key probe each, the
  // group's products found through the vet_group_ids index); the count reads them apart from the
  // page, so that a page past the last still tells how many there are. Only the page's rows are
  // then joined for their main variant, columns and price. A group whose page is empty comes as one
  // row with null product columns (LEFT JOIN).
  const rows = await db.execute<ProductRow & { group_id: number; product_count: number }>(sql`
    WITH members AS (
      SELECT m.group_id, m.model_id,
             row_number() OVER (PARTITION BY m.group_id ORDER BY m.name COLLATE "C", m.model_id) AS rn,
             count(*) OVER (PARTITION BY m.group_id) AS product_count
      FROM (
        SELECT g.id AS group_id, p.id AS model_id, ${productNameIn(sql`p.id`, lang)} AS name
        FROM vet_groups g
        JOIN products p ON p.vet_group_ids @> ARRAY[g.id] AND ${visibleTo(viewer)}
        WHERE g.id = ANY(${sql.param(pages.map((g) => g.id))}::int[])
          AND EXISTS (SELECT 1 FROM product_variants v0 WHERE v0.product_id = p.id)
      ) m
      WHERE m.name IS NOT NULL
    )
    SELECT g.group_id, coalesce(c.product_count, 0) AS product_count, x.*
    FROM unnest(${sql.param(pages.map((g) => g.id))}::int[],
                ${sql.param(pages.map((g) => (g.page - 1) * g.size))}::int[],
                ${sql.param(pages.map((g) => g.size))}::int[]) AS g(group_id, skipped, size)
    LEFT JOIN (SELECT DISTINCT group_id, product_count FROM members) c ON c.group_id = g.group_id
    LEFT JOIN LATERAL (
      SELECT ${PRODUCT_COLUMNS}, pg.rn
      FROM members pg
      JOIN LATERAL (SELECT v0.id FROM product_variants v0 WHERE v0.product_id = pg.model_id
                    ORDER BY v0.is_main DESC, v0.sequence, v0.id LIMIT 1) mv ON TRUE
      JOIN product_variants v ON v.id = mv.id
      ${productJoins(viewer, lang)}
      WHERE pg.group_id = g.group_id AND pg.rn > g.skipped AND pg.rn <= g.skipped + g.size
    ) x ON TRUE
    ORDER BY g.group_id, x.rn`);
  const productRows = rows.rows.filter((row) => row.product_id !== null);
  const variantIds = productRows.map((row) => Number(row.product_id));
  const [promos, discounts] = await Promise.all([
    promotionsOfVariants(db, viewer, variantIds, on),
    variantIds.length === 0
      ? Promise.resolve({
          rows: [] as DiscountRow[],
        })
      : db.execute<DiscountRow>(sql`
          SELECT d.variant_id AS "variantId", d.discount_bp AS "discountBp", d.min_quantity AS "minQuantity",
                 d.exclusive, d.date_start::text AS "dateStart", d.date_end::text AS "dateEnd"
          FROM discounts d
          WHERE d.variant_id = ANY(${sql.param(variantIds)}::int[]) AND d.price_list_id = ${priceListIdOf(viewer)}
          ORDER BY d.variant_id, d.min_quantity, d.id`),
  ]);
  return groups.rows.map((g) => {
    const count = rows.rows.find((row) => Number(row.group_id) === Number(g.id))?.product_count;
    const { page, size } = pageOf(Number(g.id));
    return {
      id: Number(g.id),
      code: g.code,
      name: g.name,
      color: g.color,
      sequence: Number(g.sequence),
      product_count: Number(count ?? 0),
      page,
      page_size: size,
      products: productRows
        .filter((row) => Number(row.group_id) === Number(g.id))
        .map((row) => {
          const id = Number(row.product_id);
          const own = discounts.rows.filter((d) => Number(d.variantId) === id && isValidOn(d, on));
          return {
            ...promoProductOf(row),
            volume_discounts: volumeDiscounts(own, on).map((d) => ({
              discount: bpToPercent(Number(d.discountBp)),
              min_quantity: Number(d.minQuantity),
              exclusive: d.exclusive,
              date_start: d.dateStart,
              date_end: d.dateEnd,
            })),
            promotions: promos.get(id) ?? [],
          };
        }),
    };
  });
}

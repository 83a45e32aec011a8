/**
 * The signed-in viewer's own price terms on the catalogue's shared answers
 * (docs/decisions/price-terms.md): search hits, listing cards, the promotions list, the selection
 * and the vet-group page are computed (and search answers cached, result-cache.ts) per price list
 * and groups; this module adjusts their prices per request with the domain rule `applyPriceTerms`,
 * as the product page (catalog/service.ts `getProduct`) and the cart (carts/free-lines.ts) do, so
 * that every page shows the price the cart charges. Money: the wire's EUR excl. VAT, converted to
 * integer cents for the rule.
 */
import { sql } from 'drizzle-orm';
import { applyPriceTerms, type PriceValue } from '@vetshop/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { executeNamed } from '../../db/statements.ts';
import { searchRestrictionsOf } from '../restrictions/index.ts';
import { priceValueOf } from './search.ts';
import type { Viewer } from './viewer.ts';

/** What the adjustment reads of a priced item: its model (product) id, family and prices. */
export interface TermsPricedItem {
  family: string;
  price: PriceValue | null;
}

/**
 * True when the viewer's terms can change a price: a family discount above 0, the gross price
 * list, or veterinary groups (whose discount applies to their products). Guests: false.
 */
export function termsChangePrices(viewer: Viewer): boolean {
  const terms = viewer.terms;
  if (!terms) return false;
  return (
    terms.grossPriceList ||
    viewer.vetGroupIds.length > 0 ||
    Object.values(terms.familyDiscountsBp).some((bp) => Number(bp) > 0)
  );
}

/**
 * Largest discount (bp, `vet_groups.discount_bp`) of the viewer's veterinary groups each of the
 * products (model ids) `productIds` is restricted to; products without such a group are absent.
 */
export async function groupDiscountsOf(
  db: DbOrTx,
  viewer: Viewer,
  productIds: readonly number[],
): Promise<Map<number, number>> {
  if (viewer.vetGroupIds.length === 0 || productIds.length === 0) return new Map();
  // Named: read on every listing page of a customer in a group; parsing and planning it cost more
  // than running it (docs/decisions/search-performance.md, "Per-customer lookups of a listing as named statements").
  const r = await executeNamed<{ id: number; bp: number }>(
    db,
    sql`
    SELECT p.id, max(g.discount_bp) AS bp FROM products p JOIN vet_groups g ON g.id = ANY(p.vet_group_ids)
    WHERE p.id = ANY(${sql.param([...new Set(productIds)])}::int[])
      AND g.id = ANY(${sql.param([...viewer.vetGroupIds])}::int[])
    GROUP BY p.id`,
  );
  return new Map(r.rows.map((row) => [Number(row.id), Number(row.bp ?? 0)]));
}

/**
 * `price` (gross and net EUR excl. VAT of the price list) under the viewer's terms for a product
 * of `family` whose group discount is `groupDiscountBp`: the same net price as the product page
 * and the cart's unit price. Unchanged (the same object) when the terms change nothing.
 */
export function priceUnderTerms(
  price: PriceValue | null,
  family: string,
  groupDiscountBp: number,
  viewer: Viewer,
): PriceValue | null {
  if (!price || !viewer.terms) return price;
  const grossCents = Math.round(price.original_value * 100);
  const netCents = Math.round(price.value * 100);
  const applied = applyPriceTerms(
    { grossCents, netCents, discountBp: 0 },
    { family, groupDiscountBp },
    viewer.terms,
  );
  if (applied.netCents === netCents && applied.grossCents === grossCents) return price;
  return priceValueOf(applied.grossCents, applied.netCents);
}

/**
 * `items` with their prices (and `variants[].price` when present) under the viewer's terms;
 * `productIdOf` gives an item's model id (for its group discount). With the gross price list
 * `has_discount` becomes false. Returns `items` itself when the terms change nothing (guests).
 */
export async function withViewerTerms<T extends TermsPricedItem>(
  db: DbOrTx,
  viewer: Viewer,
  items: T[],
  productIdOf: (item: T) => number,
): Promise<T[]> {
  if (!termsChangePrices(viewer) || items.length === 0) return items;
  const groups = await groupDiscountsOf(db, viewer, items.map(productIdOf));
  const gross = viewer.terms?.grossPriceList ?? false;
  return items.map((item) => {
    const groupBp = groups.get(productIdOf(item)) ?? 0;
    const adjusted: T = { ...item, price: priceUnderTerms(item.price, item.family, groupBp, viewer) };
    const withVariants = adjusted as T & {
      variants?: { price: PriceValue | null }[];
      has_discount?: boolean;
    };
    if (Array.isArray(withVariants.variants))
      withVariants.variants = withVariants.variants.map((v) => ({
        ...v,
        price: priceUnderTerms(v.price, item.family, groupBp, viewer),
      }));
    if (gross && typeof withVariants.has_discount === 'boolean') withVariants.has_discount = false;
    return adjusted;
  });
}

/**
 * The JSON text of a search answer (result-cache.ts, shared by every viewer of the price list)
 * for this viewer, parsed once: hits priced under the viewer's own terms, and for a signed-in
 * customer (`customerId`) the `restrictions` {product id: reason} of the hits it may not order
 * (docs/decisions/regulated-products.md). `json` itself when neither changes anything (guests).
 */
export async function searchJsonForViewer(
  db: Db,
  viewer: Viewer,
  customerId: number | null,
  json: string,
): Promise<string> {
  const reprice = termsChangePrices(viewer);
  if (!reprice && customerId === null) return json;
  const result = JSON.parse(json) as { hits?: (TermsPricedItem & { id: number })[] };
  const hits = result.hits ?? [];
  if (hits.length === 0) return json;
  const [priced, restrictions] = await Promise.all([
    reprice ? withViewerTerms(db, viewer, hits, (h) => h.id) : hits,
    customerId === null
      ? null
      : searchRestrictionsOf(
          db,
          customerId,
          hits.map((h) => h.id),
        ),
  ]);
  if (priced === hits && restrictions === null) return json;
  return JSON.stringify({ ...result, hits: priced, ...(restrictions ? { restrictions } : {}) });
}

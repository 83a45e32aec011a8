/**
 * Supplier promotions ("10 + 2"): free units given with a paid quantity
 * (docs/decisions/supplier-promotions.md). Pure rule, no I/O; used by the cart
 * (apps/api/src/modules/carts/free-lines.ts) and tested in free-goods.test.ts.
 *
 * Rule: for a promotion "main + promo" valid on the business day, a paid quantity `qty` gives
 * floor(qty / main) × promo free units (24 with 10 + 2 → 4). When several promotions of a product
 * are valid, the one giving the most free units applies (ties: the first listed).
 */
import { isValidOn } from '../pricing.ts';

/** A supplier promotion term: `main` paid units give `promo` free units; dates inclusive, null = open. */
export interface FreeGoodsTerm {
  mainQuantity: number;
  promoQuantity: number;
  dateStart: string | null;
  dateEnd: string | null;
}

/** Free units of one term for a paid quantity (0 when the term or the quantity is not positive). */
export function freeUnitsOf(
  qty: number,
  term: Pick<FreeGoodsTerm, 'mainQuantity' | 'promoQuantity'>,
): number {
  if (!(qty > 0) || !(term.mainQuantity > 0) || !(term.promoQuantity > 0)) return 0;
  return Math.floor(qty / term.mainQuantity) * term.promoQuantity;
}

/**
 * The best valid promotion for `qty` paid units on the business day `on` (YYYY-MM-DD): the term and
 * its free units, or null when no valid term gives a free unit.
 */
export function bestFreeGoods<T extends FreeGoodsTerm>(
  qty: number,
  terms: readonly T[],
  on: string,
): { term: T; units: number } | null {
  let best: { term: T; units: number } | null = null;
  for (const term of terms) {
    if (!isValidOn(term, on)) continue;
    const units = freeUnitsOf(qty, term);
    if (units > 0 && (best === null || units > best.units)) best = { term, units };
  }
  return best;
}

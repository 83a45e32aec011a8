/**
 * Pricing rules (docs/product/constants.md#pricing, docs/product/prices.md#price-validity, docs/product/prices.md#pricing).
 *
 * Units: money in integer cents of EUR excl. VAT; percentages in basis points (1250 = 12.50 %);
 * dates as ISO `yyyy-mm-dd` strings, compared as strings (windows inclusive of both ends,
 * open-ended when a bound is missing).
 *
 * Rules, as decided in docs/decisions/pricing-net-price.md:
 * - gross price = the valid tier with the highest min quantity that is ≤ 1 (the unit price);
 * - volume discounts = valid discounts whose min quantity is > 0 (shown as "from N units");
 * - net price = gross − best valid quantity-0 discount − supplier discount, each a percentage
 *   applied in turn on the running amount, rounded half-up to the cent after each step;
 *   when the best quantity-0 discount is exclusive, the supplier discount step is skipped.
 */

/** A gross price tier: price for quantities from `minQuantity` on. */
export interface PriceTier {
  priceCents: number;
  minQuantity: number;
  dateStart?: string | null;
  dateEnd?: string | null;
}

/** A discount of a price list (percentage in basis points). */
export interface Discount {
  discountBp: number;
  minQuantity: number;
  exclusive: boolean;
  dateStart?: string | null;
  dateEnd?: string | null;
}

/** A supplier discount (the requirements' discount_sale), in basis points. */
export interface SupplierDiscount {
  discountBp: number;
  dateStart?: string | null;
  dateEnd?: string | null;
}

export interface NetPrice {
  /** Gross unit price in cents, null when no valid tier. */
  grossCents: number | null;
  /** Net unit price in cents, null when no valid tier. */
  netCents: number | null;
  /** The quantity-0 discount applied, if any. */
  appliedDiscount: Discount | null;
  /** The supplier discount applied, if any (null when skipped by an exclusive discount). */
  appliedSupplierDiscount: SupplierDiscount | null;
  /** The applied discounts' combined rate, in basis points (`combinedDiscountBp`; 0 when none). */
  totalDiscountBp: number;
}

interface Dated {
  dateStart?: string | null;
  dateEnd?: string | null;
}

/** The formatter of {@link businessDate}, built once (building one costs ~0.3 ms, formatting µs). */
let brusselsDay: Intl.DateTimeFormat | undefined;

/** Today's date as `yyyy-mm-dd` in Europe/Brussels (the shop's business day). */
export function businessDate(now: Date = new Date()): string {
  brusselsDay ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Brussels',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return brusselsDay.format(now);
}

/** docs/product/prices.md: an entry applies when `on` is inside [dateStart, dateEnd]; a missing bound is open. */
export function isValidOn(entry: Dated, on: string): boolean {
  if (entry.dateStart && entry.dateStart > on) return false;
  if (entry.dateEnd && entry.dateEnd < on) return false;
  return true;
}

/** Round half-up to an integer (cents). Works on non-negative and negative values symmetrically. */
export function roundHalfUp(value: number): number {
  const sign = value < 0 ? -1 : 1;
  // The epsilon absorbs binary noise such as 1.005 * 100 = 100.49999999999999.
  return sign * Math.floor(Math.abs(value) + 0.5 + 1e-9);
}

/**
 * The rate of discounts taken one after the other (docs/product/constants.md#pricing: the best
 * quantity-0 discount, then the supplier discount, then a user's terms), in basis points, rounded
 * half-up: 10 % then 10 % is 19 %, 3 % alone is 3 %. The rates as the price list states them, not
 * the rate the rounded cents give back (3 % off € 7,57 leaves € 7,34, which is 3,04 % off): a cart
 * line showed "3,04 %" under a product page's "3 % from 5 units" (docs/decisions/pricing-net-price.md).
 */
export function combinedDiscountBp(...discountsBp: number[]): number {
  let kept = 1;
  for (const bp of discountsBp) kept *= (10_000 - bp) / 10_000;
  return roundHalfUp(10_000 * (1 - kept));
}

/** Apply a percentage (basis points) to an amount in cents, rounded half-up to the cent. */
export function applyPercent(amountCents: number, discountBp: number): number {
  return roundHalfUp((amountCents * (10_000 - discountBp)) / 10_000);
}

/**
 * The tier that prices `qty` units on `on`: the valid tier with the highest minimum quantity that
 * is ≤ max(qty, 1) (docs/product/constants.md#pricing; of two with the same minimum, the first).
 * Null when none is valid.
 */
export function tierFor<T extends PriceTier>(tiers: readonly T[], qty: number, on: string): T | null {
  const reach = Math.max(1, qty);
  let best: T | null = null;
  for (const t of tiers) {
    if (t.minQuantity > reach || !isValidOn(t, on)) continue;
    if (!best || t.minQuantity > best.minQuantity) best = t;
  }
  return best;
}

/** docs/product/constants.md#pricing: the gross price is the valid tier with minimum quantity 1 or less (highest such minimum). */
export function grossTier<T extends PriceTier>(tiers: readonly T[], on: string): T | null {
  return tierFor(tiers, 1, on);
}

/**
 * The quantity breaks of a price list's tiers on `on`, as a product page lists them ("from 1
 * unit", "from 10 units"): for each minimum quantity of a valid tier (0 counts as 1), the tier
 * that prices that quantity (`tierFor`), in ascending quantity; a break at the price of the one
 * before is left out. Two tiers that both price one unit (a standing price and a dated one that
 * replaces it) are then one break, the one that applies — not two lines "from 1 unit" at two
 * prices. One break or none: one price for every quantity.
 */
export function tierBreaks<T extends PriceTier>(
  tiers: readonly T[],
  on: string,
): Array<{ minQuantity: number; tier: T }> {
  const quantities = [
    ...new Set(tiers.filter((t) => isValidOn(t, on)).map((t) => Math.max(1, t.minQuantity))),
  ];
  const breaks: Array<{ minQuantity: number; tier: T }> = [];
  for (const minQuantity of quantities.sort((a, b) => a - b)) {
    const tier = tierFor(tiers, minQuantity, on);
    if (tier && tier.priceCents !== breaks.at(-1)?.tier.priceCents) breaks.push({ minQuantity, tier });
  }
  return breaks;
}

/** docs/product/constants.md#pricing: volume discounts are the valid discounts with a minimum quantity above 0, by quantity. */
export function volumeDiscounts<T extends Discount>(discounts: readonly T[], on: string): T[] {
  return discounts
    .filter((d) => d.minQuantity > 0 && isValidOn(d, on))
    .sort((a, b) => a.minQuantity - b.minQuantity);
}

/** The best (largest) valid quantity-0 discount; on a tie the exclusive one wins. */
export function bestBaseDiscount<T extends Discount>(discounts: readonly T[], on: string): T | null {
  let best: T | null = null;
  for (const d of discounts) {
    if (d.minQuantity !== 0 || !isValidOn(d, on)) continue;
    if (!best || d.discountBp > best.discountBp || (d.discountBp === best.discountBp && d.exclusive))
      best = d;
  }
  return best;
}

/** The largest valid supplier discount. */
export function bestSupplierDiscount<T extends SupplierDiscount>(list: readonly T[], on: string): T | null {
  let best: T | null = null;
  for (const s of list) if (isValidOn(s, on) && (!best || s.discountBp > best.discountBp)) best = s;
  return best;
}

/**
 * Net unit price (docs/product/constants.md#pricing): gross − best quantity-0 discount − supplier discount, the supplier step
 * skipped when that discount is exclusive. Returns nulls when no tier is valid on `on`.
 */
export function netPrice(
  input: {
    tiers: readonly PriceTier[];
    discounts: readonly Discount[];
    supplierDiscounts?: readonly SupplierDiscount[];
  },
  on: string,
): NetPrice {
  const tier = grossTier(input.tiers, on);
  if (!tier) {
    return {
      grossCents: null,
      netCents: null,
      appliedDiscount: null,
      appliedSupplierDiscount: null,
      totalDiscountBp: 0,
    };
  }
  const gross = tier.priceCents;
  const discount = bestBaseDiscount(input.discounts, on);
  let net = discount ? applyPercent(gross, discount.discountBp) : gross;
  const supplier = discount?.exclusive ? null : bestSupplierDiscount(input.supplierDiscounts ?? [], on);
  if (supplier) net = applyPercent(net, supplier.discountBp);
  return {
    grossCents: gross,
    netCents: net,
    appliedDiscount: discount,
    appliedSupplierDiscount: supplier,
    totalDiscountBp: gross > 0 ? combinedDiscountBp(discount?.discountBp ?? 0, supplier?.discountBp ?? 0) : 0,
  };
}

/** Cents → EUR number with two decimals (for the wire). */
export function centsToEur(cents: number): number {
  return Math.round(cents) / 100;
}

/** EUR (number or decimal string) → integer cents, rounded half-up. */
export function eurToCents(eur: number | string): number {
  const n = typeof eur === 'string' ? Number(eur.replace(',', '.')) : eur;
  if (!Number.isFinite(n)) throw new RangeError(`Not an amount: ${String(eur)}`);
  return roundHalfUp(n * 100);
}

/** Basis points → percent number with two decimals (for the wire). */
export function bpToPercent(bp: number): number {
  return Math.round(bp) / 100;
}

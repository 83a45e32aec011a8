/**
 * Coupons: whether a code applies to a cart and the reward it gives (docs/decisions/coupons.md).
 * Pure rule, no I/O; used by apps/api/src/modules/coupons/service.ts and tested in
 * coupons.test.ts. Money in integer cents EUR excl. VAT, rates in basis points, dates YYYY-MM-DD
 * (business days, inclusive, null = open).
 *
 * - The eligible lines are the cart's paid product lines of the coupon's families and brands
 *   (an empty list restricts nothing); none → `coupon_not_applicable`.
 * - The minimum order is compared with the amount of all product lines excl. VAT, before reward.
 * - Reward excl. VAT: the percentage of the eligible amount (rounded half-up), or the fixed amount
 *   capped at the eligible amount. It is split over the VAT rates of the eligible lines in
 *   proportion to their amounts (largest remainder on the last rate), so VAT is charged on what
 *   the customer pays; the reward incl. VAT adds each share's VAT.
 */
import { roundHalfUp } from '../pricing.ts';
import { vatForBase } from '../totals.ts';

/** A coupon as the rule needs it. */
export interface CouponTerms {
  /** Percentage in basis points (1500 = 15 %), or null for a fixed amount. */
  percentBp: number | null;
  /** Fixed amount in cents excl. VAT, or null for a percentage. */
  amountCents: number | null;
  minOrderCents: number;
  validFrom: string | null;
  validTo: string | null;
  /** Uses allowed per customer / in total; null = unlimited. */
  usesPerCustomer: number | null;
  usesTotal: number | null;
  families: readonly string[];
  brandIds: readonly number[];
  active: boolean;
}

/** A paid product line of the cart. */
export interface CouponLine {
  amountCents: number;
  taxRateBp: number;
  family: string;
  brandId: number | null;
}

/** Why a code is refused. */
export type CouponRefusal =
  'coupon_unknown' | 'coupon_expired' | 'coupon_minimum' | 'coupon_used' | 'coupon_not_applicable';

/** The reward of an applied coupon: excl. VAT, its VAT per rate and incl. VAT (cents). */
export interface CouponReward {
  untaxedCents: number;
  perRate: { taxRateBp: number; cents: number }[];
  totalCents: number;
}

/** Outcome of `evaluateCoupon`. */
export type CouponOutcome = { ok: true; reward: CouponReward } | { ok: false; reason: CouponRefusal };

/** Uses already recorded for the coupon: by this customer and in total. */
export interface CouponUses {
  byCustomer: number;
  total: number;
}

/** The reward of `coupon` on `lines` (no validity checks), see the module comment. */
export function couponReward(coupon: CouponTerms, lines: readonly CouponLine[]): CouponReward {
  const eligible = lines.filter((l) => couponCovers(coupon, l));
  const base = eligible.reduce((s, l) => s + l.amountCents, 0);
  const untaxed = Math.max(
    0,
    Math.min(
      base,
      coupon.percentBp !== null
        ? roundHalfUp((base * coupon.percentBp) / 10_000)
        : Math.max(0, coupon.amountCents ?? 0),
    ),
  );
  const byRate = new Map<number, number>();
  for (const l of eligible) byRate.set(l.taxRateBp, (byRate.get(l.taxRateBp) ?? 0) + l.amountCents);
  const rates = [...byRate].sort(([a], [b]) => a - b);
  const perRate: CouponReward['perRate'] = [];
  let left = untaxed;
  rates.forEach(([taxRateBp, amount], i) => {
    const cents = i === rates.length - 1 ? left : roundHalfUp((untaxed * amount) / (base || 1));
    left -= cents;
    if (cents !== 0) perRate.push({ taxRateBp, cents });
  });
  const tax = perRate.reduce((s, r) => s + vatForBase(r.cents, r.taxRateBp), 0);
  return { untaxedCents: untaxed, perRate, totalCents: untaxed + tax };
}

/** True when `line` is of the coupon's families and brands (empty lists restrict nothing). */
export function couponCovers(coupon: Pick<CouponTerms, 'families' | 'brandIds'>, line: CouponLine): boolean {
  if (coupon.families.length > 0 && !coupon.families.includes(line.family)) return false;
  if (coupon.brandIds.length > 0 && (line.brandId === null || !coupon.brandIds.includes(line.brandId)))
    return false;
  return true;
}

/**
 * Whether `coupon` (null when the code is unknown) applies on `on` to a cart of `lines` after
 * `uses`; checks in this order: unknown or inactive, outside its dates, used up (per customer or
 * in total), minimum order not reached, no eligible line. On success, the reward.
 */
export function evaluateCoupon(
  coupon: CouponTerms | null,
  lines: readonly CouponLine[],
  uses: CouponUses,
  on: string,
): CouponOutcome {
  if (!coupon || !coupon.active) return { ok: false, reason: 'coupon_unknown' };
  if ((coupon.validFrom && coupon.validFrom > on) || (coupon.validTo && coupon.validTo < on))
    return { ok: false, reason: 'coupon_expired' };
  if (
    (coupon.usesPerCustomer !== null && uses.byCustomer >= coupon.usesPerCustomer) ||
    (coupon.usesTotal !== null && uses.total >= coupon.usesTotal)
  )
    return { ok: false, reason: 'coupon_used' };
  const amount = lines.reduce((s, l) => s + l.amountCents, 0);
  if (amount < coupon.minOrderCents) return { ok: false, reason: 'coupon_minimum' };
  if (!lines.some((l) => couponCovers(coupon, l))) return { ok: false, reason: 'coupon_not_applicable' };
  return { ok: true, reward: couponReward(coupon, lines) };
}

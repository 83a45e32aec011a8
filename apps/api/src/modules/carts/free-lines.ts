/**
 * The user's own terms in the cart: price terms (docs/decisions/price-terms.md) and the free units
 * of supplier promotions (docs/decisions/supplier-promotions.md). Read with the cart's own single
 * statement (carts/cart-view.ts `computeCart` selects `cartTermsJson`) and applied through the
 * domain's pure rules (`applyPriceTerms`, `bestFreeGoods`). Money in integer cents EUR excl. VAT,
 * rates in bp.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  applyPriceTerms,
  bestFreeGoods,
  type CartLine,
  type CouponLine,
  type CouponReward,
  type FreeGoodsTerm,
  type Locale,
  type TotalsLine,
  type PriceTerms,
  type TermsUnitPrice,
} from '@vetshop/domain';
import { supplierKindsFor } from '../promotions/index.ts';
import { parseJsonValue, type UnitPrice } from './pricing.ts';
import type { CartComputation } from './service.ts';

/** What the cart needs to know of a product for the user's terms and coupons. */
export interface TermsProductRow {
  variantId: number;
  family: string;
  brandId: number | null;
  /** Largest discount (bp) of the user's veterinary groups the product is restricted to. */
  groupDiscountBp: number;
}

/** A supplier promotion term of a cart product. */
interface PromoTermRow extends FreeGoodsTerm {
  variantId: number;
}

/** The user's terms for one cart, loaded once (`loadCartTerms`). */
export interface CartTerms {
  /** users.help_with_fee: the handling fee is waived. */
  helpWithFee: boolean;
  /** Product facts by variant id (family, brand, group discount). */
  products: ReadonlyMap<number, TermsProductRow>;
  /** The unit price of a variant after the user's price terms. */
  price(variantId: number, price: UnitPrice): UnitPrice;
  /** Free units of a paid quantity of a variant (0 without a promotion or without the user's flag). */
  freeUnits(variantId: number, qty: number): { units: number; term: FreeGoodsTerm } | null;
}

type Loaded = {
  user: {
    supplier_promotion: boolean;
    price_list_discounts: Record<string, number> | null;
    gross_price_list: boolean;
    help_with_fee: boolean;
    supplier_id: number | null;
  } | null;
  products: TermsProductRow[] | null;
  promos: PromoTermRow[] | null;
};

/**
 * SQL scalar (json) of the user's price terms and flags, the family, brand and veterinary-group
 * discount of the variants `variantIds` selects (an int[] expression), and their supplier
 * promotions that apply to the price list `priceList` (`supplierKindsFor`: `_veterinary` kinds for
 * the veterinary list only). Read with `cartTermsFrom`; `computeCart` adds it to its one read.
 */
export function cartTermsJson(userId: number, variantIds: SQL, priceList: string): SQL {
  const kinds = supplierKindsFor({ priceList, vetGroupIds: [], supplierPromotions: true }).filter((k) =>
    k.startsWith('supplier_promotion'),
  );
  return sql`json_build_object(
      'user', (SELECT json_build_object('supplier_promotion', u.supplier_promotion,
                 'price_list_discounts', u.price_list_discounts, 'gross_price_list', u.gross_price_list,
                 'help_with_fee', u.help_with_fee, 'supplier_id', u.supplier_id)
               FROM users u WHERE u.id = ${userId}),
      'products', (SELECT json_agg(json_build_object('variantId', v.id, 'family', p.family, 'brandId', p.brand_id,
                     'groupDiscountBp', coalesce((SELECT max(g.discount_bp) FROM vet_groups g
                        WHERE g.id = ANY(p.vet_group_ids)
                          AND g.id = ANY((SELECT u.vet_group_ids FROM users u WHERE u.id = ${userId})::int[])), 0)))
                   FROM product_variants v JOIN products p ON p.id = v.product_id WHERE v.id = ANY(${variantIds})),
      'promos', (SELECT json_agg(json_build_object('variantId', t.variant_id, 'mainQuantity', t.main_quantity,
                   'promoQuantity', t.promo_quantity, 'dateStart', t.date_start::text, 'dateEnd', t.date_end::text))
                 FROM supplier_terms t WHERE t.variant_id = ANY(${variantIds}) AND t.kind = ANY(${sql.param(kinds)}::text[])
                   AND t.main_quantity > 0 AND t.promo_quantity > 0))`;
}

/**
 * The `CartTerms` of a `cartTermsJson` value (text on PGlite, parsed on node-postgres) on the
 * business day `on`: supplier promotions only with the user's flag and never on the products of
 * the user's own supplier (users.supplier_id = the product's brand id).
 */
export function cartTermsFrom(value: unknown, on: string): CartTerms {
  const loaded = parseJsonValue<Loaded>(value ?? {});
  const user = loaded.user ?? null;
  const terms: PriceTerms = {
    familyDiscountsBp: user?.price_list_discounts ?? {},
    grossPriceList: user?.gross_price_list ?? false,
  };
  const products = new Map((loaded.products ?? []).map((p) => [Number(p.variantId), p]));
  const promos = new Map<number, PromoTermRow[]>();
  if (user?.supplier_promotion)
    for (const t of loaded.promos ?? []) {
      const id = Number(t.variantId);
      const own = user.supplier_id !== null && products.get(id)?.brandId === user.supplier_id;
      if (!own) promos.set(id, [...(promos.get(id) ?? []), t]);
    }
  return {
    helpWithFee: user?.help_with_fee ?? false,
    products,
    price(variantId, price) {
      const product = products.get(variantId);
      if (!product) return price;
      const applied: TermsUnitPrice = applyPriceTerms(price, product, terms);
      return applied;
    },
    freeUnits(variantId, qty) {
      const best = bestFreeGoods(qty, promos.get(variantId) ?? [], on);
      return best && { units: best.units, term: best.term };
    },
  };
}

/** A free line of the cart: `units` of the paying line's product at price 0. */
export interface FreeLine {
  /** Id of the paying cart line. */
  paidLineId: number;
  /** Position of the paying line among the cart's product lines. */
  lineIndex: number;
  variantId: number;
  name: string;
  units: number;
  /** Units not available now (after the paid units took theirs). */
  qtyUnavailable: number;
  taxRateBp: number;
  madeToOrder: boolean;
  term: { mainQuantity: number; promoQuantity: number };
}

/**
 * The free lines of the cart's paid lines (`qty` paid units; `available` units in stock): free
 * units are served from the same stock after the paid ones, so those beyond it are unavailable
 * (backorder) like any unit.
 */
export function freeLinesOf(
  terms: CartTerms,
  lines: readonly {
    id: number;
    variantId: number;
    name: string;
    qty: number;
    available: number;
    taxRateBp: number;
    madeToOrder: boolean;
  }[],
): FreeLine[] {
  const out: FreeLine[] = [];
  for (const [lineIndex, l] of lines.entries()) {
    const best = terms.freeUnits(l.variantId, l.qty);
    if (!best) continue;
    const left = Math.max(0, l.available - l.qty);
    out.push({
      paidLineId: l.id,
      lineIndex,
      variantId: l.variantId,
      name: l.name,
      units: best.units,
      qtyUnavailable: Math.max(0, best.units - left),
      taxRateBp: l.taxRateBp,
      madeToOrder: l.madeToOrder,
      term: { mainQuantity: best.term.mainQuantity, promoQuantity: best.term.promoQuantity },
    });
  }
  return out;
}

/**
 * The wire lines with each free line right after its paying line: price 0, `is_free`, `free_of`
 * the paying line's id, a negative id of its own (−1000 − position) that never meets a stored line.
 */
export function withFreeLines(lines: readonly CartLine[], free: readonly FreeLine[]): CartLine[] {
  if (free.length === 0) return [...lines];
  const byPaid = new Map(free.map((f) => [f.paidLineId, f]));
  const out: CartLine[] = [];
  let n = 0;
  for (const line of lines) {
    out.push(line);
    const f = line.is_delivery ? undefined : byPaid.get(line.id);
    if (!f) continue;
    n += 1;
    out.push({
      ...line,
      id: -1000 - n,
      qty: f.units,
      price_unit: 0,
      price_unit_discounted: 0,
      discount: { rate: 0, value: 0 },
      amount: 0,
      qty_unavailable: f.qtyUnavailable,
      qty_available_again: false,
      is_free: true,
      free_of: line.id,
      free_terms: { main_quantity: f.term.mainQuantity, promo_quantity: f.term.promoQuantity },
    });
  }
  return out;
}

/** A paid product line as the coupon rule reads it (family and brand from the loaded terms). */
export function couponLineOf(
  terms: CartTerms,
  variantId: number,
  amountCents: number,
  taxRateBp: number,
): CouponLine {
  const product = terms.products.get(variantId);
  return { amountCents, taxRateBp, family: product?.family ?? '', brandId: product?.brandId ?? null };
}

/**
 * The coupon reward as goods lines of the accountant's totals: one per VAT rate, gross 0 and a
 * negative net amount, so it shows in the discount and lowers the VAT base of its rate.
 */
export function rewardTotalsLines(reward: CouponReward): TotalsLine[] {
  return reward.perRate.map((r) => ({
    kind: 'goods',
    grossCents: 0,
    amountCents: -r.cents,
    taxRateBp: r.taxRateBp,
  }));
}

/** Name of the coupon reward line of an order, per language; the code follows. */
export const REWARD_LINE_NAME: Record<Locale, string> = {
  fr: 'Bon de réduction',
  nl: 'Kortingsbon',
  en: 'Coupon',
};

/** A priced line of the cart computation. */
type PricedLike = CartComputation['priced'][number];

/**
 * The order lines of a confirmed cart, in order: each product line followed by its free line
 * (price 0, `isFree`), the delivery lines, then one coupon reward line per VAT rate
 * (`isReward`, no product, unit price and amount = −reward of the rate, named after the code).
 */
export function saleLinesOf(
  c: {
    priced: readonly PricedLike[];
    free: readonly FreeLine[];
    coupon: { code: string } | null;
    reward: CouponReward;
  },
  locale: Locale,
): (PricedLike & { isFree: boolean; isReward: boolean })[] {
  const byIndex = new Map(c.free.map((f) => [f.lineIndex, f]));
  const out: (PricedLike & { isFree: boolean; isReward: boolean })[] = [];
  c.priced.forEach((p, i) => {
    out.push({ ...p, isFree: false, isReward: false });
    const f = p.isDelivery ? undefined : byIndex.get(i);
    if (f)
      out.push({
        ...p,
        qty: f.units,
        grossUnitCents: 0,
        netUnitCents: 0,
        discountBp: 0,
        amountCents: 0,
        discountCents: 0,
        qtyUnavailable: f.qtyUnavailable,
        isFree: true,
        isReward: false,
      });
  });
  for (const r of c.reward.perRate)
    out.push({
      variantId: null,
      name: `${REWARD_LINE_NAME[locale]} ${c.coupon?.code ?? ''}`.trim(),
      qty: 1,
      grossUnitCents: -r.cents,
      netUnitCents: -r.cents,
      discountBp: 0,
      amountCents: -r.cents,
      discountCents: 0,
      taxRateBp: r.taxRateBp,
      // Not goods: never picked nor stocked, billed on the first invoice like the fee.
      isDelivery: true,
      madeToOrder: false,
      qtyUnavailable: 0,
      isFree: false,
      isReward: true,
    });
  return out;
}

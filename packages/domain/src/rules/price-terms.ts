/**
 * A user's price terms applied to a unit price (docs/decisions/price-terms.md). Pure rule, no
 * I/O; used by the cart (apps/api/src/modules/carts/free-lines.ts) and tested in
 * price-terms.test.ts. Money in integer cents EUR excl. VAT, rates in basis points.
 *
 * - gross price list: the user is charged the gross tier price, no discount of any kind;
 * - otherwise the user's price-list discount of the product's family and the discount of the
 *   user's veterinary groups the product is restricted to (vet_groups.discount_bp) do not add up: the larger one is taken off the net price of the price list
 *   (after its own tier, volume and supplier discounts), rounded half-up to the cent.
 */
import { combinedDiscountBp, roundHalfUp } from '../pricing.ts';

/** The price terms of a user (and of the veterinary groups it belongs to). */
export interface PriceTerms {
  /** Extra discount per product family, basis points (users.price_list_discounts). */
  familyDiscountsBp: Readonly<Record<string, number>>;
  /** users.gross_price_list: charge the gross tier price. */
  grossPriceList: boolean;
}

/** Price terms that change nothing. */
export const NO_PRICE_TERMS: PriceTerms = {
  familyDiscountsBp: {},
  grossPriceList: false,
};

/** A unit price: gross and net in cents (null when unpriced) and the total discount in bp. */
export interface TermsUnitPrice {
  grossCents: number | null;
  netCents: number | null;
  discountBp: number;
}

/** Clamps a rate to 0..10000 bp (a stored value outside is treated as its bound). */
function clampBp(bp: number | undefined): number {
  if (bp === undefined || !Number.isFinite(bp)) return 0;
  return Math.min(10_000, Math.max(0, Math.round(bp)));
}

/** What the terms need to know of a product. */
export interface TermsProduct {
  family: string;
  /** Largest discount (bp) of the user's veterinary groups the product is restricted to; 0 when none. */
  groupDiscountBp: number;
}

/** The extra discount (bp) `terms` give on `product`: the larger of its family's and its groups'. */
export function extraDiscountBp(terms: PriceTerms, product: TermsProduct): number {
  return Math.max(clampBp(terms.familyDiscountsBp[product.family]), clampBp(product.groupDiscountBp));
}

/** `price` of `product` under `terms` (see the module comment). */
export function applyPriceTerms(
  price: TermsUnitPrice,
  product: TermsProduct,
  terms: PriceTerms,
): TermsUnitPrice {
  const { grossCents, netCents } = price;
  if (grossCents === null || netCents === null) return price;
  if (terms.grossPriceList) return { grossCents, netCents: grossCents, discountBp: 0 };
  const extra = extraDiscountBp(terms, product);
  if (extra === 0) return price;
  const net = roundHalfUp((netCents * (10_000 - extra)) / 10_000);
  const discountBp = grossCents > 0 ? combinedDiscountBp(price.discountBp, extra) : 0;
  return { grossCents, netCents: net, discountBp };
}

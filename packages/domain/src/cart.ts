/**
 * Cart rules (docs/product/cart-and-checkout.md#cart-storage-and-local-changes "Cart storage and local changes" and "Cart synchronisation", docs/product/cart-and-checkout.md#cart-operations "Cart
 * operations", docs/product/constants.md#delivery-and-fees "Delivery and fees" and "Pricing"). Pure functions shared by the api (which
 * applies transactions exactly once) and the web (which shows server cart + pending transactions).
 *
 * Units: money in integer cents of EUR excl. VAT, rates in basis points, quantities in units.
 */
import type { CartTransaction, CartTransactionInput } from './contracts/cart.ts';
import { vatBreakdown } from './totals.ts';
import {
  netPrice,
  roundHalfUp,
  tierFor,
  type Discount,
  type PriceTier,
  type SupplierDiscount,
} from './pricing.ts';

/** docs/product/constants.md#delivery-and-fees "Delivery and fees" in cents (see docs/decisions/handling-fee.md). */
export const CART_CONSTANTS = Object.freeze({
  /** Handling (participation) fee of orders below the threshold: 10.50 EUR excl. VAT. */
  HANDLING_FEE: 1050,
  /** Orders from 150 EUR excl. VAT are delivered free. */
  FREE_DELIVERY_FROM: 15_000,
  /** VAT rate of the handling fee (Belgian standard rate, basis points). */
  HANDLING_FEE_TAX_BP: 2100,
});

/** A line as the fold sees it: product (variant) id, quantity and options. */
export interface FoldLine {
  product_id: number;
  qty: number;
  options?: Record<string, unknown>;
}

function canonicalValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonicalValue);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort())
      out[key] = canonicalValue((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

/**
 * Canonical JSON of line options: keys sorted at every depth, `undefined` values dropped, '{}'
 * when none. Two option objects name the same line when their canonical forms are equal.
 */
export function canonicalOptions(options: Record<string, unknown> | null | undefined): string {
  return JSON.stringify(canonicalValue(options ?? {}));
}

/** Identity of a line: product id + canonical options. */
export function lineKey(productId: number, options: Record<string, unknown> | null | undefined): string {
  return `${productId}|${canonicalOptions(options)}`;
}

/**
 * docs/product/cart-and-checkout.md#sync: applies transactions in order to `lines` and returns the new lines (inputs untouched).
 * Each signed qty is added to the line with the same product_id and canonical options (a new line
 * is created when none); a line reaching 0 or less is removed at once (a later positive change
 * starts it again from 0). A transaction whose uuid is in
 * `seen` or appeared earlier in `transactions` is ignored (exactly once). Line order: existing
 * lines keep their place, new lines are appended.
 */
export function foldTransactions<L extends FoldLine>(
  lines: readonly L[],
  transactions: readonly Pick<CartTransactionInput, 'uuid' | 'product_id' | 'qty' | 'options'>[],
  seen: Iterable<string> = [],
): FoldLine[] {
  const applied = new Set(seen);
  const byKey = new Map<string, FoldLine>();
  for (const line of lines) {
    const key = lineKey(line.product_id, line.options);
    const prev = byKey.get(key);
    if (prev) prev.qty += line.qty;
    else byKey.set(key, { product_id: line.product_id, qty: line.qty, options: line.options ?? {} });
  }
  for (const t of transactions) {
    if (applied.has(t.uuid)) continue;
    applied.add(t.uuid);
    const key = lineKey(t.product_id, t.options);
    const qty = (byKey.get(key)?.qty ?? 0) + t.qty;
    const prev = byKey.get(key);
    if (qty <= 0) byKey.delete(key);
    else if (prev) prev.qty = qty;
    else byKey.set(key, { product_id: t.product_id, qty, options: t.options ?? {} });
  }
  return [...byKey.values()].filter((l) => l.qty > 0);
}

function newUuid(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * docs/product/cart-and-checkout.md#sync "Adding to the cart": a transaction adding `qty` (default 1) of `productId`; null (the
 * add is ignored) when the product id is missing or the quantity is not a finite number. A
 * fractional quantity is truncated; a result of 0 is ignored too.
 */
export function addTransaction(
  productId: number | null | undefined,
  qty: unknown = 1,
  options: Record<string, unknown> = {},
): CartTransaction | null {
  if (typeof productId !== 'number' || !Number.isInteger(productId)) return null;
  const n = typeof qty === 'string' && qty.trim() !== '' ? Number(qty) : qty;
  if (typeof n !== 'number' || !Number.isFinite(n)) return null;
  const units = Math.trunc(n);
  if (units === 0) return null;
  return { uuid: newUuid(), product_id: productId, qty: units, options };
}

/**
 * docs/product/cart-and-checkout.md "Updating a line sends the difference between the new and the old quantity": a
 * transaction of `newQty − line.qty` on the line's product and options; null when unchanged or
 * when `newQty` is not a finite number. A negative new quantity counts as 0 (removes the line).
 */
export function updateTransaction(line: FoldLine, newQty: unknown): CartTransaction | null {
  if (typeof newQty !== 'number' || !Number.isFinite(newQty)) return null;
  const delta = Math.max(0, Math.trunc(newQty)) - line.qty;
  if (delta === 0) return null;
  return { uuid: newUuid(), product_id: line.product_id, qty: delta, options: line.options ?? {} };
}

/** docs/product/cart-and-checkout.md "Deleting a line sends the negative of its quantity". */
export function deleteTransaction(line: FoldLine): CartTransaction {
  return { uuid: newUuid(), product_id: line.product_id, qty: -line.qty, options: line.options ?? {} };
}

/**
 * docs/product/constants.md#delivery-and-fees handling fee in cents, as decided in docs/decisions/handling-fee.md: 0 for an empty cart
 * (`cartUntaxedCents` ≤ 0); 0 when the cart plus the customer's orders not yet delivered
 * (`openOrdersUntaxedCents`: pending/processing/partly delivered, EUR excl. VAT) reach 150 EUR;
 * else 10.50 EUR.
 */
export function handlingFeeCents(cartUntaxedCents: number, openOrdersUntaxedCents = 0): number {
  if (cartUntaxedCents <= 0) return 0;
  if (cartUntaxedCents + Math.max(0, openOrdersUntaxedCents) >= CART_CONSTANTS.FREE_DELIVERY_FROM) return 0;
  return CART_CONSTANTS.HANDLING_FEE;
}

/** Price inputs of one variant in one price list (rows of price_tiers, discounts, supplier terms). */
export interface QuantityPriceInput {
  tiers: readonly PriceTier[];
  discounts: readonly Discount[];
  supplierDiscounts?: readonly SupplierDiscount[];
}

/**
 * Unit price of `qty` units (docs/product/constants.md rules through the domain's `netPrice`, docs/product/cart-and-checkout.md validity):
 * the gross is the valid tier with the highest minimum quantity ≤ max(qty, 1); the discount is the
 * best valid discount whose minimum quantity is ≤ qty (the quantity-0 ones and the volume
 * discounts reached, "from N units"); then the supplier discount, skipped when that discount is
 * exclusive. At qty 1 this is exactly the catalogue's net price. Nulls when no tier is valid.
 */
export function netPriceForQuantity(input: QuantityPriceInput, qty: number, on: string) {
  const tier = tierFor(input.tiers, qty, on);
  return netPrice(
    {
      tiers: tier ? [{ ...tier, minQuantity: 0 }] : [],
      discounts: input.discounts.filter((d) => d.minQuantity <= qty).map((d) => ({ ...d, minQuantity: 0 })),
      supplierDiscounts: input.supplierDiscounts ?? [],
    },
    on,
  );
}

/** A priced line for the totals: unit prices in cents, quantity, VAT rate in basis points. */
export interface PricedLine {
  /** Unit price before discount (gross), cents. */
  grossUnitCents: number;
  /** Unit price after discount (net), cents. */
  netUnitCents: number;
  qty: number;
  taxRateBp: number;
}

/** Figures of one line in cents. */
export interface LineFigures {
  /** round(net unit × qty). */
  amountCents: number;
  /** round(gross unit × qty). */
  grossAmountCents: number;
  /** grossAmount − amount. */
  discountCents: number;
  /** round(amount × rate). */
  taxCents: number;
}

/** Totals of a cart in cents (docs/decisions/order-totals.md: the totals are the sums of the displayed lines). */
export interface CartTotals {
  lines: LineFigures[];
  untaxedCents: number;
  taxCents: number;
  totalCents: number;
  discountTotalCents: number;
  totalWithoutDiscountCents: number;
}

/**
 * Cart totals in integer cents with half-up rounding: line amount = round(net unit × qty), tax
 * per line = round(amount × rate) (informative), untaxed = Σ amounts, tax = Σ over the VAT rates
 * of round(Σ amounts of the rate × rate) (`vatBreakdown`), total = untaxed + tax,
 * discount total = Σ (round(gross unit × qty) − amount), total without discount = untaxed +
 * discount total (excl. VAT).
 */
export function cartTotals(lines: readonly PricedLine[]): CartTotals {
  const figures = lines.map((l) => {
    const amountCents = roundHalfUp(l.netUnitCents * l.qty);
    const grossAmountCents = roundHalfUp(l.grossUnitCents * l.qty);
    return {
      amountCents,
      grossAmountCents,
      discountCents: grossAmountCents - amountCents,
      taxCents: roundHalfUp((amountCents * l.taxRateBp) / 10_000),
    };
  });
  const sum = (pick: (f: LineFigures) => number): number => figures.reduce((s, f) => s + pick(f), 0);
  const untaxedCents = sum((f) => f.amountCents);
  // VAT per rate on the rate's base (totals.ts), not the sum of per-line roundings.
  const taxCents = vatBreakdown(
    figures.map((f, i) => ({ amountCents: f.amountCents, taxRateBp: lines[i]!.taxRateBp })),
  ).reduce((s, r) => s + r.taxCents, 0);
  const discountTotalCents = sum((f) => f.discountCents);
  return {
    lines: figures,
    untaxedCents,
    taxCents,
    totalCents: untaxedCents + taxCents,
    discountTotalCents,
    totalWithoutDiscountCents: untaxedCents + discountTotalCents,
  };
}

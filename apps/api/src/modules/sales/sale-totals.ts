/**
 * Money of sale lines in integer cents (docs/decisions/order-totals.md,
 * docs/product/orders-and-documents.md#documents): the amount of part of a line (pro rata, rounded
 * half-up), the VAT of line amounts (per rate, as the cart totals), and the accountant's totals of
 * a sale's lines used by the order detail, the mails and the PDFs.
 */
import { documentTotals, roundHalfUp, vatBreakdown } from '@vetshop/domain';
import { HANDLING_FEE_NAME } from '../carts/index.ts';
import type { SaleLineRow } from './sale-rows.ts';

/** Line amount of `qty` units of a sale line, in cents: its amount pro rata, rounded half-up. */
export function lineAmountFor(line: Pick<SaleLineRow, 'amountCents' | 'qty'>, qty: number): number {
  if (line.qty <= 0) return 0;
  return roundHalfUp((line.amountCents * qty) / line.qty);
}

/**
 * VAT in cents of line amounts: per rate, round half-up of the rate's base × rate; summed (the rule
 * of the cart totals, packages/domain/src/totals.ts `vatBreakdown`).
 */
export function vatOf(parts: { amountCents: number; taxRateBp: number }[]): number {
  return vatBreakdown(parts).reduce((tax, r) => tax + r.taxCents, 0);
}

/**
 * The accountant's totals of quantities of a sale's lines (docs/decisions/order-totals.md): product
 * lines as goods (gross = unit price × qty, amount pro rata of the line for a part of it),
 * delivery lines named as the handling fee (any locale) as the fee, other delivery lines (carrier
 * prices of older orders) as delivery. Used by the order detail, the mails and the PDFs.
 */
export function totalsOfLines(parts: readonly { line: SaleLineRow; qty: number }[]) {
  const feeNames = new Set(Object.values(HANDLING_FEE_NAME));
  return documentTotals(
    parts.map(({ line, qty }) => {
      const amountCents = qty === line.qty ? line.amountCents : lineAmountFor(line, qty);
      return {
        // A coupon reward line (docs/decisions/coupons.md) is a discount on the goods: gross 0.
        kind:
          !line.isDelivery || line.isReward
            ? ('goods' as const)
            : feeNames.has(line.name)
              ? ('handling_fee' as const)
              : ('delivery' as const),
        grossCents: line.isReward
          ? 0
          : line.isDelivery
            ? amountCents
            : Math.max(amountCents, roundHalfUp(line.priceUnitCents * qty)),
        amountCents,
        taxRateBp: line.taxRateBp,
      };
    }),
  );
}

/** `totalsOfLines` of whole lines (the order as placed). */
export function saleTotals(lines: readonly SaleLineRow[]) {
  return totalsOfLines(lines.map((line) => ({ line, qty: line.qty })));
}

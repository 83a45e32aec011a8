/**
 * The wire form of the accountant's totals (packages/domain/src/totals.ts, contract `totalsSchema`):
 * EUR with two decimals, VAT rates in percent. Used by the cart view and the order detail.
 */
import { bpToPercent, centsToEur, type DocumentTotals, type Totals } from '@vetshop/domain';

/** The wire form of `DocumentTotals` (EUR, rates in %). */
export function toWireTotals(t: DocumentTotals): Totals {
  return {
    goods_gross: centsToEur(t.goodsGrossCents),
    discount: centsToEur(t.discountCents),
    goods_net: centsToEur(t.goodsNetCents),
    handling_fee: centsToEur(t.handlingFeeCents),
    delivery: centsToEur(t.deliveryCents),
    untaxed: centsToEur(t.untaxedCents),
    vat: t.vat.map((r) => ({
      rate: bpToPercent(r.rateBp),
      base: centsToEur(r.baseCents),
      tax: centsToEur(r.taxCents),
    })),
    tax: centsToEur(t.taxCents),
    total: centsToEur(t.totalCents),
  };
}

/**
 * Totals of a cart, an order or a document the way an accountant reads them
 * (docs/decisions/order-totals.md): goods subtotal before discount, discounts, goods net, handling
 * fee, delivery, total excl. VAT, VAT per rate and total incl. VAT.
 *
 * Units: integer cents of EUR; rates in basis points (600 = 6 %, 2100 = 21 %).
 *
 * Rules:
 * - every figure is a sum of the displayed lines: untaxed = goods net + handling fee + delivery;
 *   a fee is counted once, from its own line;
 * - VAT is computed per rate on the sum of the lines of that rate (Belgian invoices show one base
 *   and one VAT amount per rate), rounded half-up to the cent; the VAT total is the sum of the
 *   per-rate amounts, the total incl. VAT is untaxed + VAT.
 */
import { roundHalfUp } from './pricing.ts';

/** What a line is: goods (products), the handling (participation) fee, or a delivery charge. */
export type TotalsLineKind = 'goods' | 'handling_fee' | 'delivery';

/** One displayed line for the totals (cents excl. VAT). */
export interface TotalsLine {
  kind: TotalsLineKind;
  /** Line amount before discount (gross unit × qty, rounded); equals `amountCents` for fees. */
  grossCents: number;
  /** Line amount after discount (net), cents excl. VAT. */
  amountCents: number;
  /** VAT rate of the line, basis points. */
  taxRateBp: number;
}

/** VAT of one rate: the base (sum of the line amounts of that rate) and its tax. */
export interface VatRow {
  rateBp: number;
  baseCents: number;
  taxCents: number;
}

/** The accountant's totals of a set of lines, in cents. */
export interface DocumentTotals {
  /** Σ gross amounts of the goods lines. */
  goodsGrossCents: number;
  /** Σ (gross − net) of the goods lines (positive). */
  discountCents: number;
  /** Σ net amounts of the goods lines = goodsGross − discount. */
  goodsNetCents: number;
  /** Σ handling-fee lines. */
  handlingFeeCents: number;
  /** Σ delivery lines. */
  deliveryCents: number;
  /** goodsNet + handlingFee + delivery. */
  untaxedCents: number;
  /** One row per rate present, ascending by rate. */
  vat: VatRow[];
  /** Σ vat[].taxCents. */
  taxCents: number;
  /** untaxed + tax. */
  totalCents: number;
}

/** VAT of one rate's base: round half-up (base × rate). */
export function vatForBase(baseCents: number, rateBp: number): number {
  return roundHalfUp((baseCents * rateBp) / 10_000);
}

/** VAT rows per rate (ascending) of `(amountCents, taxRateBp)` parts; see the module comment. */
export function vatBreakdown(parts: readonly { amountCents: number; taxRateBp: number }[]): VatRow[] {
  const bases = new Map<number, number>();
  for (const p of parts) bases.set(p.taxRateBp, (bases.get(p.taxRateBp) ?? 0) + p.amountCents);
  return [...bases]
    .sort(([a], [b]) => a - b)
    .map(([rateBp, baseCents]) => ({ rateBp, baseCents, taxCents: vatForBase(baseCents, rateBp) }));
}

/** The totals of `lines` (see the module comment). An empty list gives zeros and no VAT row. */
export function documentTotals(lines: readonly TotalsLine[]): DocumentTotals {
  let goodsGrossCents = 0;
  let goodsNetCents = 0;
  let handlingFeeCents = 0;
  let deliveryCents = 0;
  for (const l of lines) {
    if (l.kind === 'goods') {
      goodsGrossCents += l.grossCents;
      goodsNetCents += l.amountCents;
    } else if (l.kind === 'handling_fee') handlingFeeCents += l.amountCents;
    else deliveryCents += l.amountCents;
  }
  const vat = vatBreakdown(lines);
  const untaxedCents = goodsNetCents + handlingFeeCents + deliveryCents;
  const taxCents = vat.reduce((s, r) => s + r.taxCents, 0);
  return {
    goodsGrossCents,
    discountCents: goodsGrossCents - goodsNetCents,
    goodsNetCents,
    handlingFeeCents,
    deliveryCents,
    untaxedCents,
    vat,
    taxCents,
    totalCents: untaxedCents + taxCents,
  };
}

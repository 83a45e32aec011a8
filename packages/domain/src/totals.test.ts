import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cartTotals } from './cart.ts';
import { documentTotals, vatBreakdown, type TotalsLine } from './totals.ts';

const line = fc.record({
  kind: fc.constantFrom<TotalsLine['kind']>('goods', 'handling_fee', 'delivery'),
  grossCents: fc.integer({ min: 0, max: 5_000_000 }),
  discount: fc.integer({ min: 0, max: 100 }),
  taxRateBp: fc.constantFrom(0, 600, 1200, 2100),
});

type RawLine = { kind: TotalsLine['kind']; grossCents: number; discount: number; taxRateBp: number };
const toLines = (raw: RawLine[]): TotalsLine[] =>
  raw.map((r) => ({
    kind: r.kind,
    grossCents: r.grossCents,
    amountCents: r.kind === 'goods' ? Math.round((r.grossCents * (100 - r.discount)) / 100) : r.grossCents,
    taxRateBp: r.taxRateBp,
  }));

describe('documentTotals', () => {
  it('shows a 6 % medicine, a 21 % collar and the handling fee the way an invoice does', () => {
    const t = documentTotals([
      { kind: 'goods', grossCents: 4_000, amountCents: 3_600, taxRateBp: 600 },
      { kind: 'goods', grossCents: 1_999, amountCents: 1_999, taxRateBp: 2100 },
      { kind: 'handling_fee', grossCents: 1_050, amountCents: 1_050, taxRateBp: 2100 },
    ]);
    expect(t).toEqual({
      goodsGrossCents: 5_999,
      discountCents: 400,
      goodsNetCents: 5_599,
      handlingFeeCents: 1_050,
      deliveryCents: 0,
      untaxedCents: 6_649,
      vat: [
        { rateBp: 600, baseCents: 3_600, taxCents: 216 },
        // 30.49 × 21 % = 6.4029 → 6.40
        { rateBp: 2100, baseCents: 3_049, taxCents: 640 },
      ],
      taxCents: 856,
      totalCents: 7_505,
    });
  });

  it('rounds VAT once per rate, not once per line', () => {
    // Three lines of 0.10 at 21 %: per line 0.02 each (0.06), per rate round(0.063) = 0.06;
    // three lines of 0.07 at 21 %: per line 0.01 each (0.03), per rate round(0.0441) = 0.04.
    const rows = vatBreakdown([7, 7, 7].map((amountCents) => ({ amountCents, taxRateBp: 2100 })));
    expect(rows).toEqual([{ rateBp: 2100, baseCents: 21, taxCents: 4 }]);
  });

  it('is the sum of its displayed lines for any set of lines', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), (raw) => {
        const lines = toLines(raw);
        const t = documentTotals(lines);
        const sum = (pick: (l: TotalsLine) => number, kind?: TotalsLine['kind']) =>
          lines.filter((l) => !kind || l.kind === kind).reduce((s, l) => s + pick(l), 0);
        expect(t.goodsGrossCents).toBe(sum((l) => l.grossCents, 'goods'));
        expect(t.goodsNetCents).toBe(t.goodsGrossCents - t.discountCents);
        expect(t.handlingFeeCents).toBe(sum((l) => l.amountCents, 'handling_fee'));
        expect(t.deliveryCents).toBe(sum((l) => l.amountCents, 'delivery'));
        expect(t.untaxedCents).toBe(t.goodsNetCents + t.handlingFeeCents + t.deliveryCents);
        expect(t.untaxedCents).toBe(sum((l) => l.amountCents));
        expect(t.vat.reduce((s, r) => s + r.baseCents, 0)).toBe(t.untaxedCents);
        expect(t.taxCents).toBe(t.vat.reduce((s, r) => s + r.taxCents, 0));
        expect(t.totalCents).toBe(t.untaxedCents + t.taxCents);
        for (const r of t.vat)
          expect(Math.abs(r.taxCents - (r.baseCents * r.rateBp) / 10_000)).toBeLessThanOrEqual(0.5);
        expect(new Set(t.vat.map((r) => r.rateBp)).size).toBe(t.vat.length);
      }),
    );
  });

  it('gives the cart the same VAT as the document totals of its lines', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            grossUnitCents: fc.integer({ min: 0, max: 100_000 }),
            off: fc.integer({ min: 0, max: 50 }),
            qty: fc.integer({ min: 1, max: 500 }),
            taxRateBp: fc.constantFrom(600, 2100),
          }),
          { maxLength: 30 },
        ),
        (raw) => {
          const priced = raw.map((r) => ({
            grossUnitCents: r.grossUnitCents,
            netUnitCents: Math.round((r.grossUnitCents * (100 - r.off)) / 100),
            qty: r.qty,
            taxRateBp: r.taxRateBp,
          }));
          const cart = cartTotals(priced);
          const doc = documentTotals(
            cart.lines.map((f, i) => ({
              kind: 'goods' as const,
              grossCents: f.grossAmountCents,
              amountCents: f.amountCents,
              taxRateBp: priced[i]!.taxRateBp,
            })),
          );
          expect(cart.untaxedCents).toBe(doc.untaxedCents);
          expect(cart.taxCents).toBe(doc.taxCents);
          expect(cart.totalCents).toBe(doc.totalCents);
          expect(cart.discountTotalCents).toBe(doc.discountCents);
        },
      ),
    );
  });
});

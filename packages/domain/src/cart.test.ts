import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CART_CONSTANTS,
  addTransaction,
  canonicalOptions,
  cartTotals,
  deleteTransaction,
  foldTransactions,
  handlingFeeCents,
  netPriceForQuantity,
  updateTransaction,
  type FoldLine,
} from './cart.ts';
import { cartTransactionSchema, syncRequestSchema } from './contracts/cart.ts';
import { vatBreakdown } from './totals.ts';

const optionsArb = fc.constantFrom<Record<string, unknown>>({}, { size: 'M' }, { colour: 'red', size: 'M' });
const txArb = fc.record({
  product_id: fc.integer({ min: 1, max: 4 }),
  qty: fc.integer({ min: -5, max: 8 }).filter((q) => q !== 0),
  options: optionsArb,
});

/** Unique transactions (uuid = position). */
const uniqueTxs = fc
  .array(txArb, { maxLength: 30 })
  .map((list) => list.map((t, i) => ({ ...t, uuid: `t${i}` })));

const sorted = (lines: FoldLine[]) =>
  [...lines]
    .map((l) => ({ ...l, options: canonicalOptions(l.options) }))
    .sort((a, b) => a.product_id - b.product_id || a.options.localeCompare(b.options));

describe('foldTransactions (docs/product/cart-and-checkout.md#sync, exactly once)', () => {
  it('replays anywhere after the first occurrence change nothing', () => {
    fc.assert(
      fc.property(
        uniqueTxs,
        fc.array(fc.nat(), { maxLength: 40 }),
        fc.array(fc.nat()),
        (txs, picks, spots) => {
          // Insert duplicates of already-seen transactions (possibly with other payloads) later on.
          const sequence = [...txs];
          picks.forEach((p, i) => {
            if (sequence.length === 0) return;
            const at = 1 + ((spots[i] ?? p) % sequence.length);
            const source = sequence[(p % at) % sequence.length];
            if (!source) return;
            const earlier = sequence.slice(0, at).find((t) => t.uuid === source.uuid);
            if (!earlier) return;
            sequence.splice(at, 0, { ...earlier, qty: earlier.qty + 1 });
          });
          expect(sorted(foldTransactions([], sequence))).toEqual(sorted(foldTransactions([], txs)));
        },
      ),
    );
  });

  it('a batch split in any way, with already-applied uuids resent, gives the same lines', () => {
    fc.assert(
      fc.property(uniqueTxs, fc.nat(), (txs, cut) => {
        const at = txs.length === 0 ? 0 : cut % (txs.length + 1);
        const first = foldTransactions([], txs.slice(0, at));
        // The second request resends everything (a replay of the first part + the rest).
        const second = foldTransactions(
          first,
          txs,
          txs.slice(0, at).map((t) => t.uuid),
        );
        expect(sorted(second)).toEqual(sorted(foldTransactions([], txs)));
      }),
    );
  });

  it('positive changes commute: every order of the same uuids gives the same lines', () => {
    const positive = fc
      .array(
        txArb.map((t) => ({ ...t, qty: Math.abs(t.qty) })),
        { maxLength: 20 },
      )
      .map((l) => l.map((t, i) => ({ ...t, uuid: `p${i}` })));
    fc.assert(
      fc.property(
        positive.chain((txs) =>
          fc.tuple(fc.constant(txs), fc.shuffledSubarray(txs, { minLength: txs.length })),
        ),
        ([txs, shuffled]) => {
          expect(sorted(foldTransactions([], shuffled))).toEqual(sorted(foldTransactions([], txs)));
        },
      ),
    );
  });

  it('quantities never end at 0 or below; options order does not split a line', () => {
    const lines = foldTransactions(
      [{ product_id: 1, qty: 2, options: { a: 1, b: 2 } }],
      [
        { uuid: 'x', product_id: 1, qty: 3, options: { b: 2, a: 1 } },
        { uuid: 'y', product_id: 2, qty: -1, options: {} },
        { uuid: 'z', product_id: 1, qty: -5, options: { b: 2, a: 1 } },
        { uuid: 'w', product_id: 1, qty: 2, options: { a: 1, b: 2 } },
      ],
    );
    // 2 + 3 - 5 = 0 → removed, then +2 starts again from 0; product 2 never appears.
    expect(lines).toEqual([{ product_id: 1, qty: 2, options: { a: 1, b: 2 } }]);
  });
});

describe('cart operations (docs/product/cart-and-checkout.md)', () => {
  it('adding ignores a missing product or a non-numeric quantity and defaults to 1', () => {
    expect(addTransaction(undefined, 2)).toBeNull();
    expect(addTransaction(null)).toBeNull();
    expect(addTransaction(5, 'abc')).toBeNull();
    expect(addTransaction(5, Number.NaN)).toBeNull();
    const t = addTransaction(5);
    expect(t).toMatchObject({ product_id: 5, qty: 1, options: {} });
    expect(addTransaction(5, '3')?.qty).toBe(3);
    expect(cartTransactionSchema.parse(t)).toEqual(t);
    const a = addTransaction(5);
    expect(a?.uuid).not.toBe(t?.uuid);
  });

  it('update sends new − old, delete sends −qty', () => {
    const line = { product_id: 7, qty: 4, options: { size: 'L' } };
    expect(updateTransaction(line, 10)).toMatchObject({ product_id: 7, qty: 6, options: { size: 'L' } });
    expect(updateTransaction(line, 1)?.qty).toBe(-3);
    expect(updateTransaction(line, 4)).toBeNull();
    expect(deleteTransaction(line)).toMatchObject({ product_id: 7, qty: -4 });
    expect(foldTransactions([line], [deleteTransaction(line)])).toEqual([]);
  });

  it('canonical options sort keys at every depth', () => {
    expect(canonicalOptions({ b: { y: 1, x: 2 }, a: [3, { d: 1, c: 2 }] })).toBe(
      '{"a":[3,{"c":2,"d":1}],"b":{"x":2,"y":1}}',
    );
    expect(canonicalOptions(undefined)).toBe('{}');
  });

  it('the sync request caps quantities and batch size', () => {
    const tx = { uuid: 'u', product_id: 1, qty: 100_001 };
    expect(syncRequestSchema.safeParse({ uuid: null, transactions: [tx] }).success).toBe(false);
    expect(
      syncRequestSchema.safeParse({ uuid: null, transactions: [{ ...tx, qty: -100_000 }] }).success,
    ).toBe(true);
    const many = Array.from({ length: 501 }, (_, i) => ({ uuid: `u${i}`, product_id: 1, qty: 1 }));
    expect(syncRequestSchema.safeParse({ uuid: null, transactions: many }).success).toBe(false);
  });
});

describe('handling fee (docs/product/constants.md#delivery-and-fees)', () => {
  it('applies below 150.00 EUR and not from 150.00 EUR', () => {
    expect(handlingFeeCents(14_999)).toBe(CART_CONSTANTS.HANDLING_FEE);
    expect(handlingFeeCents(15_000)).toBe(0);
    expect(handlingFeeCents(0)).toBe(0);
  });
  it('orders not yet delivered count towards the threshold', () => {
    expect(handlingFeeCents(10_000, 4_999)).toBe(1050);
    expect(handlingFeeCents(10_000, 5_000)).toBe(0);
  });
});

describe('prices and totals', () => {
  const on = '2026-11-21';
  it('uses tiers and volume discounts reached by the quantity', () => {
    const input = {
      tiers: [
        { priceCents: 1000, minQuantity: 1 },
        { priceCents: 900, minQuantity: 10 },
      ],
      discounts: [
        { discountBp: 500, minQuantity: 0, exclusive: false },
        { discountBp: 1000, minQuantity: 20, exclusive: false },
        { discountBp: 3000, minQuantity: 5, exclusive: false, dateEnd: '2026-01-01' },
      ],
    };
    expect(netPriceForQuantity(input, 1, on)).toMatchObject({ grossCents: 1000, netCents: 950 });
    expect(netPriceForQuantity(input, 10, on)).toMatchObject({ grossCents: 900, netCents: 855 });
    expect(netPriceForQuantity(input, 20, on)).toMatchObject({ grossCents: 900, netCents: 810 });
  });

  it('totals are the sums of the displayed lines (half-up)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            grossUnitCents: fc.integer({ min: 0, max: 100_000 }),
            discount: fc.integer({ min: 0, max: 10_000 }),
            qty: fc.integer({ min: 1, max: 1000 }),
            taxRateBp: fc.constantFrom(0, 600, 1200, 2100),
          }),
          { maxLength: 15 },
        ),
        (raw) => {
          const lines = raw.map((l) => ({
            ...l,
            netUnitCents: Math.round((l.grossUnitCents * (10_000 - l.discount)) / 10_000),
          }));
          const t = cartTotals(lines);
          expect(t.untaxedCents).toBe(t.lines.reduce((s, l) => s + l.amountCents, 0));
          // VAT: the sum of the displayed per-rate rows (totals.ts).
          const rows = vatBreakdown(
            lines.map((l, i) => ({ amountCents: t.lines[i]!.amountCents, taxRateBp: l.taxRateBp })),
          );
          expect(t.taxCents).toBe(rows.reduce((s, r) => s + r.taxCents, 0));
          expect(t.totalCents).toBe(t.untaxedCents + t.taxCents);
          expect(t.totalWithoutDiscountCents - t.discountTotalCents).toBe(t.untaxedCents);
        },
      ),
    );
    // 3 × 3.335 → 10.005 → 10.01; 21 % of 10.01 = 2.1021 → 2.10.
    const t = cartTotals([{ grossUnitCents: 333.5, netUnitCents: 333.5, qty: 3, taxRateBp: 2100 }]);
    expect(t).toMatchObject({ untaxedCents: 1001, taxCents: 210, totalCents: 1211 });
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyPercent,
  bestBaseDiscount,
  combinedDiscountBp,
  businessDate,
  eurToCents,
  grossTier,
  isValidOn,
  netPrice,
  roundHalfUp,
  tierBreaks,
  tierFor,
  volumeDiscounts,
  type Discount,
  type PriceTier,
} from './pricing.ts';

const ON = '2026-11-21';

describe('price validity (docs/product/prices.md)', () => {
  it('is inclusive of both ends and open-ended when a bound is missing', () => {
    expect(isValidOn({ dateStart: '2026-11-21', dateEnd: '2026-11-21' }, ON)).toBe(true);
    expect(isValidOn({ dateStart: '2026-11-22' }, ON)).toBe(false);
    expect(isValidOn({ dateEnd: '2026-11-20' }, ON)).toBe(false);
    expect(isValidOn({}, ON)).toBe(true);
    expect(isValidOn({ dateStart: null, dateEnd: null }, ON)).toBe(true);
  });

  it('takes the business day in Brussels', () => {
    expect(businessDate(new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-22');
    expect(businessDate(new Date('2026-06-30T21:59:00Z'))).toBe('2026-06-30');
  });
});

describe('gross price (docs/product/constants.md)', () => {
  it('is the valid tier with minimum quantity 1 or less', () => {
    const tiers: PriceTier[] = [
      { priceCents: 1000, minQuantity: 0 },
      { priceCents: 900, minQuantity: 1 },
      { priceCents: 800, minQuantity: 10 },
    ];
    expect(grossTier(tiers, ON)?.priceCents).toBe(900);
  });

  it('ignores expired tiers and returns null when none applies', () => {
    expect(grossTier([{ priceCents: 900, minQuantity: 1, dateEnd: '2026-01-01' }], ON)).toBeNull();
    expect(grossTier([{ priceCents: 800, minQuantity: 10 }], ON)).toBeNull();
  });
});

describe('tier breaks, as a product page lists them', () => {
  const at = (tiers: PriceTier[]) =>
    tierBreaks(tiers, ON).map((b) => [b.minQuantity, b.tier.priceCents] as const);

  it('lists one price per quantity from which it applies: a standing price and a dated one that replaces it are one line', () => {
    // The real catalogue's Bravecto: 34.37 from 0, and 30.93 from 1 until mid-January.
    const tiers: PriceTier[] = [
      { priceCents: 3437, minQuantity: 0 },
      { priceCents: 3093, minQuantity: 1, dateStart: '2026-10-31', dateEnd: '2027-01-16' },
    ];
    expect(at(tiers)).toEqual([[1, 3093]]);
    expect(grossTier(tiers, ON)?.priceCents).toBe(3093);
    // Once the dated price has ended, the standing one.
    expect(tierBreaks(tiers, '2027-01-17').map((b) => b.tier.priceCents)).toEqual([3437]);
  });

  it('keeps the breaks where the price changes, priced as a cart of that quantity is', () => {
    const tiers: PriceTier[] = [
      { priceCents: 1000, minQuantity: 0 },
      { priceCents: 900, minQuantity: 10 },
      { priceCents: 900, minQuantity: 20 },
      { priceCents: 800, minQuantity: 50 },
      { priceCents: 700, minQuantity: 100, dateEnd: '2026-01-01' },
    ];
    expect(at(tiers)).toEqual([
      [1, 1000],
      [10, 900],
      [50, 800],
    ]);
    for (const [qty, price] of at(tiers)) expect(tierFor(tiers, qty, ON)?.priceCents).toBe(price);
    expect(at([])).toEqual([]);
  });
});

describe('volume discounts (docs/product/constants.md)', () => {
  it('are the valid discounts with a minimum quantity above 0, sorted by quantity', () => {
    const d: Discount[] = [
      { discountBp: 1000, minQuantity: 20, exclusive: false },
      { discountBp: 500, minQuantity: 0, exclusive: false },
      { discountBp: 700, minQuantity: 5, exclusive: false },
      { discountBp: 900, minQuantity: 8, exclusive: false, dateStart: '2027-01-01' },
    ];
    expect(volumeDiscounts(d, ON).map((x) => x.minQuantity)).toEqual([5, 20]);
  });
});

describe('net price (docs/product/constants.md)', () => {
  it('states the discount rates taken, not the rate the rounded cents give back (docs/decisions/pricing-net-price.md)', () => {
    // 3 % off 7.57 is 7.34: (757 − 734) / 757 would say 3.04 %.
    const r = netPrice(
      {
        tiers: [{ priceCents: 757, minQuantity: 1 }],
        discounts: [{ discountBp: 300, minQuantity: 0, exclusive: false }],
      },
      ON,
    );
    expect(r).toMatchObject({ netCents: 734, totalDiscountBp: 300 });
    expect(combinedDiscountBp(1000, 1000)).toBe(1900);
    expect(combinedDiscountBp(300, 800)).toBe(1076);
    expect(combinedDiscountBp()).toBe(0);
    expect(combinedDiscountBp(10_000, 500)).toBe(10_000);
  });

  it('subtracts the best quantity-0 discount then the supplier discount', () => {
    const r = netPrice(
      {
        tiers: [{ priceCents: 10_000, minQuantity: 1 }],
        discounts: [
          { discountBp: 500, minQuantity: 0, exclusive: false },
          { discountBp: 1000, minQuantity: 0, exclusive: false },
          { discountBp: 3000, minQuantity: 5, exclusive: false },
        ],
        supplierDiscounts: [{ discountBp: 1000 }],
      },
      ON,
    );
    expect(r.grossCents).toBe(10_000);
    expect(r.netCents).toBe(8_100); // 100 − 10 % = 90, − 10 % = 81
    expect(r.totalDiscountBp).toBe(1900);
  });

  it('skips the supplier discount when the discount is exclusive', () => {
    const r = netPrice(
      {
        tiers: [{ priceCents: 10_000, minQuantity: 1 }],
        discounts: [{ discountBp: 1000, minQuantity: 0, exclusive: true }],
        supplierDiscounts: [{ discountBp: 2000 }],
      },
      ON,
    );
    expect(r.netCents).toBe(9_000);
    expect(r.appliedSupplierDiscount).toBeNull();
  });

  it('ignores discounts outside their dates', () => {
    const r = netPrice(
      {
        tiers: [{ priceCents: 2_000, minQuantity: 0 }],
        discounts: [{ discountBp: 5000, minQuantity: 0, exclusive: false, dateEnd: '2026-11-20' }],
        supplierDiscounts: [{ discountBp: 1000, dateStart: '2026-11-22' }],
      },
      ON,
    );
    expect(r.netCents).toBe(2_000);
    expect(r.appliedDiscount).toBeNull();
  });

  it('rounds half-up to the cent', () => {
    expect(applyPercent(1_005, 5000)).toBe(503); // 5.025 EUR → 5.03
    expect(roundHalfUp(0.5)).toBe(1);
    expect(roundHalfUp(-0.5)).toBe(-1);
    expect(eurToCents('10,005')).toBe(1_001);
    expect(eurToCents(1.005)).toBe(101);
  });

  const tier = fc.record({
    priceCents: fc.integer({ min: 0, max: 10_000_000 }),
    minQuantity: fc.integer({ min: 0, max: 100 }),
  });
  const discount = fc.record({
    discountBp: fc.integer({ min: 0, max: 10_000 }),
    minQuantity: fc.integer({ min: 0, max: 50 }),
    exclusive: fc.boolean(),
  });
  const supplier = fc.record({ discountBp: fc.integer({ min: 0, max: 10_000 }) });

  it('property: 0 ≤ net ≤ gross, both integers, and total discount within 0–100 %', () => {
    fc.assert(
      fc.property(
        fc.array(tier, { maxLength: 6 }),
        fc.array(discount, { maxLength: 6 }),
        fc.array(supplier, { maxLength: 3 }),
        (tiers, discounts, supplierDiscounts) => {
          const r = netPrice({ tiers, discounts, supplierDiscounts }, ON);
          if (r.grossCents === null) {
            expect(tiers.every((t) => t.minQuantity > 1)).toBe(true);
            return;
          }
          expect(Number.isInteger(r.netCents)).toBe(true);
          expect(r.netCents!).toBeGreaterThanOrEqual(0);
          expect(r.netCents!).toBeLessThanOrEqual(r.grossCents);
          expect(r.totalDiscountBp).toBeGreaterThanOrEqual(0);
          expect(r.totalDiscountBp).toBeLessThanOrEqual(10_000);
        },
      ),
    );
  });

  it('property: a bigger quantity-0 discount never raises the net price', () => {
    fc.assert(
      fc.property(tier, discount, fc.integer({ min: 0, max: 10_000 }), (t, d, extra) => {
        const base = { ...t, minQuantity: 1 };
        const d0 = { ...d, minQuantity: 0, exclusive: false };
        const a = netPrice({ tiers: [base], discounts: [d0] }, ON);
        const b = netPrice(
          { tiers: [base], discounts: [d0, { ...d0, discountBp: Math.min(10_000, d0.discountBp + extra) }] },
          ON,
        );
        expect(b.netCents!).toBeLessThanOrEqual(a.netCents!);
      }),
    );
  });

  it('property: volume discounts (min quantity > 0) never change the unit net price', () => {
    fc.assert(
      fc.property(tier, fc.array(discount, { maxLength: 5 }), (t, ds) => {
        const base = { ...t, minQuantity: 1 };
        const zeros = ds.filter((d) => d.minQuantity === 0);
        const withVolume = netPrice({ tiers: [base], discounts: ds }, ON);
        const withoutVolume = netPrice({ tiers: [base], discounts: zeros }, ON);
        expect(withVolume.netCents).toBe(withoutVolume.netCents);
      }),
    );
  });

  it('property: the best base discount is the maximum of the quantity-0 ones', () => {
    fc.assert(
      fc.property(fc.array(discount, { maxLength: 8 }), (ds) => {
        const best = bestBaseDiscount(ds, ON);
        const zeros = ds.filter((d) => d.minQuantity === 0);
        if (zeros.length === 0) expect(best).toBeNull();
        else expect(best!.discountBp).toBe(Math.max(...zeros.map((d) => d.discountBp)));
      }),
    );
  });
});

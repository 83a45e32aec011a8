import { describe, expect, it } from 'vitest';
import { evaluateCoupon, type CouponTerms } from './coupons.ts';
import { bestFreeGoods, freeUnitsOf } from './free-goods.ts';
import { applyPriceTerms } from './price-terms.ts';

const coupon = (over: Partial<CouponTerms> = {}): CouponTerms => ({
  percentBp: 1000,
  amountCents: null,
  minOrderCents: 0,
  validFrom: null,
  validTo: null,
  usesPerCustomer: null,
  usesTotal: null,
  families: [],
  brandIds: [],
  active: true,
  ...over,
});
const lines = [
  { amountCents: 10_000, taxRateBp: 600, family: 'meds', brandId: 1 },
  { amountCents: 5_000, taxRateBp: 2100, family: 'equipment', brandId: 2 },
];
const none = { byCustomer: 0, total: 0 };

describe('evaluateCoupon (docs/decisions/coupons.md)', () => {
  it('splits a percentage over the VAT rates of the eligible lines', () => {
    const out = evaluateCoupon(coupon(), lines, none, '2026-05-01');
    expect(out).toEqual({
      ok: true,
      reward: {
        untaxedCents: 1500,
        perRate: [
          { taxRateBp: 600, cents: 1000 },
          { taxRateBp: 2100, cents: 500 },
        ],
        totalCents: 1500 + 60 + 105,
      },
    });
  });

  it('refuses in order: unknown/inactive, expired, used, minimum, not applicable', () => {
    const on = '2026-05-01';
    expect(evaluateCoupon(null, lines, none, on)).toEqual({ ok: false, reason: 'coupon_unknown' });
    expect(evaluateCoupon(coupon({ active: false }), lines, none, on)).toMatchObject({
      reason: 'coupon_unknown',
    });
    expect(evaluateCoupon(coupon({ validTo: '2026-04-30' }), lines, none, on)).toMatchObject({
      reason: 'coupon_expired',
    });
    expect(evaluateCoupon(coupon({ usesTotal: 3 }), lines, { byCustomer: 0, total: 3 }, on)).toMatchObject({
      reason: 'coupon_used',
    });
    expect(evaluateCoupon(coupon({ minOrderCents: 15_001 }), lines, none, on)).toMatchObject({
      reason: 'coupon_minimum',
    });
    expect(evaluateCoupon(coupon({ brandIds: [9] }), lines, none, on)).toMatchObject({
      reason: 'coupon_not_applicable',
    });
  });

  it('caps a fixed amount at the eligible amount', () => {
    const out = evaluateCoupon(
      coupon({ percentBp: null, amountCents: 9_999, families: ['equipment'] }),
      lines,
      none,
      '2026-05-01',
    );
    expect(out.ok && out.reward.untaxedCents).toBe(5_000);
  });
});

describe('free goods (docs/decisions/supplier-promotions.md)', () => {
  it('10 + 2: 24 → 4, 9 → 0; the best valid term applies', () => {
    expect(freeUnitsOf(24, { mainQuantity: 10, promoQuantity: 2 })).toBe(4);
    expect(freeUnitsOf(9, { mainQuantity: 10, promoQuantity: 2 })).toBe(0);
    const terms = [
      { mainQuantity: 10, promoQuantity: 2, dateStart: null, dateEnd: null },
      { mainQuantity: 5, promoQuantity: 1, dateStart: null, dateEnd: '2026-01-01' },
      { mainQuantity: 6, promoQuantity: 2, dateStart: null, dateEnd: null },
    ];
    expect(bestFreeGoods(24, terms, '2026-05-01')?.units).toBe(8);
  });
});

describe('applyPriceTerms (docs/decisions/price-terms.md)', () => {
  const price = { grossCents: 10_000, netCents: 9_000, discountBp: 1000 };
  it('takes the larger of family and group discounts off the net price; gross list charges gross', () => {
    const terms = { familyDiscountsBp: { meds: 500 }, grossPriceList: false };
    expect(applyPriceTerms(price, { family: 'meds', groupDiscountBp: 300 }, terms)).toEqual({
      grossCents: 10_000,
      netCents: 8_550,
      discountBp: 1450,
    });
    expect(applyPriceTerms(price, { family: 'food', groupDiscountBp: 0 }, terms)).toEqual(price);
    expect(
      applyPriceTerms(price, { family: 'meds', groupDiscountBp: 0 }, { ...terms, grossPriceList: true }),
    ).toEqual({ grossCents: 10_000, netCents: 10_000, discountBp: 0 });
  });

  it('states the rates taken, not the rate the rounded cents give back (docs/decisions/pricing-net-price.md)', () => {
    // 3 % off 7.57 is 7.34 (7.3429), then 5 % off is 6.97 (6.973): the cents say 7.93 %.
    const small = { grossCents: 757, netCents: 734, discountBp: 300 };
    const terms = { familyDiscountsBp: { meds: 500 }, grossPriceList: false };
    expect(applyPriceTerms(small, { family: 'meds', groupDiscountBp: 0 }, terms)).toEqual({
      grossCents: 757,
      netCents: 697,
      discountBp: 785,
    });
  });
});

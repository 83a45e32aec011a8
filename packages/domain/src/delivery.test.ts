import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DELIVERY_TERMS,
  belgianPublicHolidays,
  expectedDeliveryDate,
  isBusinessDay,
  brusselsDateTime,
} from './delivery.ts';

const van = { cutoffTime: '16:00', leadBusinessDays: 1 };

describe('Belgian public holidays', () => {
  it('lists the ten holidays of 2026 with the movable feasts of Easter', () => {
    expect(belgianPublicHolidays(2026)).toEqual([
      '2026-01-01',
      '2026-04-06', // Easter Monday (Easter 5 April)
      '2026-05-01',
      '2026-05-14', // Ascension
      '2026-05-25', // Whit Monday
      '2026-07-21',
      '2026-08-15',
      '2026-11-01',
      '2026-11-11',
      '2026-12-25',
    ]);
    expect(belgianPublicHolidays(2027)).toContain('2027-03-29');
  });

  it('counts weekdays that are not holidays as business days', () => {
    expect(isBusinessDay('2026-11-24')).toBe(true); // Tuesday
    expect(isBusinessDay('2026-11-28')).toBe(false); // Saturday
    expect(isBusinessDay('2026-11-11')).toBe(false); // Armistice, a Wednesday
  });
});

describe('expectedDeliveryDate', () => {
  it('ships the same day before the cut-off and the next business day after it', () => {
    // Tuesday 24 November 2026, 10:00 and 17:30 in Brussels (UTC+1).
    expect(expectedDeliveryDate(new Date('2026-11-24T09:00:00Z'), van)).toBe('2026-11-25');
    expect(expectedDeliveryDate(new Date('2026-11-24T16:30:00Z'), van)).toBe('2026-11-26');
    expect(expectedDeliveryDate(new Date('2026-11-24T15:00:00Z'), van)).toBe('2026-11-25'); // 16:00 sharp
  });

  it('skips weekends and public holidays', () => {
    // Friday 18:00 → leaves Monday → Tuesday.
    expect(expectedDeliveryDate(new Date('2026-11-27T17:00:00Z'), van)).toBe('2026-12-01');
    // Tuesday 10 November before the cut-off: Wednesday 11 is Armistice → Thursday 12.
    expect(expectedDeliveryDate(new Date('2026-11-10T08:00:00Z'), van)).toBe('2026-11-12');
    // Christmas Eve 2026 (Thursday) after the cut-off: 25 Christmas, 26–27 weekend → leaves Monday 28 → 29.
    expect(
      expectedDeliveryDate(new Date('2026-12-24T17:00:00Z'), { cutoffTime: '16:00', leadBusinessDays: 1 }),
    ).toBe('2026-12-29');
    // Two business days for a parcel carrier, summer time (UTC+2).
    expect(
      expectedDeliveryDate(new Date('2026-07-17T13:00:00Z'), { cutoffTime: '16:00', leadBusinessDays: 2 }),
    ).toBe('2026-07-22'); // Fri 17 leaves, Mon 20, (Tue 21 National Day), Wed 22
  });

  it('always gives a business day strictly after the order day', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2025-01-01T00:00:00Z'),
          max: new Date('2030-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 1, max: 5 }),
        (at, lead) => {
          const d = expectedDeliveryDate(at, { cutoffTime: '15:30', leadBusinessDays: lead });
          expect(isBusinessDay(d)).toBe(true);
          expect(d > brusselsDateTime(at).date).toBe(true);
        },
      ),
    );
  });

  it('keeps the terms of sale as the only delivery charge', () => {
    expect(DELIVERY_TERMS).toEqual({
      handlingFeeCents: 1050,
      freeFromCents: 15_000,
      carrierSurchargeCents: 0,
    });
  });
});

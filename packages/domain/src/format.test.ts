import { describe, expect, it } from 'vitest';
import { FORMAT_LOCALES, formatNumber } from './format-number.ts';
import {
  formatDate,
  formatDateShort,
  formatDateTime,
  formatMoney,
  formatMoneyCents,
  formatMonth,
  formatPercent,
} from './format.ts';

/** Intl's no-break spaces (U+00A0, U+202F) as plain spaces, so expectations stay readable. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('locale tags', () => {
  it('fr-BE, nl-BE and en-US (docs/product/web-app-shell.md)', () => {
    expect(FORMAT_LOCALES).toEqual({ fr: 'fr-BE', nl: 'nl-BE', en: 'en-US' });
  });
});

describe('money', () => {
  it('EUR with 2 decimals in each locale', () => {
    expect(plain(formatMoney(1234.5, 'fr'))).toBe('1 234,50 €');
    expect(plain(formatMoney(1234.5, 'nl'))).toBe('€ 1.234,50');
    expect(plain(formatMoney(1234.5, 'en'))).toBe('€1,234.50');
    expect(plain(formatMoney(0, 'fr'))).toBe('0,00 €');
  });

  it('negative amounts', () => {
    expect(plain(formatMoney(-1234.5, 'fr'))).toBe('-1 234,50 €');
    expect(plain(formatMoney(-1234.5, 'nl'))).toBe('€ -1.234,50');
    expect(plain(formatMoney(-1234.5, 'en'))).toBe('-€1,234.50');
  });

  it('rounds half away from zero to the cent, never prints -0,00', () => {
    expect(plain(formatMoney(1.005, 'fr'))).toBe('1,01 €');
    expect(plain(formatMoney(0.125, 'en'))).toBe('€0.13');
    expect(plain(formatMoney(-0.125, 'en'))).toBe('-€0.13');
    expect(plain(formatMoney(2.675, 'nl'))).toBe('€ 2,68');
    expect(plain(formatMoney(12.344, 'fr'))).toBe('12,34 €');
    expect(plain(formatMoney(-0.004, 'fr'))).toBe('0,00 €');
  });

  it('integer cents', () => {
    expect(plain(formatMoneyCents(123450, 'fr'))).toBe('1 234,50 €');
    expect(plain(formatMoneyCents(-1999, 'nl'))).toBe('€ -19,99');
    expect(plain(formatMoneyCents(5, 'en'))).toBe('€0.05');
  });
});

describe('numbers and percentages', () => {
  it('numbers in each locale', () => {
    expect(plain(formatNumber(1234.5, 'fr'))).toBe('1 234,5');
    expect(formatNumber(1234.5, 'nl')).toBe('1.234,5');
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(2.46, 'fr', { max: 1 })).toBe('2,5');
    expect(formatNumber(5, 'en', { min: 2 })).toBe('5.00');
  });

  it('percentages given as 0-100', () => {
    expect(plain(formatPercent(12.5, 'fr'))).toBe('12,5 %');
    expect(formatPercent(12.5, 'nl')).toBe('12,5%');
    expect(formatPercent(12.5, 'en')).toBe('12.5%');
    expect(formatPercent(21, 'en')).toBe('21%');
  });
});

describe('dates', () => {
  it('long form in each locale', () => {
    expect(formatDate('2026-03-04', 'fr')).toBe('4 mars 2026');
    expect(formatDate('2026-03-04', 'nl')).toBe('4 maart 2026');
    expect(formatDate('2026-03-04', 'en')).toBe('March 4, 2026');
  });

  it('short numeric form in each locale', () => {
    expect(formatDateShort('2026-03-04', 'fr')).toBe('04/03/2026');
    expect(formatDateShort('2026-03-04', 'nl')).toBe('04/03/2026');
    expect(formatDateShort('2026-03-04', 'en')).toBe('03/04/2026');
  });

  it('a timestamp near midnight UTC is the next day in Brussels', () => {
    // 23:30 UTC on 4 March is 00:30 on 5 March in Brussels (UTC+1); in summer (UTC+2) from 22:00 UTC.
    expect(formatDate('2026-03-04T23:30:00Z', 'en')).toBe('March 5, 2026');
    expect(formatDateShort(new Date('2026-03-04T23:30:00Z'), 'fr')).toBe('05/03/2026');
    expect(formatDate('2026-07-31T22:15:00Z', 'nl')).toBe('1 augustus 2026');
    expect(plain(formatDateTime('2026-03-04T23:30:05Z', 'fr'))).toBe('05/03/2026 00:30');
    expect(plain(formatDateTime('2026-03-04T23:30:05Z', 'nl', { seconds: true }))).toBe(
      '05/03/2026, 00:30:05',
    );
    expect(formatDateTime('2026-03-04T08:05:00Z', 'en')).toBe('03/04/2026, 09:05');
  });

  it('a calendar day never shifts', () => {
    expect(formatDate('2026-10-25', 'fr')).toBe('25 octobre 2026');
    expect(formatDateShort('2026-01-01', 'en')).toBe('01/01/2026');
  });

  it('unparsable values are printed as given', () => {
    expect(formatDate('soon', 'fr')).toBe('soon');
    expect(formatDateShort(new Date('x'), 'fr')).toBe('');
    expect(formatDateTime('', 'en')).toBe('');
  });

  it('month names', () => {
    expect(formatMonth('2026-03', 'fr', 'long')).toBe('mars');
    expect(formatMonth('2026-03', 'nl', 'short')).toBe('mrt');
    expect(formatMonth('2026-03', 'en', 'short')).toBe('Mar');
    expect(formatMonth('2026-12', 'en', 'long')).toBe('December');
  });
});

import { describe, expect, it } from 'vitest';
import { advertisementInputSchema, cmsContentInputSchema, cmsUrlSchema, isWithinDates } from './cms.ts';

describe('isWithinDates (docs/product/community-and-content.md: valid when now is inside the dates)', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it('is inclusive and open-ended when a date is missing', () => {
    expect(isWithinDates(null, null, now)).toBe(true);
    expect(isWithinDates('2026-11-21T12:00:00Z', '2026-11-21T12:00:00Z', now)).toBe(true);
    expect(isWithinDates('2026-11-21T12:00:01Z', null, now)).toBe(false);
    expect(isWithinDates(null, '2026-11-21T11:59:59Z', now)).toBe(false);
  });
});

describe('content contracts', () => {
  it('slugs: lowercase words and hyphens separated by /', () => {
    expect(cmsUrlSchema.parse(' Legal/Terms-Of-Sale ')).toBe('legal/terms-of-sale');
    for (const bad of ['', 'a//b', '/a', 'a/', 'a b', 'é', '../x', 'a--b', '-a'])
      expect(cmsUrlSchema.safeParse(bad).success, bad).toBe(false);
  });
  it('advertisements default to display time −1 and slot bottom_right (docs/product/constants.md)', () => {
    const ad = advertisementInputSchema.parse({ name: 'Ad' });
    expect(ad.display_time).toBe(-1);
    expect(ad.display_slot).toBe('bottom_right');
    expect(advertisementInputSchema.safeParse({ name: 'Ad', link: 'javascript:alert(1)' }).success).toBe(
      false,
    );
    expect(advertisementInputSchema.safeParse({ name: 'Ad', link: '//evil.example' }).success).toBe(false);
    expect(advertisementInputSchema.parse({ name: 'Ad', link: '/fr/promotions' }).link).toBe(
      '/fr/promotions',
    );
  });
  it('a content needs at least one translation', () => {
    expect(cmsContentInputSchema.safeParse({ type: 'page', translations: {} }).success).toBe(false);
    expect(
      cmsContentInputSchema.safeParse({ type: 'page', translations: { nl: { url: 'x', title: 'X' } } })
        .success,
    ).toBe(true);
  });
});

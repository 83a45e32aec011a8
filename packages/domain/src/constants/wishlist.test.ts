import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { wishlistNameSchema } from '../contracts/wishlist.ts';
import { WISHLIST_NAME_MAX, wishlistNameIssue } from './wishlist.ts';

describe('wishlistNameIssue (the browser check without zod)', () => {
  it('agrees with the contract on every name: valid exactly when the schema accepts it, same trimmed value', () => {
    const names = fc.oneof(
      fc.string({ maxLength: WISHLIST_NAME_MAX + 20 }),
      fc.string({ unit: 'grapheme', maxLength: WISHLIST_NAME_MAX + 5 }),
      fc.constantFrom(
        '',
        '   ',
        '\t\n',
        ' a ',
        'x'.repeat(WISHLIST_NAME_MAX),
        ` ${'x'.repeat(WISHLIST_NAME_MAX)} `,
      ),
    );
    fc.assert(
      fc.property(names, (name) => {
        const parsed = wishlistNameSchema.safeParse(name);
        const { issue, trimmed } = wishlistNameIssue(name);
        expect(issue === null).toBe(parsed.success);
        if (parsed.success) expect(trimmed).toBe(parsed.data);
      }),
      { numRuns: 2000 },
    );
  });

  it('names the issue: blank → name_required, one character over → name_too_long', () => {
    expect(wishlistNameIssue('  ').issue).toBe('name_required');
    expect(wishlistNameIssue('x'.repeat(WISHLIST_NAME_MAX + 1)).issue).toBe('name_too_long');
    expect(wishlistNameIssue(` ${'x'.repeat(WISHLIST_NAME_MAX)} `)).toEqual({
      issue: null,
      trimmed: 'x'.repeat(WISHLIST_NAME_MAX),
    });
  });
});

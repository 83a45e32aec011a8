import { describe, expect, it } from 'vitest';
import { LOCALES } from '@vetshop/domain';
import { getPathname } from './navigation';
import { localePath } from './paths';

describe('localePath (i18n/paths.ts)', () => {
  it("equals next-intl's getPathname for the shop's kinds of hrefs, in every locale", () => {
    const hrefs = [
      '/',
      '/?q=vaccin',
      '/#main',
      '/search',
      '/search?q=amoxicilline&page=2',
      '/c/medicaments/antibiotiques',
      '/p/cefaseptin-75-mg?variant=12#prix',
      '/account/login?target=%2Ffr%2Fcart',
    ];
    for (const locale of LOCALES) {
      for (const href of hrefs) expect(localePath(locale, href)).toBe(getPathname({ href, locale }));
    }
  });

  it('writes the locale prefix in front of the path', () => {
    expect(localePath('nl', '/c/voeding')).toBe('/nl/c/voeding');
    expect(localePath('en', '/')).toBe('/en');
  });
});

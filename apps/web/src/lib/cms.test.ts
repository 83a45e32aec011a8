import { describe, expect, it } from 'vitest';
import type { CmsContent } from '@vetshop/domain';
import { contentHref, contentPath, localePaths, slugOf, switcherPaths } from './cms';

const page: CmsContent = {
  id: 1,
  type: 'page',
  lang: 'fr',
  url: 'aide/livraison',
  locale_urls: { fr: 'aide/livraison', en: 'help/delivery' },
  title: 'Livraison',
  foreword: '',
  content: '<p>x</p>',
  meta_description: '',
  group: null,
  slot: null,
  date: null,
  sequence: 0,
  image_url: null,
  thumbnail_url: null,
  file_url: null,
  file_name: null,
};

describe('content paths (docs/product/community-and-content.md#website-content: translated slugs for the locale switcher and hreflang)', () => {
  it('builds /{lang}/{route}/{slug} with each segment encoded', () => {
    expect(contentPath('fr', 'page', 'aide/livraison')).toBe('/fr/page/aide/livraison');
    expect(contentPath('nl', 'news', '/a b/c/')).toBe('/nl/news/a%20b/c');
  });
  it('builds the locale-free /{route}/{slug} href of the navigation Link', () => {
    expect(contentHref('news', '/a b/c/')).toBe('/news/a%20b/c');
    expect(contentHref('page', 'aide/livraison')).toBe('/page/aide/livraison');
  });
  it('joins and decodes the catch-all segments; a malformed escape is kept as is', () => {
    expect(slugOf(['aide', 'livraison'])).toBe('aide/livraison');
    expect(slugOf(['caf%C3%A9'])).toBe('café');
    expect(slugOf(['%E0%A4%A'])).toBe('%E0%A4%A');
  });
  it('lists only the locales that have a translation', () => {
    expect(localePaths(page, 'page')).toEqual({
      fr: '/fr/page/aide/livraison',
      en: '/en/page/help/delivery',
    });
  });
  it('sends the switcher to the home page (pages) or the news list (news) of a locale without translation', () => {
    expect(switcherPaths(page, 'page')).toEqual({
      fr: '/fr/page/aide/livraison',
      nl: '/nl',
      en: '/en/page/help/delivery',
    });
    expect(switcherPaths({ ...page, type: 'news' }, 'news').nl).toBe('/nl/news');
  });
});

import { describe, expect, it } from 'vitest';
import {
  APP_LINK_ATTRIBUTE,
  APP_LINK_FULL_PREFETCH,
  APP_LINK_KEEP_SCROLL_ATTRIBUTE,
} from './app-link-attributes';
import {
  appLinkClickTarget,
  appLinkPrefetchTarget,
  isInternalNavigation,
  type LinkClick,
  type PageLocation,
} from './link-clicks';

const page: PageLocation = {
  href: 'https://shop.test/fr/c/medicaments?page=2',
  origin: 'https://shop.test',
  pathname: '/fr/c/medicaments',
  search: '?page=2',
};

/** A stand-in for an `<a>` (what `closest('a')` returns): absolute href, attributes by name. */
function anchor(href: string, attributes: Record<string, string> = {}) {
  const el = {
    href: new URL(href, page.href).href,
    target: attributes.target ?? '',
    hasAttribute: (name: string) => name in attributes,
    getAttribute: (name: string) => attributes[name] ?? null,
    closest: (selector: string): unknown => (selector === 'a' ? el : null),
  };
  return el as typeof el & EventTarget;
}

/** A target inside `a` (a span of the link's text). */
const inside = (a: ReturnType<typeof anchor>) =>
  ({ closest: (s: string) => a.closest(s) }) as unknown as EventTarget;

function click(target: unknown, over: Partial<LinkClick> = {}): LinkClick {
  return {
    defaultPrevented: false,
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    target: target as EventTarget,
    ...over,
  };
}

const appLink = (href: string, more: Record<string, string> = {}) =>
  anchor(href, { [APP_LINK_ATTRIBUTE]: '', ...more });

describe('app-link clicks', () => {
  it('navigates in the page on a plain click on an app link, with query and hash', () => {
    expect(appLinkClickTarget(click(appLink('/fr/c/vaccins')), page)).toEqual({
      path: '/fr/c/vaccins',
      scroll: true,
    });
    expect(appLinkClickTarget(click(inside(appLink('/fr/p/x?variant=3#prix'))), page)).toEqual({
      path: '/fr/p/x?variant=3#prix',
      scroll: true,
    });
  });

  it('keeps the scroll position for a link marked so (a filter chip)', () => {
    const chip = appLink('/fr/c/medicaments?page=2', { [APP_LINK_KEEP_SCROLL_ATTRIBUTE]: '' });
    expect(appLinkClickTarget(click(chip), page)).toEqual({
      path: '/fr/c/medicaments?page=2',
      scroll: false,
    });
  });

  it('leaves to the browser: modifier keys, other buttons, handled clicks, new windows, downloads', () => {
    const a = appLink('/fr/c/vaccins');
    for (const over of [
      { ctrlKey: true },
      { metaKey: true },
      { shiftKey: true },
      { altKey: true },
      { button: 1 },
      { defaultPrevented: true },
    ])
      expect(appLinkClickTarget(click(a, over), page)).toBeNull();
    expect(appLinkClickTarget(click(appLink('/fr/c/vaccins', { target: '_blank' })), page)).toBeNull();
    expect(appLinkClickTarget(click(appLink('/fr/doc.pdf', { download: '' })), page)).toBeNull();
  });

  it('leaves other origins and anchors that are not app links to the browser', () => {
    expect(appLinkClickTarget(click(appLink('https://example.org/fr')), page)).toBeNull();
    expect(appLinkClickTarget(click(anchor('/fr/c/vaccins')), page)).toBeNull();
    expect(appLinkClickTarget(click({ closest: () => null }), page)).toBeNull();
    expect(appLinkClickTarget(click(null), page)).toBeNull();
  });

  it('prefetches the path and query of an app link of this origin, without the hash', () => {
    expect(appLinkPrefetchTarget(inside(appLink('/nl/p/y?variant=2#a')), page)).toEqual({
      path: '/nl/p/y?variant=2',
      full: false,
    });
    expect(
      appLinkPrefetchTarget(
        appLink('/nl/search?q=x', { [APP_LINK_ATTRIBUTE]: APP_LINK_FULL_PREFETCH }),
        page,
      ),
    ).toEqual({ path: '/nl/search?q=x', full: true });
    expect(appLinkPrefetchTarget(appLink('https://example.org/nl'), page)).toBeNull();
    expect(appLinkPrefetchTarget(anchor('/nl/p/y'), page)).toBeNull();
  });
});

describe('internal navigation (page-loading bar)', () => {
  it('counts plain clicks on same-origin links to another path or query, app links or not', () => {
    expect(isInternalNavigation(click(anchor('/fr/c/vaccins')), page)).toBe(true);
    expect(isInternalNavigation(click(appLink('/fr/c/medicaments?page=3')), page)).toBe(true);
  });

  it('does not count a jump on the same page, a new tab or another origin', () => {
    expect(isInternalNavigation(click(anchor('/fr/c/medicaments?page=2#filters')), page)).toBe(false);
    expect(isInternalNavigation(click(anchor('/fr/c/vaccins'), { ctrlKey: true }), page)).toBe(false);
    expect(isInternalNavigation(click(anchor('https://example.org/fr/c/vaccins')), page)).toBe(false);
  });
});

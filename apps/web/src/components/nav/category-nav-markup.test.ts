import { describe, expect, it } from 'vitest';
import { parseFragment } from 'parse5';
import { all, attr, children, text, type Element } from '../../test/html-tree';
import { classesNotInGlobalsCss } from '../../test/css-classes';
import type { CategoryTreeNode } from '@vetshop/domain';
import { drawerItemsHtml, megaMenuItemsHtml, type NavLink } from './category-nav-markup';

const node = (id: number, name: string, sequence: number, kids: CategoryTreeNode[] = []): CategoryTreeNode =>
  ({ id, name, url_key: `k-${id}`, sequence, children: kids }) as unknown as CategoryTreeNode;

/** Two roots given out of order: one with a child and grand-children, one without children. */
const roots = [
  node(2, 'Matériel', 2),
  node(1, 'Médicaments & <vaccins> "chiens"', 1, [
    node(12, 'Antibiotiques', 2),
    node(11, 'Antiparasitaires', 1, [node(112, 'Internes', 2), node(111, "Externes d'été", 1)]),
  ]),
];
const links: NavLink[] = [{ key: 'promotions', href: '/promotions', label: 'Promotions' }];
const labels = { allOf: (name: string) => `Tout : ${name}` };

describe('category navigation markup', () => {
  it('draws the mega-menu: roots by sequence, escaped names, locale links, test ids, then the plain links', () => {
    const html = megaMenuItemsHtml('nl', roots, links, labels);
    expect(html).not.toContain('<vaccins>');
    const items = children(parseFragment(html));
    expect(items.map((li) => li.tagName)).toEqual(['li', 'li', 'li']);

    const [withChildren, leafless, plain] = items as [Element, Element, Element];
    const details = children(withChildren)[0]!;
    expect(details.tagName).toBe('details');
    const summary = children(details)[0]!;
    expect(summary.tagName).toBe('summary');
    expect(attr(summary, 'data-testid')).toBe('main-nav-c-1');
    expect(text(summary)).toBe('Médicaments & <vaccins> "chiens"');
    expect(children(summary).map((e) => e.tagName)).toEqual(['svg']);

    const panel = children(details)[1]!;
    expect(attr(panel, 'data-testid')).toBe('main-nav-panel-1');
    const anchors = all(panel, 'a');
    expect(anchors.map((a) => [attr(a, 'href'), text(a)])).toEqual([
      ['/nl/c/k-1', 'Tout : Médicaments & <vaccins> "chiens"'],
      ['/nl/c/k-11', 'Antiparasitaires'],
      ['/nl/c/k-111', "Externes d'été"],
      ['/nl/c/k-112', 'Internes'],
      ['/nl/c/k-12', 'Antibiotiques'],
    ]);
    // Every link is an in-app link the header's router follows (components/nav/AppAnchor.tsx).
    for (const a of all(parseFragment(html), 'a')) expect(attr(a, 'data-app-link')).toBe('');
    // A child without children has no list of its own.
    expect(all(panel, 'ul')).toHaveLength(2);

    const rootLink = children(leafless)[0]!;
    expect([rootLink.tagName, attr(rootLink, 'href'), attr(rootLink, 'data-testid'), text(rootLink)]).toEqual(
      ['a', '/nl/c/k-2', 'main-nav-c-2', 'Matériel'],
    );
    const promo = children(plain)[0]!;
    expect([attr(promo, 'href'), attr(promo, 'data-testid'), text(promo)]).toEqual([
      '/nl/promotions',
      'main-nav-promotions',
      'Promotions',
    ]);
  });

  it('draws the drawer: accordions with "see all" first, leafless roots and plain links as rows', () => {
    const html = drawerItemsHtml('en', roots, links, labels);
    const items = children(parseFragment(html));
    expect(items).toHaveLength(3);
    const details = children(items[0]!)[0]!;
    expect(details.tagName).toBe('details');
    expect(text(children(details)[0]!)).toBe('Médicaments & <vaccins> "chiens"');
    const list = children(details)[1]!;
    expect(list.tagName).toBe('ul');
    expect(all(list, 'a').map((a) => attr(a, 'href'))).toEqual([
      '/en/c/k-1',
      '/en/c/k-11',
      '/en/c/k-111',
      '/en/c/k-112',
      '/en/c/k-12',
    ]);
    expect(text(all(list, 'a')[0]!)).toBe('Tout : Médicaments & <vaccins> "chiens"');
    expect(all(items[1]!, 'a').map((a) => attr(a, 'href'))).toEqual(['/en/c/k-2']);
    expect(all(items[2]!, 'a').map((a) => attr(a, 'href'))).toEqual(['/en/promotions']);
    // The drawer carries no test ids of the bar (they must stay unique in the page).
    expect(html).not.toContain('data-testid');
  });

  it('escapes an attribute value that would close its quotes', () => {
    const html = megaMenuItemsHtml(
      'fr',
      [node(3, 'x', 1)],
      [{ key: 'a"b', href: '/p?q="><script>', label: 'L' }],
      labels,
    );
    const a = all(parseFragment(html), 'a')[1]!;
    expect(attr(a, 'href')).toBe('/fr/p?q="><script>');
    expect(attr(a, 'data-testid')).toBe('main-nav-a"b');
    expect(all(parseFragment(html), 'script')).toHaveLength(0);
  });

  it('gives each element a short class that app/globals.css defines', () => {
    const html = megaMenuItemsHtml('fr', roots, links, labels) + drawerItemsHtml('fr', roots, links, labels);
    expect(html).toContain('class="mega-leaf"');
    expect(classesNotInGlobalsCss(html, ['group'])).toEqual([]);
  });
});

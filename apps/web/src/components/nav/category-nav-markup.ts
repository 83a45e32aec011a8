import escapeHtml from 'escape-html';
import type { CategoryTreeNode, Locale } from '@vetshop/domain';
import { appLinkHtml as appLink, element } from '../../lib/markup';

/**
 * The category navigation's list items as HTML, built once per render by string concatenation
 * instead of as React elements (docs/decisions/category-nav-markup.md). The tree is drawn twice in
 * every page's header (the mega-menu and the drawer: a few hundred links and disclosures); as
 * elements, React serialised, parsed back, rendered and hydrated each of them on every page. The
 * markup is the one the elements rendered: the same tags, `data-testid`s and `data-app-link`
 * anchors (components/nav/AppAnchor.tsx), every text and attribute escaped; each element's utilities
 * are one short class of app/globals.css.
 */

/** A plain link of the main navigation (promotions, selection). */
export interface NavLink {
  key: string;
  /** Path without the locale prefix (`/promotions`): the locale prefix is added. */
  href: string;
  label: string;
}

/** Labels of the navigation, already translated (header namespace). */
export interface NavLabels {
  /** "See all: {name}" with the root's name filled in by the caller. */
  allOf: (name: string) => string;
}

/** The disclosure's chevron (decorative), turned while its `<details>` is open. */
const CHEVRON =
  '<svg aria-hidden="true" focusable="false" viewBox="0 0 20 20" class="nav-chevron" fill="currentColor"><path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z"></path></svg>';

const bySequence = (a: CategoryTreeNode, b: CategoryTreeNode) => a.sequence - b.sequence;

/** Path of a category page without the locale prefix. */
const categoryPath = (c: CategoryTreeNode) => `/c/${c.url_key}`;

/** Class names of one rendering of the sub-category tree. */
interface TreeClasses {
  child: string;
  leafList: string;
  leaf: string;
}

/** The children of a category root and their own children, as list items of links. */
function subcategoryItems(locale: Locale, root: CategoryTreeNode, classes: TreeClasses): string {
  return [...root.children]
    .sort(bySequence)
    .map((child) => {
      const leaves =
        child.children.length > 0
          ? element(
              'ul',
              classes.leafList ? { class: classes.leafList } : {},
              [...child.children]
                .sort(bySequence)
                .map((leaf) => `<li>${appLink(locale, categoryPath(leaf), classes.leaf, leaf.name)}</li>`)
                .join(''),
            )
          : '';
      return `<li>${appLink(locale, categoryPath(child), classes.child, child.name)}${leaves}</li>`;
    })
    .join('');
}

/** `<summary>` of a category root's disclosure: its name and the chevron. */
function summary(className: string, name: string, extra: Record<string, string> = {}): string {
  return element('summary', { class: className, ...extra }, `${escapeHtml(name)}${CHEVRON}`);
}

/**
 * The desktop mega-menu bar's list items: one per category root (by sequence), a link when it has
 * no children, else a `<details>` whose panel holds "see all", the children and their children in
 * columns; then the plain links. `data-testid`s: `main-nav-c-{id}` (root link or summary),
 * `main-nav-panel-{id}` (panel), `main-nav-{key}` (plain link).
 */
export function megaMenuItemsHtml(
  locale: Locale,
  roots: readonly CategoryTreeNode[],
  links: readonly NavLink[],
  labels: NavLabels,
): string {
  const items = [...roots].sort(bySequence).map((root) => {
    const testId = { 'data-testid': `main-nav-c-${root.id}` };
    if (root.children.length === 0)
      return `<li>${appLink(locale, categoryPath(root), 'mega-link', root.name, testId)}</li>`;
    const panel = element(
      'div',
      {
        class: 'mega-panel',
        'data-testid': `main-nav-panel-${root.id}`,
      },
      appLink(locale, categoryPath(root), 'mega-all', labels.allOf(root.name)) +
        element(
          'ul',
          { class: 'mega-grid' },
          subcategoryItems(locale, root, { child: 'mega-child', leafList: 'mega-leaves', leaf: 'mega-leaf' }),
        ),
    );
    const head = summary('nav-summary mega-summary', root.name, testId);
    return `<li>${element('details', { class: 'group' }, head + panel)}</li>`;
  });
  const plain = links.map(
    (item) =>
      `<li>${appLink(locale, item.href, 'mega-link', item.label, { 'data-testid': `main-nav-${item.key}` })}</li>`,
  );
  return items.join('') + plain.join('');
}

/**
 * The small-screen drawer's list items: each category root (by sequence) a link when it has no
 * children, else an accordion (`<details>`) holding "see all", its children and their children
 * (indented); then the plain links.
 */
export function drawerItemsHtml(
  locale: Locale,
  roots: readonly CategoryTreeNode[],
  links: readonly NavLink[],
  labels: NavLabels,
): string {
  const row = 'drawer-row';
  const items = [...roots].sort(bySequence).map((root) => {
    if (root.children.length === 0) return `<li>${appLink(locale, categoryPath(root), row, root.name)}</li>`;
    const list = element(
      'ul',
      { class: 'drawer-list' },
      `<li>${appLink(locale, categoryPath(root), 'drawer-all', labels.allOf(root.name))}</li>` +
        subcategoryItems(locale, root, { child: 'drawer-child', leafList: '', leaf: 'drawer-leaf' }),
    );
    const head = summary('nav-summary drawer-summary', root.name);
    return `<li>${element('details', { class: 'group' }, head + list)}</li>`;
  });
  const plain = links.map((item) => `<li>${appLink(locale, item.href, row, item.label)}</li>`);
  return items.join('') + plain.join('');
}

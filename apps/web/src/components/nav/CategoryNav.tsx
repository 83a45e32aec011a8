import type { CategoryTreeNode, Locale } from '@vetshop/domain';
import { DisclosureGroupBehaviourLazy } from '../shell/LazyIslands';

/** Id of the mega-menu's disclosure group (DisclosureGroupBehaviour finds it by this id). */
const MEGA_MENU_GROUP_ID = 'mega-menu';
import { AppLink } from './AppLink';

/** A plain link of the main navigation (promotions, selection). */
export interface NavLink {
  key: string;
  /** Path without the locale prefix (`/promotions`): AppLink adds it. */
  href: string;
  label: string;
}

/** Labels of the navigation, already translated (header namespace). */
export interface NavLabels {
  /** "See all: {name}" with the root's name filled in by the caller. */
  allOf: (name: string) => string;
}

const bySequence = (a: CategoryTreeNode, b: CategoryTreeNode) => a.sequence - b.sequence;

function Chevron() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 20 20"
      className="h-4 w-4 shrink-0 transition-transform group-open:rotate-180"
      fill="currentColor"
    >
      <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
    </svg>
  );
}

/** `<summary>` without the browser's marker. */
const SUMMARY = 'flex cursor-pointer list-none items-center gap-1 [&::-webkit-details-marker]:hidden';

/** Class names of one rendering of the sub-category tree. */
interface TreeClasses {
  child: string;
  leafList: string;
  leaf: string;
}

/**
 * The children of a category root and their own children, as list items of links (the mega-menu's
 * columns and the drawer's accordion share it; only the classes differ).
 */
function SubcategoryItems({
  locale,
  root,
  href,
  classes,
}: {
  locale: Locale;
  root: CategoryTreeNode;
  href: (c: CategoryTreeNode) => string;
  classes: TreeClasses;
}) {
  return [...root.children].sort(bySequence).map((child) => (
    <li key={child.id}>
      <AppLink locale={locale} href={href(child)} className={classes.child}>
        {child.name}
      </AppLink>
      {child.children.length > 0 ? (
        <ul className={classes.leafList}>
          {[...child.children].sort(bySequence).map((leaf) => (
            <li key={leaf.id}>
              <AppLink locale={locale} href={href(leaf)} className={classes.leaf}>
                {leaf.name}
              </AppLink>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  ));
}

/**
 * Desktop mega-menu (from 1024 px): one disclosure per category root (`<details>`, works without
 * JavaScript); its panel spans the width of the bar and lists "see all", the root's children and
 * their own children, in columns. Then the plain links (promotions, selection). Behaviour with
 * JavaScript (one open at a time, Escape, outside press, navigation): DisclosureGroupBehaviour,
 * an island that renders nothing and arrives after hydration.
 */
export function MegaMenu({
  locale,
  roots,
  links,
  labels,
  label,
}: {
  locale: Locale;
  /** Category roots with their children (GET /catalog/categories), any order. */
  roots: CategoryTreeNode[];
  links: NavLink[];
  labels: NavLabels;
  /** Accessible name of the navigation landmark. */
  label: string;
}) {
  const href = (c: CategoryTreeNode) => `/c/${c.url_key}`;
  return (
    <nav aria-label={label} className="hidden bg-brand lg:block" data-testid="main-nav">
      <div id={MEGA_MENU_GROUP_ID} className="relative mx-auto max-w-7xl px-4">
        <ul className="flex flex-wrap gap-1">
          {[...roots].sort(bySequence).map((root) => (
            <li key={root.id}>
              {root.children.length === 0 ? (
                <AppLink
                  locale={locale}
                  href={href(root)}
                  className="block px-3 py-2 text-sm font-semibold text-white hover:bg-brand-dark hover:underline"
                  data-testid={`main-nav-c-${root.id}`}
                >
                  {root.name}
                </AppLink>
              ) : (
                <details className="group">
                  <summary
                    className={`${SUMMARY} px-3 py-2 text-sm font-semibold text-white hover:bg-brand-dark group-open:bg-brand-dark`}
                    data-testid={`main-nav-c-${root.id}`}
                  >
                    {root.name}
                    <Chevron />
                  </summary>
                  <div
                    className="absolute inset-x-0 top-full z-40 max-h-[70vh] overflow-y-auto border border-line bg-white p-6 text-ink shadow-lg"
                    data-testid={`main-nav-panel-${root.id}`}
                  >
                    <AppLink
                      locale={locale}
                      href={href(root)}
                      className="mb-4 inline-block font-semibold text-brand underline-offset-2 hover:underline"
                    >
                      {labels.allOf(root.name)}
                    </AppLink>
                    <ul className="grid grid-cols-3 gap-x-8 gap-y-4 xl:grid-cols-4">
                      <SubcategoryItems
                        locale={locale}
                        root={root}
                        href={href}
                        classes={{
                          child: 'font-medium text-ink underline-offset-2 hover:text-brand hover:underline',
                          leafList: 'mt-1 space-y-1',
                          leaf: 'text-sm text-muted underline-offset-2 hover:text-brand hover:underline',
                        }}
                      />
                    </ul>
                  </div>
                </details>
              )}
            </li>
          ))}
          {links.map((item) => (
            <li key={item.key}>
              <AppLink
                locale={locale}
                href={item.href}
                className="block px-3 py-2 text-sm font-semibold text-white hover:bg-brand-dark hover:underline"
                data-testid={`main-nav-${item.key}`}
              >
                {item.label}
              </AppLink>
            </li>
          ))}
        </ul>
        <DisclosureGroupBehaviourLazy rootId={MEGA_MENU_GROUP_ID} />
      </div>
    </nav>
  );
}

/**
 * Navigation inside the small-screen menu drawer (below 1024 px): each category root is an
 * accordion (`<details>`) holding "see all", its children and their children (indented); then the
 * plain links. Every target is a link, so it works without JavaScript.
 */
export function DrawerNav({
  locale,
  roots,
  links,
  labels,
  label,
}: {
  locale: Locale;
  roots: CategoryTreeNode[];
  links: NavLink[];
  labels: NavLabels;
  label: string;
}) {
  const href = (c: CategoryTreeNode) => `/c/${c.url_key}`;
  const row = 'block px-4 py-3 text-ink hover:bg-surface';
  return (
    <nav aria-label={label} className="lg:hidden" data-testid="drawer-nav">
      <ul className="divide-y divide-line border-b border-line">
        {[...roots].sort(bySequence).map((root) => (
          <li key={root.id}>
            {root.children.length === 0 ? (
              <AppLink locale={locale} href={href(root)} className={`${row} font-semibold`}>
                {root.name}
              </AppLink>
            ) : (
              <details className="group">
                <summary className={`${SUMMARY} justify-between px-4 py-3 font-semibold hover:bg-surface`}>
                  {root.name}
                  <Chevron />
                </summary>
                <ul className="bg-surface pb-2">
                  <li>
                    <AppLink
                      locale={locale}
                      href={href(root)}
                      className="block px-6 py-2 font-medium text-brand"
                    >
                      {labels.allOf(root.name)}
                    </AppLink>
                  </li>
                  <SubcategoryItems
                    locale={locale}
                    root={root}
                    href={href}
                    classes={{
                      child: 'block px-6 py-2 text-ink hover:underline',
                      leafList: '',
                      leaf: 'block px-9 py-1.5 text-sm text-muted hover:underline',
                    }}
                  />
                </ul>
              </details>
            )}
          </li>
        ))}
        {links.map((item) => (
          <li key={item.key}>
            <AppLink locale={locale} href={item.href} className={`${row} font-semibold`}>
              {item.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

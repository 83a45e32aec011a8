import type { CategoryTreeNode, Locale } from '@vetshop/domain';
import { DisclosureGroupBehaviourLazy } from '../shell/LazyIslands';
import { drawerItemsHtml, megaMenuItemsHtml, type NavLabels, type NavLink } from './category-nav-markup';

export type { NavLabels, NavLink };

/** Id of the mega-menu's disclosure group (DisclosureGroupBehaviour finds it by this id). */
const MEGA_MENU_GROUP_ID = 'mega-menu';

/**
 * Desktop mega-menu (from 1024 px): one disclosure per category root (`<details>`, works without
 * JavaScript); its panel spans the width of the bar and lists "see all", the root's children and
 * their own children, in columns. Then the plain links (promotions, selection). Behaviour with
 * JavaScript (one open at a time, Escape, outside press, navigation): DisclosureGroupBehaviour,
 * an island that renders nothing and arrives after hydration. The list's items are one HTML string
 * (components/nav/category-nav-markup.ts, docs/decisions/category-nav-markup.md).
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
  return (
    <nav aria-label={label} className="hidden bg-brand lg:block" data-testid="main-nav">
      <div id={MEGA_MENU_GROUP_ID} className="relative mx-auto max-w-7xl px-4">
        <ul
          className="flex flex-wrap gap-1"
          dangerouslySetInnerHTML={{ __html: megaMenuItemsHtml(locale, roots, links, labels) }}
        />
        <DisclosureGroupBehaviourLazy rootId={MEGA_MENU_GROUP_ID} />
      </div>
    </nav>
  );
}

/**
 * Navigation inside the small-screen menu drawer (below 1024 px): each category root is an
 * accordion (`<details>`) holding "see all", its children and their children (indented); then the
 * plain links. Every target is a link, so it works without JavaScript. The list's items are one
 * HTML string (components/nav/category-nav-markup.ts).
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
  return (
    <nav aria-label={label} className="lg:hidden" data-testid="drawer-nav">
      <ul
        className="divide-y divide-line border-b border-line"
        dangerouslySetInnerHTML={{ __html: drawerItemsHtml(locale, roots, links, labels) }}
      />
    </nav>
  );
}

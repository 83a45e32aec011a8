/**
 * The pages the service worker can show offline (docs/decisions/service-worker-caching.md,
 * "Strategies"): the catalogue pages, by their first path segment after `/{lang}` (`''` is the home
 * page): home, categories, products, search, promotions, selection, vet group, news and content
 * pages. Shared by the worker (app/sw.ts, which keeps visited copies of these pages) and the
 * precache's scope (lib/shell/precache-scope.ts, which precaches the code of these pages only).
 * No Node or browser API here: the worker's bundle imports it.
 */
export const OFFLINE_PAGE_SEGMENTS = [
  '',
  'c',
  'p',
  'search',
  'promotions',
  'selection',
  'vetgroup',
  'news',
  'page',
] as const;

/** Locales of the shop's paths (same list as i18n/routing.ts, which the worker does not import). */
export const OFFLINE_LOCALES = ['fr', 'nl', 'en'] as const;

/** A catalogue page's path (`/fr`, `/nl/c/…`, `/en/p/…`, …) of {@link OFFLINE_PAGE_SEGMENTS}. */
export const CATALOGUE_PAGE = new RegExp(
  `^/(?:${OFFLINE_LOCALES.join('|')})(?:/?$|/(?:${OFFLINE_PAGE_SEGMENTS.filter(Boolean).join('|')})(?:/|$))`,
);

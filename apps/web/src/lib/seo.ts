import type { Metadata } from 'next';
import { LOCALES, type Locale } from '@vetshop/domain';
import { serverEnv } from './env';
import { localePath } from '../i18n/paths';

/** Path of the same page in each locale, e.g. { fr: '/fr/p/abc', nl: '/nl/p/abd', en: ... }. */
export type LocalePaths = Record<Locale, string>;

/** Same path under every locale prefix (for pages whose path does not depend on the locale). */
export function samePathEverywhere(pathWithoutLocale: string): LocalePaths {
  return Object.fromEntries(LOCALES.map((l) => [l, localePath(l, pathWithoutLocale)])) as LocalePaths;
}

/** Paths of a product or category page per locale from the api's `url_keys` (missing → current key). */
export function pathsFromUrlKeys(
  kind: 'p' | 'c',
  urlKeys: Record<string, string>,
  fallbackKey: string,
): LocalePaths {
  return Object.fromEntries(
    LOCALES.map((l) => [l, localePath(l, `/${kind}/${urlKeys[l] ?? fallbackKey}`)]),
  ) as LocalePaths;
}

/**
 * Canonical link (SITE_URL + current path, docs/product/web-app-shell.md#global-interface-pieces) and hreflang alternates for fr, nl, en and
 * x-default (the French page, default locale).
 */
export function alternatesFor(locale: Locale, paths: LocalePaths, query = ''): Metadata['alternates'] {
  const site = serverEnv().SITE_URL;
  return {
    canonical: `${site}${paths[locale]}${query}`,
    languages: {
      fr: `${site}${paths.fr}${query}`,
      nl: `${site}${paths.nl}${query}`,
      en: `${site}${paths.en}${query}`,
      'x-default': `${site}${paths.fr}${query}`,
    },
  };
}

/**
 * Paths and metadata of website content pages (docs/product/community-and-content.md#website-content routes /{lang}/page/{slug...} and
 * /{lang}/news/{slug...}): the page of a content in every locale from its `locale_urls`, the
 * canonical link (SITE_URL + path, docs/product/web-app-shell.md#global-interface-pieces) and hreflang alternates for the locales that have a
 * translation (x-default = the French one when it exists).
 */
import type { Metadata } from 'next';
import { LOCALES, type CmsContent, type Locale } from '@vetshop/domain';
import { serverEnv } from './env';

/** Route prefix of a content type on the site. */
export type ContentRoute = 'page' | 'news';

/**
 * Path of `url` under /{route}/ without the locale prefix, each slug segment encoded
 * (`contentHref('news', 'a b/c')` → `/news/a%20b/c`): the href of i18n/navigation's Link.
 */
export function contentHref(route: ContentRoute, url: string): string {
  return `/${route}/${url
    .split('/')
    .filter(Boolean)
    .map((s) => encodeURIComponent(s))
    .join('/')}`;
}

/** Path of `url` under /{locale}/{route}/, each slug segment encoded. */
export function contentPath(locale: Locale, route: ContentRoute, url: string): string {
  return `/${locale}${contentHref(route, url)}`;
}

/** Requested slug from the catch-all segments ('legal', 'terms' → 'legal/terms'), decoded. */
export function slugOf(segments: string[]): string {
  return segments
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    })
    .join('/');
}

/** Paths of the content in the locales that have it. */
export function localePaths(content: CmsContent, route: ContentRoute): Partial<Record<Locale, string>> {
  return Object.fromEntries(
    LOCALES.filter((l) => content.locale_urls[l]).map((l) => [
      l,
      contentPath(l, route, content.locale_urls[l]!),
    ]),
  );
}

/**
 * Paths for the locale switcher: the translated page where one exists, else that locale's home
 * (pages) or news list (news) rather than a 404.
 */
export function switcherPaths(content: CmsContent, route: ContentRoute): Record<Locale, string> {
  const paths = localePaths(content, route);
  return Object.fromEntries(
    LOCALES.map((l) => [l, paths[l] ?? (route === 'news' ? `/${l}/news` : `/${l}`)]),
  ) as Record<Locale, string>;
}

/** Page metadata: title, description (meta description, else foreword), canonical and hreflang. */
export function contentMetadata(content: CmsContent, route: ContentRoute): Metadata {
  const site = serverEnv().SITE_URL;
  const paths = localePaths(content, route);
  const languages: Record<string, string> = {};
  for (const [l, p] of Object.entries(paths)) languages[l] = `${site}${p}`;
  if (paths.fr) languages['x-default'] = `${site}${paths.fr}`;
  const description = (content.meta_description || content.foreword).slice(0, 255) || undefined;
  return {
    title: content.title,
    description,
    alternates: { canonical: `${site}${contentPath(content.lang, route, content.url)}`, languages },
    openGraph: content.image_url ? { images: [`${site}${content.image_url}`] } : undefined,
  };
}

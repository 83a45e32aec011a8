import type { MetadataRoute } from 'next';
import { LOCALES } from '@vetshop/domain';
import { catalogApi } from '@/lib/api';
import { cmsApi } from '@/lib/api/cms';
import { contentPath } from '@/lib/cms';
import { getPathname } from '@/i18n/navigation';
import { serverEnv } from '@/lib/env';

/** Regenerated at most every hour. */
export const revalidate = 3600;
export const dynamic = 'force-dynamic';

/**
 * /sitemap.xml (docs/product/customer-area.md#customer-home): the three home pages, the search page, every category and product of
 * GET /catalog/sitemap in the three locales, the news lists, and every published content page and
 * news (GET /cms/content, docs/product/community-and-content.md#website-content) in the locales it has, each with its hreflang alternates.
 */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const site = serverEnv().SITE_URL;
  const entries: MetadataRoute.Sitemap = [];
  const alternates = (paths: Record<string, string>) => ({
    languages: Object.fromEntries(LOCALES.map((l) => [l, `${site}${paths[l]}`])),
  });
  const home = Object.fromEntries(LOCALES.map((l) => [l, getPathname({ href: '/', locale: l })]));
  for (const l of LOCALES)
    entries.push({ url: `${site}${home[l]}`, alternates: alternates(home), changeFrequency: 'daily' });
  entries.push(...(await contentEntries(site)));
  let data;
  try {
    data = await catalogApi.sitemap();
  } catch (error) {
    console.error('[sitemap] catalogue unavailable', error);
    return entries;
  }
  for (const c of data.categories) {
    const paths = Object.fromEntries(
      LOCALES.filter((l) => c.url_keys[l]).map((l) => [
        l,
        getPathname({ href: `/c/${c.url_keys[l]}`, locale: l }),
      ]),
    );
    for (const l of Object.keys(paths))
      entries.push({ url: `${site}${paths[l]}`, alternates: alternates(paths), changeFrequency: 'weekly' });
  }
  for (const p of data.products) {
    const paths = Object.fromEntries(
      LOCALES.filter((l) => p.url_keys[l]).map((l) => [
        l,
        getPathname({ href: `/p/${p.url_keys[l]}`, locale: l }),
      ]),
    );
    for (const l of Object.keys(paths)) {
      entries.push({ url: `${site}${paths[l]}`, alternates: alternates(paths), lastModified: p.updated_at });
    }
  }
  return entries;
}

/**
 * Sitemap entries of the website content (docs/product/community-and-content.md#website-content): the news list of each locale, then every
 * published page and news in each locale that has it, with alternates to its other locales
 * (paths from `locale_urls`). News carry their date as lastModified. An api failure leaves them out.
 */
async function contentEntries(site: string): Promise<MetadataRoute.Sitemap> {
  const out: MetadataRoute.Sitemap = [];
  /** hreflang alternates of the locales present in `paths`. */
  const alternates = (paths: Record<string, string>) => ({
    languages: Object.fromEntries(Object.entries(paths).map(([l, p]) => [l, `${site}${p}`])),
  });
  const newsList = Object.fromEntries(LOCALES.map((l) => [l, getPathname({ href: '/news', locale: l })]));
  for (const l of LOCALES)
    out.push({ url: `${site}${newsList[l]}`, alternates: alternates(newsList), changeFrequency: 'weekly' });
  for (const [type, route] of [
    ['page', 'page'],
    ['news', 'news'],
  ] as const) {
    const seen = new Set<number>();
    for (const locale of LOCALES) {
      try {
        for (let page = 1; page <= 100; page++) {
          const list = await cmsApi.list(locale, type, { page, per_page: 100 });
          for (const c of list.items) {
            if (seen.has(c.id)) continue;
            seen.add(c.id);
            const paths = Object.fromEntries(
              LOCALES.filter((x) => c.locale_urls[x]).map((x) => [
                x,
                contentPath(x, route, c.locale_urls[x]!),
              ]),
            );
            for (const x of Object.keys(paths))
              out.push({
                url: `${site}${paths[x]}`,
                alternates: alternates(paths),
                ...(c.date ? { lastModified: c.date } : {}),
              });
          }
          if (page * 100 >= list.count) break;
        }
      } catch (error) {
        console.error('[sitemap] content unavailable', error);
      }
    }
  }
  return out;
}

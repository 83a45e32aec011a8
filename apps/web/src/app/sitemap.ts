import type { MetadataRoute } from 'next';
import { LOCALES } from '@vetshop/domain';
import { catalogApi } from '@/lib/api';
import { serverEnv } from '@/lib/env';

/** Regenerated at most every hour. */
export const revalidate = 3600;
export const dynamic = 'force-dynamic';

/**
 * /sitemap.xml (spec 2): the three home pages, the search page, and every category and product of
 * GET /catalog/sitemap in the three locales, each with its hreflang alternates.
 */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const site = serverEnv().SITE_URL;
  const entries: MetadataRoute.Sitemap = [];
  const alternates = (paths: Record<string, string>) => ({
    languages: Object.fromEntries(LOCALES.map((l) => [l, `${site}${paths[l]}`])),
  });
  const home = Object.fromEntries(LOCALES.map((l) => [l, `/${l}`]));
  for (const l of LOCALES)
    entries.push({ url: `${site}/${l}`, alternates: alternates(home), changeFrequency: 'daily' });
  let data;
  try {
    data = await catalogApi.sitemap();
  } catch (error) {
    console.error('[sitemap] catalogue unavailable', error);
    return entries;
  }
  for (const c of data.categories) {
    const paths = Object.fromEntries(
      LOCALES.filter((l) => c.url_keys[l]).map((l) => [l, `/${l}/c/${c.url_keys[l]}`]),
    );
    for (const l of Object.keys(paths))
      entries.push({ url: `${site}${paths[l]}`, alternates: alternates(paths), changeFrequency: 'weekly' });
  }
  for (const p of data.products) {
    const paths = Object.fromEntries(
      LOCALES.filter((l) => p.url_keys[l]).map((l) => [l, `/${l}/p/${p.url_keys[l]}`]),
    );
    for (const l of Object.keys(paths)) {
      entries.push({ url: `${site}${paths[l]}`, alternates: alternates(paths), lastModified: p.updated_at });
    }
  }
  return entries;
}

import type { MetadataRoute } from 'next';
import { serverEnv } from '@/lib/env';

export const dynamic = 'force-dynamic';

/** /robots.txt: everything public may be crawled except the api proxy, account, cart and search result pages. */
export default function robots(): MetadataRoute.Robots {
  const site = serverEnv().SITE_URL;
  return {
    rules: [
      {
        userAgent: '*',
        allow: '/',
        disallow: ['/api/', '/*/account', '/*/cart', '/*/cart-confirm', '/*/cart-validated', '/*/search?'],
      },
    ],
    sitemap: `${site}/sitemap.xml`,
    host: site,
  };
}

import { notFound } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { routing } from '@/i18n/routing';
import { ApiError, catalogApi } from '@/lib/api';
import { ErrorScreen } from '@/components/StatusScreens';
import { permanentRedirect } from '@/i18n/navigation';

type Props = { params: Promise<{ locale: string; rest: string[] }> };

/**
 * /{lang}/{urlKey} (docs/product/catalogue-and-search.md#screens "Product and category links take the form /{localeCode}/{urlKey}"):
 * resolves the key through GET /catalog/resolve and redirects permanently (308) to
 * /{lang}/p/{key} or /{lang}/c/{key}. Unknown keys and any other unmatched path get the localized 404.
 */
export default async function ResolveUrlKey({ params }: Props) {
  const { locale, rest } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  const urlKey = rest.map((s) => decodeURIComponent(s)).join('/');
  if (!urlKey || urlKey.length > 300) notFound();
  let resolved;
  try {
    resolved = await catalogApi.resolve(locale, urlKey);
  } catch (error) {
    if (error instanceof ApiError)
      return <ErrorScreen status={error.status} message={error.detail ?? error.title} />;
    throw error;
  }
  permanentRedirect({ href: `/${resolved.kind === 'product' ? 'p' : 'c'}/${resolved.url_key}`, locale });
}

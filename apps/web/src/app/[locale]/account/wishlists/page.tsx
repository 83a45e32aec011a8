import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage, requireCustomer } from '@/lib/session';
import { wishlistsApi } from '@/lib/api/wishlists';
import { WishlistsManager } from '@/components/wishlists/WishlistsManager';
import { StandardOrderSelector } from '@/components/wishlists/StandardOrderSelector';
import { getPathname } from '@/i18n/navigation';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privatePageMetadata('wishlists', 'title');

/**
 * /{lang}/account/wishlists (docs/product/orders-and-documents.md#screens "Standard orders list"): the customer's standard orders from
 * GET /wishlists?page=1&page_size=999 (docs/product/customer-area.md), sorted by name, with a form to create one (name
 * checked for existence by exact name, docs/product/customer-area.md) and a delete action per list (WishlistsManager), and
 * the selector that adds a whole list to the cart in one action (StandardOrderSelector).
 * Requires sign-in (guests → login with this page as target); staff users (no customer) get 404.
 */
export default async function WishlistsPage({ params }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const pathname = getPathname({ href: '/account/wishlists', locale });
  await requireCustomer(locale, pathname);
  const list = await loadForPage(locale, pathname, () => wishlistsApi.list(locale));
  const t = await getTranslations({ locale, namespace: 'wishlists' });

  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold text-brand">{t('title')}</h1>
      <p className="text-muted">{t('intro')}</p>
      {list.items.length > 0 ? (
        <div className="rounded-lg border border-line p-4">
          <StandardOrderSelector locale={locale} lists={list.items} />
        </div>
      ) : null}
      <WishlistsManager locale={locale} lists={list.items} />
    </div>
  );
}

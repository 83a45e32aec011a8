import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage, requireCustomer } from '@/lib/session';
import { wishlistsApi } from '@/lib/api/wishlists';
import { ApiError } from '@/lib/api/errors';
import { WishlistEditor } from '@/components/wishlists/WishlistEditor';
import { catalogApi } from '@/lib/api';
import { Link, getPathname } from '@/i18n/navigation';

type Props = { params: Promise<{ locale: string; id: string }> };

export const generateMetadata = privatePageMetadata('wishlists', 'detailTitle');

/**
 * /{lang}/account/wishlists/{id} (docs/product/customer-area.md#standard-orders "Standard order edit"): the list from GET /wishlists/{id}
 * with its lines (name, reference, availability, quantity, prices EUR excl. VAT of the user's price
 * list), edited by WishlistEditor: rename, change quantities, remove lines, delete, add the whole
 * list or the chosen lines to the cart. Requires sign-in; an unknown id, another customer's list
 * or a staff user answers the 404 page.
 */
export default async function WishlistPage({ params }: Props) {
  const { locale, id } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const listId = /^\d{1,9}$/.test(id) ? Number(id) : NaN;
  const pathname = getPathname({ href: `/account/wishlists/${id}`, locale });
  await requireCustomer(locale, pathname);
  if (!Number.isSafeInteger(listId) || listId < 1) notFound();
  const list = await loadForPage(locale, pathname, async () => {
    try {
      return await wishlistsApi.get(locale, listId);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) notFound();
      throw error;
    }
  });
  const t = await getTranslations({ locale, namespace: 'wishlists' });
  // Regulated products the customer may not order (docs/decisions/regulated-products.md).
  const restrictions = await catalogApi.restrictions(
    locale,
    list.lines.map((l) => l.product_id),
  );

  return (
    <div className="space-y-6">
      <p>
        <Link href="/account/wishlists" className="text-brand underline">
          {t('backToList')}
        </Link>
      </p>
      <WishlistEditor locale={locale} initial={list} restrictions={restrictions} />
    </div>
  );
}

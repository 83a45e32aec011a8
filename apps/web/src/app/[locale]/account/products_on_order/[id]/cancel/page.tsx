import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { privatePageMetadata } from '@/lib/page';
import { CancelBackorderForm } from '@/components/backorders/CancelBackorderForm';
import { loadCancelLine } from '@/components/backorders/load';
import { Link, getPathname } from '@/i18n/navigation';

type Props = { params: Promise<{ locale: string; id: string }> };

export const generateMetadata = privatePageMetadata('backorders', 'cancelTitle');

/**
 * /{lang}/account/products_on_order/{id}/cancel opened directly (docs/product/orders-and-documents.md#screens "Cancel-backorder dialog or
 * page", docs/product/orders-and-documents.md#backorder-cancel, docs/product/orders-and-documents.md, docs/product/errors.md): the same form as the dialog (quantity 1..units on
 * order, confirmation, success or the refusal with its reason) on a page of its own, with a link
 * back to the list. Requires sign-in; another customer's line → 404.
 */
export default async function CancelBackorderPage({ params }: Props) {
  const { locale, id } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const listHref = getPathname({ href: '/account/products_on_order', locale });
  const line = await loadCancelLine(locale, id, `${listHref}/${id}/cancel`);
  const t = await getTranslations({ locale, namespace: 'backorders' });
  return (
    <div className="max-w-xl space-y-6" data-testid="backorder-cancel-page">
      <p>
        <Link href="/account/products_on_order" className="text-brand underline">
          {t('backToList')}
        </Link>
      </p>
      <h1 className="text-3xl font-bold text-brand">{t('cancelTitle')}</h1>
      <CancelBackorderForm locale={locale} line={line} listHref={listHref} />
    </div>
  );
}

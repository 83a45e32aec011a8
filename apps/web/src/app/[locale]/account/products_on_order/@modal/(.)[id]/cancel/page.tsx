import { hasLocale } from 'next-intl';
import { setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { CancelBackorderDialog } from '@/components/backorders/CancelBackorderDialog';
import { loadCancelLine } from '@/components/backorders/load';
import { getPathname } from '@/i18n/navigation';

type Props = { params: Promise<{ locale: string; id: string }> };

/**
 * Intercepted /{lang}/account/products_on_order/{id}/cancel (docs/product/orders-and-documents.md#screens, docs/product/orders-and-documents.md#backorder-cancel): the
 * cancel dialog over the list when the user follows a list row's "Cancel" link. Opening the URL
 * directly (or reloading) renders the full page ../../[id]/cancel/page.tsx instead. 404 for a line
 * of another customer.
 */
export default async function CancelBackorderModal({ params }: Props) {
  const { locale, id } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const listHref = getPathname({ href: '/account/products_on_order', locale });
  const line = await loadCancelLine(locale, id, `${listHref}/${id}/cancel`);
  return <CancelBackorderDialog key={line.id} locale={locale} line={line} listHref={listHref} />;
}

import { hasLocale } from 'next-intl';
import { setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { getPathname } from '@/i18n/navigation';
import { privatePageMetadata } from '@/lib/page';
import { requireCustomer } from '@/lib/session';
import { saleIdOf, saleOfPage } from './page-data';
import { SaleHeader } from './_components/SaleHeader';
import { SaleFigures } from './_components/SaleFigures';
import { SaleAddresses } from './_components/SaleAddresses';
import { SaleLines } from './_components/SaleLines';
import { SalePickings } from './_components/SalePickings';
import { SaleInvoices } from './_components/SaleInvoices';

type Props = { params: Promise<{ locale: string; id: string }> };

export const generateMetadata = privatePageMetadata('orders', 'title');

/**
 * /{lang}/account/sales/{id} (docs/product/orders-and-documents.md#screens "Order detail"): from GET /sales/{id}, the state and its
 * progress (docs/product/orders-and-documents.md), the displayed figures of docs/product/orders-and-documents.md (order, customer, VAT, suite and depot numbers,
 * subtotal, shipping cost, total VAT, total), addresses and carrier, the lines with their delivered,
 * unavailable and canceled quantities, the pickings (tracking reference, carrier, date, shipped /
 * delivered), the invoices with their PDF links and the order confirmation PDF. Lines are named by
 * product, pack size and SKU (stacked cards, no wide table) and can be ordered again, whole or one
 * by one (OrderAgain; docs/decisions/order-history.md). Requires sign-in; an unknown id or
 * another customer's order answers the 404 page. Data: page-data.ts; parts: _components/.
 */
export default async function SaleDetailPage({ params }: Props) {
  const { locale, id } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const saleId = saleIdOf(id);
  const pathname = getPathname({ href: `/account/sales/${id}`, locale });
  await requireCustomer(locale, pathname);
  if (!Number.isSafeInteger(saleId)) notFound();
  const sale = await saleOfPage(locale, pathname, saleId);

  return (
    <div className="space-y-8">
      <SaleHeader locale={locale} sale={sale} />
      <SaleFigures locale={locale} sale={sale} />
      <SaleAddresses locale={locale} sale={sale} />
      <SaleLines locale={locale} sale={sale} />
      <SalePickings locale={locale} sale={sale} />
      <SaleInvoices locale={locale} sale={sale} />
    </div>
  );
}

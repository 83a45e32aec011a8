import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { businessDate } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { Link } from '@/i18n/navigation';
import { privatePageMetadata } from '@/lib/page';
import { staffSaleForPage } from '@/lib/staff';
import { formatDate, formatInt } from '@/lib/format';
import { lineTitle } from '@/lib/line-title';
import { remainingQty } from '@/lib/staff-list';
import { SaleAddressBlock } from '@/components/orders/SaleAddressBlock';
import { PrintButton } from '@/components/staff/PrintButton';

type Props = { params: Promise<{ locale: string; id: string }> };

export const generateMetadata = privatePageMetadata('staff.orders', 'detailTitle');

/**
 * /{lang}/staff/orders/{id}/picking (docs/decisions/shipped-and-delivered.md): the printable
 * picking list of an order, from GET /staff/sales/{id}: order number and date, customer, customer
 * reference, remark, carrier and delivery address, then one row per product line still to pick
 * (qty − canceled − delivered > 0) with its SKU, product name and pack size, the quantity to pick
 * and an empty "picked" box to tick on paper. The catalogue keeps no warehouse location, so there
 * is no location column. A Print button (window.print) and a link back to the order (both hidden on
 * paper). Staff only; unknown id → 404. Test ids `picking-list`, `picking-list-row`.
 */
export default async function PickingListPage({ params }: Props) {
  const { locale, id: rawId } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const sale = await staffSaleForPage(locale, rawId, '/picking');
  const t = await getTranslations({ locale, namespace: 'orderHistory.picking' });
  const none = (await getTranslations({ locale, namespace: 'orderHistory.staff' }))('none');
  const rows = sale.lines.filter((l) => !l.is_delivery && remainingQty(l) > 0);
  const facts = [
    { key: 'date', label: t('orderDate'), value: formatDate(sale.date_order, locale) },
    { key: 'customer', label: t('customer'), value: `${sale.customer_number} ${sale.customer_name}` },
    { key: 'ref', label: t('customerRef'), value: sale.client_order_ref || none },
    { key: 'carrier', label: t('carrier'), value: sale.carrier?.name || none },
    { key: 'note', label: t('note'), value: sale.note || none },
  ];
  return (
    <article className="space-y-6" data-testid="picking-list">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link href={`/staff/orders/${sale.id}`} className="text-brand underline">
          {t('back')}
        </Link>
        <PrintButton label={t('print')} />
      </div>
      <h1 className="text-2xl font-bold text-brand print:text-black">{t('title', { name: sale.name })}</h1>
      <div className="grid gap-4 md:grid-cols-2 print:grid-cols-2">
        <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          {facts.map((f) => (
            <div key={f.key} className="contents">
              <dt className="text-muted">{f.label}</dt>
              <dd className="whitespace-pre-line break-words" data-testid={`picking-list-${f.key}`}>
                {f.value}
              </dd>
            </div>
          ))}
        </dl>
        <SaleAddressBlock
          locale={locale}
          title={t('deliveryAddress')}
          address={sale.delivery_address}
          none={none}
        />
      </div>
      {rows.length === 0 ? (
        <p className="rounded border border-line bg-surface p-4" data-testid="picking-list-empty">
          {t('nothing')}
        </p>
      ) : (
        <ul className="divide-y divide-line border-y border-line">
          {rows.map((l) => {
            const title = lineTitle(l);
            return (
              <li
                key={l.id}
                className="grid grid-cols-[minmax(0,1fr)_auto_auto] items-center gap-x-4 py-2"
                data-testid="picking-list-row"
              >
                <div className="min-w-0">
                  <p className="font-mono text-sm" data-testid="picking-list-sku">
                    <span className="sr-only">{t('sku')} </span>
                    {title.sku ?? none}
                  </p>
                  <p className="break-words font-medium">
                    <span className="sr-only">{t('product')} </span>
                    {title.product}
                    {title.variant ? (
                      <span className="font-normal text-muted"> — {title.variant}</span>
                    ) : null}
                  </p>
                </div>
                <p className="text-right">
                  <span className="block text-xs text-muted">{t('qty')}</span>
                  <span className="text-2xl font-bold tabular-nums" data-testid="picking-list-qty">
                    {formatInt(remainingQty(l), locale)}
                  </span>
                </p>
                <p className="text-center">
                  <span className="block text-xs text-muted">{t('picked')}</span>
                  <span aria-hidden="true" className="inline-block h-6 w-6 border-2 border-black" />
                </p>
              </li>
            );
          })}
        </ul>
      )}
      <p className="text-xs text-muted">{t('printed', { date: formatDate(businessDate(), locale) })}</p>
    </article>
  );
}

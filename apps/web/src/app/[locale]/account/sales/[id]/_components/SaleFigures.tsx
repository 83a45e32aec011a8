import { getTranslations } from 'next-intl/server';
import type { Locale, SaleDetail } from '@vetshop/domain';
import { messageOr } from '@/i18n/keys';
import { formatDate } from '@/lib/format';

/**
 * The order's figures (docs/product/orders-and-documents.md#displayed-order-figures): order
 * number and date, customer, VAT, suite and depot numbers, customer reference, sale channel,
 * payment mode, then the payment reference and the note when set; an empty value shows "none".
 * Each value carries `data-testid="sale-<key>"`; a long value without spaces (a reference of 100
 * characters) wraps inside the box instead of widening the page.
 */
export async function SaleFigures({ locale, sale }: { locale: Locale; sale: SaleDetail }) {
  const t = await getTranslations({ locale, namespace: 'orders' });
  const none = t('none');
  const figures: { key: string; label: string; value: string }[] = [
    { key: 'order-number', label: t('orderNumber'), value: sale.name },
    { key: 'order-date', label: t('orderDate'), value: formatDate(sale.date_order, locale) },
    { key: 'customer-number', label: t('customerNumber'), value: sale.customer_number || none },
    { key: 'vat-number', label: t('vatNumber'), value: sale.vat_number || none },
    { key: 'suite-number', label: t('suiteNumber'), value: sale.suite_number || none },
    { key: 'depot-number', label: t('depotNumber'), value: sale.depot_number || none },
    { key: 'customer-ref', label: t('customerRef'), value: sale.client_order_ref || none },
    {
      key: 'sale-channel',
      label: t('saleChannel'),
      value: messageOr(t, `channels.${sale.sale_channel}`, sale.sale_channel),
    },
    {
      key: 'payment-mode',
      label: t('paymentMode'),
      value: messageOr(t, `paymentModes.${sale.payment_mode}`, sale.payment_mode),
    },
  ];
  if (sale.payment_reference) {
    figures.push({ key: 'payment-reference', label: t('paymentReference'), value: sale.payment_reference });
  }
  if (sale.note) figures.push({ key: 'note', label: t('note'), value: sale.note });
  return (
    <section aria-labelledby="sale-figures" className="rounded-lg bg-surface p-5">
      <h2 id="sale-figures" className="mb-3 text-xl font-semibold">
        {t('figuresTitle')}
      </h2>
      <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_minmax(0,1fr)]">
        {figures.map((f) => (
          <div key={f.key} className="contents">
            <dt className="font-medium text-muted">{f.label}</dt>
            <dd className="wrap-anywhere" data-testid={`sale-${f.key}`}>
              {f.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

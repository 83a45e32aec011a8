import Link from 'next/link';
import { TotalsBreakdown } from '@/components/orders/TotalsBreakdown';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { messageOr } from '@/i18n/keys';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage, requireUser } from '@/lib/session';
import { ordersApi } from '@/lib/api/orders';
import { ApiError } from '@/lib/api/errors';
import { downloadHref } from '@/lib/orders-list';
import { formatDate, formatInt, formatPercent, formatPrice } from '@/lib/format';
import { OrderProgress, stateLabel } from '@/components/orders/OrderProgress';
import { SaleAddressBlock } from '@/components/orders/SaleAddressBlock';
import { OrderAgain } from '@/components/orders/OrderAgain';
import { lineTitle } from '@/lib/order-history';
import { LineThumb } from '@/components/media/LineThumb';

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
 * another customer's order answers the 404 page.
 */
export default async function SaleDetailPage({ params }: Props) {
  const { locale, id } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const saleId = /^\d{1,9}$/.test(id) ? Number(id) : NaN;
  const pathname = `/${locale}/account/sales/${id}`;
  await requireUser(locale, pathname);
  if (!Number.isSafeInteger(saleId)) notFound();
  const sale = await loadForPage(locale, pathname, async () => {
    try {
      return await ordersApi.sale(locale, saleId);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) notFound();
      throw error;
    }
  });
  const t = await getTranslations({ locale, namespace: 'orders' });
  const th = await getTranslations({ locale, namespace: 'orderHistory' });
  // Free units of supplier promotions (docs/decisions/supplier-promotions.md).
  const tp = await getTranslations({ locale, namespace: 'coupons' });
  const none = t('none');
  const reorderable = sale.lines.some((l) => !l.is_delivery);
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
  const o = await getTranslations({ locale, namespace: 'orderTotals' });
  const cell = 'py-2 pr-4';
  const num = 'py-2 pr-4 text-right tabular-nums';

  return (
    <div className="space-y-8">
      <p>
        <Link href={`/${locale}/account/sales`} className="text-brand underline">
          {t('back')}
        </Link>
      </p>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-brand" data-testid="sale-title">
          {t('detailTitle', { name: sale.name })}
        </h1>
        <a
          href={downloadHref('sale', sale.id)}
          download
          className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark"
          data-testid="sale-download"
        >
          {t('downloadConfirmation')}
        </a>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <span className="font-semibold" data-testid="sale-state">
          {stateLabel(t, sale.state, sale.state_label)}
        </span>
        <OrderProgress
          state={sale.state}
          label={t('progress')}
          valueText={(percent) => t('progressValue', { percent })}
          testId="sale-progress"
        />
      </div>

      <section aria-labelledby="sale-figures" className="rounded-lg bg-surface p-5">
        <h2 id="sale-figures" className="mb-3 text-xl font-semibold">
          {t('figuresTitle')}
        </h2>
        <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
          {figures.map((f) => (
            <div key={f.key} className="contents">
              <dt className="font-medium text-muted">{f.label}</dt>
              <dd data-testid={`sale-${f.key}`}>{f.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="sale-addresses" className="grid gap-4 md:grid-cols-3">
        <h2 id="sale-addresses" className="sr-only">
          {t('addressesTitle')}
        </h2>
        <SaleAddressBlock title={t('invoicingAddress')} address={sale.invoicing_address} none={none} />
        <SaleAddressBlock
          title={t('deliveryAddress')}
          address={sale.delivery_address}
          none={none}
          testId="sale-delivery-address"
        />
        <div className="rounded-lg border border-line p-4">
          <h3 className="font-semibold">{t('carrier')}</h3>
          <p data-testid="sale-carrier">{sale.carrier?.name || none}</p>
          {sale.expected_delivery_date ? (
            <p className="mt-1 text-sm" data-testid="sale-expected-date">
              {o('expectedDate', { date: formatDate(sale.expected_delivery_date, locale) })}
            </p>
          ) : null}
        </div>
      </section>

      <section aria-labelledby="sale-lines">
        <h2 id="sale-lines" className="mb-3 text-xl font-semibold">
          {t('linesTitle')}
        </h2>
        {reorderable ? (
          <div className="mb-4 rounded-lg border border-line p-4">
            <p className="mb-2 text-sm text-muted">{th('reorder.allHint')}</p>
            <OrderAgain locale={locale} lines={sale.lines} testId="sale-reorder" />
          </div>
        ) : null}
        <ul className="divide-y divide-line border-y border-line text-sm">
          {/* The handling fee is listed once, in the totals below. */}
          {sale.lines
            .filter((line) => !line.is_delivery)
            .map((line) => {
              const title = lineTitle(line);
              const figures = [
                { key: 'qty', label: t('qty'), value: formatInt(line.qty, locale) },
                { key: 'delivered', label: t('qtyDelivered'), value: formatInt(line.qty_delivered, locale) },
                {
                  key: 'unavailable',
                  label: t('qtyUnavailable'),
                  value: formatInt(line.qty_unavailable, locale),
                },
                { key: 'canceled', label: t('qtyCanceled'), value: formatInt(line.qty_canceled, locale) },
                { key: 'unit', label: t('unitPrice'), value: formatPrice(line.price_unit, locale) },
                {
                  key: 'discount',
                  label: t('discount'),
                  value: line.discount.rate ? formatPercent(line.discount.rate, locale) : none,
                },
              ];
              return (
                <li
                  key={line.id}
                  className="grid gap-x-4 gap-y-2 py-3 md:grid-cols-[minmax(0,1fr)_auto]"
                  data-testid="sale-line"
                  data-sku={line.sku ?? undefined}
                >
                  <div className="flex min-w-0 gap-3">
                    {line.is_delivery ? null : <LineThumb picture={line.picture} name={title.product} />}
                    <div className="min-w-0">
                      {line.is_delivery ? (
                        <p className="font-medium">{t('feeLine')}</p>
                      ) : (
                        <>
                          <p className="break-words font-medium" data-testid="sale-line-product">
                            {line.url_key ? (
                              <Link href={`/${locale}/p/${line.url_key}`} className="text-brand underline">
                                {title.product}
                              </Link>
                            ) : (
                              title.product
                            )}
                            {line.is_free ? (
                              <span
                                className="ml-2 inline-block rounded bg-surface px-2 py-0.5 text-xs font-semibold text-ok"
                                data-testid="sale-line-free"
                              >
                                {tp('freeMark')}
                              </span>
                            ) : null}
                          </p>
                          <p className="text-muted">
                            {title.variant ? (
                              <span data-testid="sale-line-variant">
                                {th('line.packSize', { size: title.variant })}
                              </span>
                            ) : null}
                            {title.variant && title.sku ? ' · ' : null}
                            {title.sku ? (
                              <span data-testid="sale-line-sku">{th('line.sku', { sku: title.sku })}</span>
                            ) : null}
                          </p>
                        </>
                      )}
                    </div>
                  </div>
                  <p className="font-semibold tabular-nums md:text-right">
                    <span className="sr-only">{t('amount')} </span>
                    {formatPrice(line.amount, locale)}
                  </p>
                  <dl className="flex flex-wrap gap-x-4 gap-y-1 md:col-span-2">
                    {figures.map((f) => (
                      <div key={f.key} className="flex gap-1">
                        <dt className="text-muted">{f.label}</dt>
                        <dd
                          className="tabular-nums"
                          data-testid={f.key === 'delivered' ? 'sale-line-delivered' : undefined}
                        >
                          {f.value}
                        </dd>
                      </div>
                    ))}
                  </dl>
                  {line.is_delivery ? null : (
                    <div className="md:col-span-2">
                      <OrderAgain
                        locale={locale}
                        lines={[line]}
                        variant="line"
                        label={th('reorder.oneLabel', { name: title.product })}
                        testId={`sale-line-reorder-${line.id}`}
                      />
                    </div>
                  )}
                </li>
              );
            })}
        </ul>
        <div className="ml-auto mt-4 max-w-sm">
          <TotalsBreakdown totals={sale.totals} testIdPrefix="sale-totals" />
        </div>
      </section>

      <section aria-labelledby="sale-pickings">
        <h2 id="sale-pickings" className="mb-3 text-xl font-semibold">
          {t('pickingsTitle')}
        </h2>
        {sale.pickings.length === 0 ? (
          <p data-testid="sale-no-pickings">{t('noPickings')}</p>
        ) : (
          <div className="relative overflow-x-auto">
            <table className="w-full border-collapse text-left text-sm">
              <thead>
                <tr className="border-b border-line text-muted">
                  <th scope="col" className={cell}>
                    {t('pickingName')}
                  </th>
                  <th scope="col" className={cell}>
                    {t('tracking')}
                  </th>
                  <th scope="col" className={cell}>
                    {t('carrier')}
                  </th>
                  <th scope="col" className={cell}>
                    {t('pickingDate')}
                  </th>
                  <th scope="col" className={cell}>
                    {th('staff.pickingState')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {sale.pickings.map((p) => (
                  <tr key={p.id} className="border-b border-line" data-testid="sale-picking">
                    <th scope="row" className={`${cell} font-normal`}>
                      {p.name}
                    </th>
                    <td className={cell} data-testid="sale-picking-tracking">
                      {p.tracking_ref || none}
                    </td>
                    <td className={cell}>{p.carrier || none}</td>
                    <td className={cell}>{p.date ? formatDate(p.date, locale) : none}</td>
                    <td className={cell} data-testid="sale-picking-state" data-state={p.state}>
                      {th(`staff.pickingStates.${p.state}`)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="sale-invoices">
        <h2 id="sale-invoices" className="mb-3 text-xl font-semibold">
          {t('invoicesTitle')}
        </h2>
        {sale.invoices.length === 0 ? (
          <p data-testid="sale-no-invoices">{t('noInvoices')}</p>
        ) : (
          <table className="w-full border-collapse text-left text-sm">
            <thead>
              <tr className="border-b border-line text-muted">
                <th scope="col" className={cell}>
                  {t('invoiceName')}
                </th>
                <th scope="col" className={cell}>
                  {t('invoiceDate')}
                </th>
                <th scope="col" className={num}>
                  {t('totalAmount')}
                </th>
                <th scope="col" className="py-2">
                  <span className="sr-only">{t('download')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sale.invoices.map((inv) => (
                <tr key={inv.id} className="border-b border-line" data-testid="sale-invoice">
                  <th scope="row" className={`${cell} font-normal`}>
                    {inv.name}
                  </th>
                  <td className={cell}>{formatDate(inv.date, locale)}</td>
                  <td className={num}>{formatPrice(inv.amount_total, locale)}</td>
                  <td className="py-2">
                    <a
                      href={downloadHref('invoice', inv.id)}
                      download
                      className="text-brand underline"
                      data-testid="sale-invoice-download"
                      aria-label={t('downloadInvoice', { name: inv.name })}
                    >
                      {t('download')}
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

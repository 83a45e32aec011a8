import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { Link } from '@/i18n/navigation';
import { privatePageMetadata } from '@/lib/page';
import { staffSaleForPage } from '@/lib/staff';
import { formatDate, formatPrice } from '@/lib/format';
import { StaffTable } from '@/components/staff/StaffTable';
import { CreditNoteForm, InvoiceButton, PickingForm, SaleStateForm } from '@/components/staff/SaleActions';
import { MarkDeliveredButton } from '@/components/staff/MarkDeliveredButton';
import { SaleAddressBlock } from '@/components/orders/SaleAddressBlock';
import { TotalsBreakdown } from '@/components/orders/TotalsBreakdown';
import { lineTitle } from '@/lib/line-title';
import { messageOr } from '@/i18n/keys';

type Props = { params: Promise<{ locale: string; id: string }> };

export const generateMetadata = privatePageMetadata('staff.orders', 'detailTitle');

/**
 * /{lang}/staff/orders/{id} (docs/product/back-office.md#orders "orders (move through states, add pickings with tracking
 * reference, issue invoices and credit notes)"): the order of GET /staff/sales/{id} (customer,
 * state, totals, lines with ordered / delivered / canceled quantities), then the staff operations:
 * move the state (SaleStateForm), record a delivery with its tracking reference (PickingForm), issue
 * the invoice of what was delivered (InvoiceButton), and a credit note per invoice
 * (CreditNoteForm); the deliveries and invoices already made are listed. Order history additions
 * (docs/decisions/order-history.md, shipped-and-delivered.md): customer reference, remark, delivery
 * address and carrier, a link to the printable picking list, lines named by product / pack size /
 * SKU, each delivery shipped or delivered (MarkDeliveredButton), and the invoice button only while
 * delivered units wait for an invoice (`can_invoice`). Unknown id → 404. Staff
 * only. Test ids `staff-order-state`, `staff-order-pickings-row`, `staff-order-invoices-row`.
 */
export default async function StaffOrderPage({ params }: Props) {
  const { locale, id: rawId } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const sale = await staffSaleForPage(locale, rawId);
  const t = await getTranslations({ locale, namespace: 'staff.orders' });
  const ts = await getTranslations({ locale, namespace: 'orders.states' });
  const tc = await getTranslations({ locale, namespace: 'orders.channels' });
  const stateLabel = messageOr(ts, sale.state, sale.state);
  const th = await getTranslations({ locale, namespace: 'orderHistory.staff' });
  const o = await getTranslations({ locale, namespace: 'orderTotals' });
  // Free units of supplier promotions and coupon rewards (docs/decisions/supplier-promotions.md, coupons.md).
  const tp = await getTranslations({ locale, namespace: 'coupons' });
  const none = th('none');
  return (
    <div className="space-y-8">
      <p>
        <Link href="/staff/orders" className="text-brand underline">
          {t('backToList')}
        </Link>
      </p>
      <h1 className="text-3xl font-bold text-brand">{t('orderTitle', { name: sale.name })}</h1>
      <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="text-muted">{t('customer')}</dt>
        <dd>
          {sale.customer_number} {sale.customer_name}
        </dd>
        <dt className="text-muted">{t('date')}</dt>
        <dd>{formatDate(sale.date_order, locale)}</dd>
        <dt className="text-muted">{t('state')}</dt>
        <dd data-testid="staff-order-state" data-state={sale.state}>
          {stateLabel}
        </dd>
        <dt className="text-muted">{t('channel')}</dt>
        <dd>{messageOr(tc, sale.sale_channel, sale.sale_channel)}</dd>
        <dt className="text-muted">{t('total')}</dt>
        <dd className="tabular-nums">{formatPrice(sale.total, locale)}</dd>
        <dt className="text-muted">{th('customerRef')}</dt>
        <dd className="break-words" data-testid="staff-order-ref">
          {sale.client_order_ref || none}
        </dd>
        <dt className="text-muted">{th('note')}</dt>
        <dd className="whitespace-pre-line break-words" data-testid="staff-order-note">
          {sale.note || none}
        </dd>
      </dl>

      <section aria-labelledby="staff-order-delivery" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="staff-order-delivery" className="text-xl font-semibold">
            {th('delivery')}
          </h2>
          <Link
            href={`/staff/orders/${sale.id}/picking`}
            className="rounded border border-brand px-4 py-2 font-semibold text-brand hover:bg-surface"
            data-testid="staff-order-print-picking"
          >
            {th('printPicking')}
          </Link>
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          <SaleAddressBlock
            locale={locale}
            title={th('deliveryAddress')}
            address={sale.delivery_address}
            none={none}
            testId="staff-order-delivery-address"
          />
          <div className="rounded-lg border border-line p-4">
            <h3 className="font-semibold">{th('carrier')}</h3>
            <p data-testid="staff-order-carrier">{sale.carrier?.name || none}</p>
            {sale.expected_delivery_date ? (
              <p className="mt-1 text-sm" data-testid="staff-order-expected-date">
                {o('expectedDate', { date: formatDate(sale.expected_delivery_date, locale) })}
              </p>
            ) : null}
          </div>
        </div>
      </section>

      <section aria-labelledby="staff-order-lines" className="space-y-3">
        <h2 id="staff-order-lines" className="text-xl font-semibold">
          {t('lines')}
        </h2>
        {/* Product lines; the handling fee is listed once, in the totals below. */}
        <StaffTable
          caption={t('lines')}
          testId="staff-order-lines"
          empty={t('noLines')}
          rows={sale.lines.filter((l) => !l.is_delivery || l.is_reward)}
          rowKey={(l) => l.id}
          columns={[
            {
              key: 'name',
              header: t('product'),
              cell: (l) => {
                const title = lineTitle(l);
                return (
                  <span data-testid="staff-order-line-product">
                    <span className="font-medium">{title.product}</span>
                    {title.variant ? <span className="block text-muted">{title.variant}</span> : null}
                    {title.sku ? <span className="block text-xs text-muted">{title.sku}</span> : null}
                    {l.is_free || l.is_reward ? (
                      <span
                        className="mt-1 inline-block rounded bg-surface px-2 py-0.5 text-xs font-semibold text-ok"
                        data-testid={l.is_free ? 'staff-order-line-free' : 'staff-order-line-reward'}
                      >
                        {l.is_free ? tp('freeMark') : tp('rewardLine')}
                      </span>
                    ) : null}
                  </span>
                );
              },
            },
            { key: 'qty', header: t('qty'), numeric: true, cell: (l) => l.qty },
            { key: 'delivered', header: t('qtyDelivered'), numeric: true, cell: (l) => l.qty_delivered },
            { key: 'canceled', header: t('qtyCanceled'), numeric: true, cell: (l) => l.qty_canceled },
            { key: 'amount', header: t('amount'), numeric: true, cell: (l) => formatPrice(l.amount, locale) },
          ]}
        />
        <div className="ml-auto max-w-sm">
          <TotalsBreakdown totals={sale.totals} testIdPrefix="staff-order-totals" />
        </div>
      </section>

      <section aria-labelledby="staff-order-move" className="space-y-3">
        <h2 id="staff-order-move" className="text-xl font-semibold">
          {t('moveTitle')}
        </h2>
        <SaleStateForm id={sale.id} name={sale.name} state={sale.state} />
      </section>

      <section aria-labelledby="staff-order-pickings" className="space-y-3">
        <h2 id="staff-order-pickings" className="text-xl font-semibold">
          {t('pickings')}
        </h2>
        <StaffTable
          caption={t('pickings')}
          testId="staff-order-pickings"
          empty={t('noPickings')}
          rows={sale.pickings}
          rowKey={(p) => p.id}
          columns={[
            { key: 'name', header: t('pickingName'), cell: (p) => p.name },
            {
              key: 'date',
              header: t('date'),
              cell: (p) => (p.date ? formatDate(p.date, locale) : none),
              nowrap: true,
            },
            { key: 'carrier', header: t('carrier'), cell: (p) => p.carrier || none },
            {
              key: 'tracking',
              header: t('tracking'),
              cell: (p) => <span data-testid="staff-order-tracking">{p.tracking_ref || none}</span>,
            },
            {
              key: 'state',
              header: th('pickingState'),
              cell: (p) => (
                <div className="space-y-1" data-testid="staff-order-picking-state" data-state={p.state}>
                  <span>{th(`pickingStates.${p.state}`)}</span>
                  {p.delivered_at ? (
                    <span className="block text-xs text-muted">
                      {th('deliveredOn', { date: formatDate(p.delivered_at, locale) })}
                    </span>
                  ) : (
                    <MarkDeliveredButton saleId={sale.id} pickingId={p.id} />
                  )}
                </div>
              ),
            },
          ]}
        />
        {sale.state !== 'cancel' ? (
          <PickingForm id={sale.id} lines={sale.lines} carrier={sale.carrier?.name ?? null} />
        ) : null}
      </section>

      <section aria-labelledby="staff-order-invoices" className="space-y-3">
        <h2 id="staff-order-invoices" className="text-xl font-semibold">
          {t('invoices')}
        </h2>
        <StaffTable
          caption={t('invoices')}
          testId="staff-order-invoices"
          empty={t('noInvoices')}
          rows={sale.invoices}
          rowKey={(i) => i.id}
          rowAttributes={(i) => ({ 'data-type': i.type })}
          columns={[
            { key: 'name', header: t('invoiceName'), cell: (i) => i.name },
            { key: 'type', header: t('invoiceType'), cell: (i) => t(`invoiceTypes.${i.type}`) },
            { key: 'date', header: t('date'), cell: (i) => formatDate(i.date, locale), nowrap: true },
            {
              key: 'amount',
              header: t('total'),
              numeric: true,
              cell: (i) => formatPrice(i.amount_total, locale),
            },
            {
              key: 'credit',
              header: t('creditNote'),
              cell: (i) =>
                i.type === 'invoice' ? (
                  <CreditNoteForm invoiceId={i.id} invoiceName={i.name} lines={sale.lines} />
                ) : null,
            },
          ]}
        />
        {sale.can_invoice ? (
          <InvoiceButton id={sale.id} name={sale.name} />
        ) : sale.invoices.length > 0 ? (
          <p className="text-muted" data-testid="staff-order-all-invoiced">
            {th('allInvoiced')}
          </p>
        ) : null}
      </section>
    </div>
  );
}

import Link from 'next/link';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage } from '@/lib/session';
import { requireStaff } from '@/lib/staff';
import { staffApi } from '@/lib/api/staff';
import { ApiError } from '@/lib/api/errors';
import { formatDate, formatPrice } from '@/lib/format';
import { StaffTable } from '@/components/staff/StaffTable';
import { CreditNoteForm, InvoiceButton, PickingForm, SaleStateForm } from '@/components/staff/SaleActions';

type Props = { params: Promise<{ locale: string; id: string }> };

export const generateMetadata = privatePageMetadata('staff.orders', 'detailTitle');

/**
 * /{lang}/staff/orders/{id} (issue 6 "orders (move through states, add pickings with tracking
 * reference, issue invoices and credit notes)"): the order of GET /staff/sales/{id} (customer,
 * state, totals, lines with ordered / delivered / canceled quantities), then the staff operations:
 * move the state (SaleStateForm), record a delivery with its tracking reference (PickingForm), issue
 * the invoice of what was delivered (InvoiceButton), and a credit note per invoice
 * (CreditNoteForm); the deliveries and invoices already made are listed. Unknown id → 404. Staff
 * only. Test ids `staff-order-state`, `staff-order-pickings-row`, `staff-order-invoices-row`.
 */
export default async function StaffOrderPage({ params }: Props) {
  const { locale, id: rawId } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const id = Number(rawId);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) notFound();
  const pathname = `/${locale}/staff/orders/${id}`;
  await requireStaff(locale, pathname);
  const sale = await loadForPage(locale, pathname, async () => {
    try {
      return await staffApi.sale(locale, id);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) notFound();
      throw error;
    }
  });
  const t = await getTranslations({ locale, namespace: 'staff.orders' });
  const ts = await getTranslations({ locale, namespace: 'orders.states' });
  const tc = await getTranslations({ locale, namespace: 'orders.channels' });
  const stateLabel = ts.has(sale.state) ? ts(sale.state) : sale.state;
  const canInvoice = sale.lines.some((l) => !l.is_delivery && l.qty_delivered > 0);
  return (
    <div className="space-y-8">
      <p>
        <Link href={`/${locale}/staff/orders`} className="text-brand underline">
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
        <dd>{tc.has(sale.sale_channel) ? tc(sale.sale_channel) : sale.sale_channel}</dd>
        <dt className="text-muted">{t('total')}</dt>
        <dd className="tabular-nums">{formatPrice(sale.total, locale)}</dd>
        {sale.note ? (
          <>
            <dt className="text-muted">{t('note')}</dt>
            <dd>{sale.note}</dd>
          </>
        ) : null}
      </dl>

      <section aria-labelledby="staff-order-lines" className="space-y-3">
        <h2 id="staff-order-lines" className="text-xl font-semibold">
          {t('lines')}
        </h2>
        <StaffTable
          caption={t('lines')}
          testId="staff-order-lines"
          empty={t('noLines')}
          rows={sale.lines}
          rowKey={(l) => l.id}
          columns={[
            { key: 'name', header: t('product'), cell: (l) => `${l.sku ? `${l.sku} · ` : ''}${l.name}` },
            { key: 'qty', header: t('qty'), numeric: true, cell: (l) => l.qty },
            { key: 'delivered', header: t('qtyDelivered'), numeric: true, cell: (l) => l.qty_delivered },
            { key: 'canceled', header: t('qtyCanceled'), numeric: true, cell: (l) => l.qty_canceled },
            { key: 'amount', header: t('amount'), numeric: true, cell: (l) => formatPrice(l.amount, locale) },
          ]}
        />
      </section>

      <section aria-labelledby="staff-order-move" className="space-y-3">
        <h2 id="staff-order-move" className="text-xl font-semibold">
          {t('moveTitle')}
        </h2>
        <SaleStateForm id={sale.id} state={sale.state} />
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
            { key: 'date', header: t('date'), cell: (p) => (p.date ? formatDate(p.date, locale) : '') },
            { key: 'carrier', header: t('carrier'), cell: (p) => p.carrier ?? '' },
            {
              key: 'tracking',
              header: t('tracking'),
              cell: (p) => <span data-testid="staff-order-tracking">{p.tracking_ref ?? ''}</span>,
            },
          ]}
        />
        {sale.state !== 'cancel' ? <PickingForm id={sale.id} lines={sale.lines} /> : null}
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
            { key: 'date', header: t('date'), cell: (i) => formatDate(i.date, locale) },
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
                i.type === 'invoice' ? <CreditNoteForm invoiceId={i.id} lines={sale.lines} /> : null,
            },
          ]}
        />
        {canInvoice ? <InvoiceButton id={sale.id} /> : null}
      </section>
    </div>
  );
}

import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { SALE_CHANNELS, type SaleChannel } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage, requireCustomer } from '@/lib/session';
import { ordersApi } from '@/lib/api/orders';
import { downloadHref, listHref, pageWindow, parsePaging, pickParam } from '@/lib/orders-list';
import { hasSearch, parseOrderSearch, searchParamsOf } from '@/lib/order-history';
import { formatDate, formatPrice } from '@/lib/format';
import { ListPages } from '@/components/orders/ListControls';
import { OrderSearchForm } from '@/components/orders/OrderSearchForm';
import { OrderProgress, stateLabel } from '@/components/orders/OrderProgress';
import { Link, getPathname } from '@/i18n/navigation';
import { ListRangeStatus } from '@/components/ListRangeStatus';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = privatePageMetadata('orders', 'title');

/**
 * /{lang}/account/sales (the orders list, filterable by sale channel; order history search,
 * docs/decisions/order-history.md): the customer's orders from GET /orders, newest first, searched
 * by order number or customer reference (`q`), product name or SKU (`product`) and order dates
 * (`date_from`, `date_to`), filtered by `sale_channel` (default all), paged by `page` and
 * `page_size` (10, 20 or 50; default 10). Each order is a card (stacked on phones, a row
 * from md): date, number (link to the detail), customer reference, state label and progress bar
 * (state progress of packages/domain/src/order.ts), total incl. VAT and its invoice / credit-note PDF links. Invalid search fields are
 * ignored and named. Requires sign-in (guests → login with this page as target).
 */
export default async function SalesPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const href = '/account/sales';
  const pathname = getPathname({ href, locale });
  const query = await searchParams;
  const paging = parsePaging(query);
  const channel = pickParam<SaleChannel>(query.sale_channel, SALE_CHANNELS, 'all');
  const search = parseOrderSearch(query);
  const kept = { sale_channel: channel, ...searchParamsOf(search.search) };
  await requireCustomer(
    locale,
    listHref(pathname, { ...kept, page: paging.page, page_size: paging.pageSize }),
  );
  const list = await loadForPage(locale, pathname, () =>
    ordersApi.orders(locale, paging, channel, search.search),
  );
  const t = await getTranslations({ locale, namespace: 'orders' });
  const th = await getTranslations({ locale, namespace: 'orderHistory' });
  const progressText = (percent: number) => t('progressValue', { percent });
  const window = pageWindow(paging, list.size);
  const emptyText = hasSearch(search)
    ? th('search.noMatch')
    : channel === 'all'
      ? t('empty')
      : t('emptyChannel');

  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold text-brand">{t('title')}</h1>
      <OrderSearchForm
        locale={locale}
        href={href}
        search={search}
        paging={paging}
        filter={{
          name: 'sale_channel',
          label: t('channel'),
          value: channel,
          defaultValue: 'all',
          options: SALE_CHANNELS.map((c) => ({ value: c, label: t(`channels.${c}`) })),
        }}
      />
      <ListRangeStatus
        locale={locale}
        from={window.from}
        to={window.to}
        total={list.size}
        testId="sales-status"
      />
      {list.data.length === 0 ? (
        <p data-testid="sales-empty">{emptyText}</p>
      ) : (
        <section aria-labelledby="sales-list-title">
          <h2 id="sales-list-title" className="sr-only">
            {t('listCaption')}
          </h2>
          <ul className="divide-y divide-line border-y border-line" data-testid="sales-table">
            {list.data.map((sale) => (
              <li
                key={sale.id}
                className="grid gap-x-4 gap-y-2 py-3 md:grid-cols-[8rem_minmax(0,1fr)_12rem_8rem] md:items-start"
                data-testid="sales-row"
                data-sale-name={sale.name}
              >
                <div className="flex items-baseline justify-between gap-3 md:block">
                  <Link
                    href={`/account/sales/${sale.id}`}
                    className="font-semibold text-brand underline"
                    data-testid="sales-link"
                  >
                    {sale.name}
                  </Link>
                  <span className="text-sm text-muted md:block">{formatDate(sale.date_order, locale)}</span>
                </div>
                <div className="min-w-0 text-sm">
                  {sale.client_order_ref ? (
                    <p className="break-words" data-testid="sales-ref">
                      {th('list.reference', { ref: sale.client_order_ref })}
                    </p>
                  ) : null}
                  <div className="break-words">
                    <span className="mr-1 text-muted">{th('list.invoices')}</span>
                    {sale.invoices.length === 0 ? (
                      <span className="text-muted">{th('list.noInvoice')}</span>
                    ) : (
                      <ul className="inline">
                        {sale.invoices.map((inv, i) => (
                          <li key={inv.id} className="inline">
                            {i > 0 ? ', ' : null}
                            <a
                              href={downloadHref('invoice', inv.id)}
                              download
                              className="text-brand underline"
                              data-testid="sales-invoice-link"
                              aria-label={th('list.downloadInvoice', { name: inv.name })}
                            >
                              {inv.name}
                            </a>
                            {inv.type === 'credit_note' ? (
                              <span className="text-muted"> ({th('list.creditNote')})</span>
                            ) : null}
                          </li>
                        ))}
                      </ul>
                    )}
                  </div>
                </div>
                <div className="space-y-1">
                  <span className="text-sm font-medium" data-testid="sales-state">
                    {stateLabel(t, sale.state, sale.state_label)}
                  </span>
                  <OrderProgress
                    state={sale.state}
                    label={`${t('progress')} ${sale.name}`}
                    valueText={progressText}
                    testId="sales-progress"
                  />
                </div>
                {/* The label is shown, not only read out: the account's key figures give the
                    same order excl. VAT, and two amounts without a word looked like an error. */}
                <p className="tabular-nums md:text-right" data-testid="sales-total">
                  <span className="text-sm text-muted md:block">{t('total')}</span>{' '}
                  <span className="font-semibold">{formatPrice(sale.amount.total, locale)}</span>
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
      <ListPages locale={locale} href={href} params={kept} paging={paging} total={list.size} />
    </div>
  );
}

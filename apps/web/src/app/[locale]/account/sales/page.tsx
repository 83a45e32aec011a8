import Link from 'next/link';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { SALE_CHANNELS, type SaleChannel } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage, requireUser } from '@/lib/session';
import { ordersApi } from '@/lib/api/orders';
import { listHref, parsePaging, pickParam } from '@/lib/orders-list';
import { formatDate, formatPrice } from '@/lib/format';
import { ListControls, ListPages } from '@/components/orders/ListControls';
import { OrderProgress, stateLabel } from '@/components/orders/OrderProgress';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = privatePageMetadata('orders', 'title');

/**
 * /{lang}/account/sales (spec 2 "Orders list, filterable by sale channel"): the customer's orders
 * from GET /orders?page&page_size&sale_channel, newest first; each row shows the date, the order
 * number (link to the detail), the state label, the progress bar (spec 4) and the total incl. VAT.
 * Query: `sale_channel` (all, fax, mail, phone, web; default all), `page` (default 1), `page_size`
 * (10, 20 or 50; default 10, spec 9). Requires sign-in (guests → login with this page as target).
 */
export default async function SalesPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const pathname = `/${locale}/account/sales`;
  const query = await searchParams;
  const paging = parsePaging(query);
  const channel = pickParam<SaleChannel>(query.sale_channel, SALE_CHANNELS, 'all');
  await requireUser(
    locale,
    listHref(pathname, { sale_channel: channel, page: paging.page, page_size: paging.pageSize }),
  );
  const list = await loadForPage(locale, pathname, () => ordersApi.orders(locale, paging, channel));
  const t = await getTranslations({ locale, namespace: 'orders' });
  const progressText = (percent: number) => t('progressValue', { percent });

  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold text-brand">{t('title')}</h1>
      <ListControls
        locale={locale}
        pathname={pathname}
        idPrefix="sales"
        paging={paging}
        total={list.size}
        filter={{
          name: 'sale_channel',
          label: t('channel'),
          value: channel,
          defaultValue: 'all',
          options: SALE_CHANNELS.map((c) => ({ value: c, label: t(`channels.${c}`) })),
        }}
      />
      {list.data.length === 0 ? (
        <p data-testid="sales-empty">{channel === 'all' ? t('empty') : t('emptyChannel')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left" data-testid="sales-table">
            <caption className="sr-only">{t('listCaption')}</caption>
            <thead>
              <tr className="border-b border-line text-sm text-muted">
                <th scope="col" className="py-2 pr-4">
                  {t('date')}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t('number')}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t('state')}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t('progress')}
                </th>
                <th scope="col" className="py-2 text-right">
                  {t('total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((sale) => (
                <tr
                  key={sale.id}
                  className="border-b border-line"
                  data-testid="sales-row"
                  data-sale-name={sale.name}
                >
                  <td className="py-2 pr-4">{formatDate(sale.date_order, locale)}</td>
                  <td className="py-2 pr-4">
                    <Link
                      href={`/${locale}/account/sales/${sale.id}`}
                      className="font-semibold text-brand underline"
                      data-testid="sales-link"
                    >
                      {sale.name}
                    </Link>
                  </td>
                  <td className="py-2 pr-4" data-testid="sales-state">
                    {stateLabel(t, sale.state, sale.state_label)}
                  </td>
                  <td className="py-2 pr-4">
                    <OrderProgress
                      state={sale.state}
                      label={`${t('progress')} ${sale.name}`}
                      valueText={progressText}
                      testId="sales-progress"
                    />
                  </td>
                  <td className="py-2 text-right tabular-nums">{formatPrice(sale.amount.total, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ListPages
        locale={locale}
        pathname={pathname}
        params={{ sale_channel: channel }}
        paging={paging}
        total={list.size}
      />
    </div>
  );
}

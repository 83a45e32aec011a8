import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { BACKORDER_FILTERS, type BackorderFilter } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage, requireCustomer } from '@/lib/session';
import { listHref, parsePaging, pickParam } from '@/lib/orders-list';
import { formatDate, formatInt, formatPrice } from '@/lib/format';
import { ListControls, ListPages } from '@/components/orders/ListControls';
import { backordersApi } from '@/components/backorders/server-api';
import { Link, getPathname } from '@/i18n/navigation';
import { lineLabel, lineTitle } from '@/lib/line-title';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = privatePageMetadata('backorders', 'title');

/**
 * /{lang}/account/products_on_order (docs/product/orders-and-documents.md#screens "Products on order", docs/product/orders-and-documents.md#backorders, docs/product/constants.md#display
 * filter and pagination): the customer's order lines still on order from GET products_on_order,
 * newest order first. Each row: order number (link to the order) and date, product (sku, made-to-
 * order / awaiting-stock badges), quantities ordered, delivered, cancelled and on order, the amount
 * on order (EUR excl. VAT) and a "Cancel" link to /{lang}/account/products_on_order/{id}/cancel
 * (opened as a dialog over the list by the @modal intercepting route, as a page when opened
 * directly). Query: `filter` (all, backorders = backorders plus made-to-order, made_to_order =
 * made-to-order only; default all), `page` (default 1), `page_size` (10, 20 or 50; default 10).
 * Requires sign-in (guests → login with this page as target).
 */
export default async function ProductsOnOrderPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const href = '/account/products_on_order';
  const pathname = getPathname({ href, locale });
  const query = await searchParams;
  const paging = parsePaging(query);
  const filter = pickParam<BackorderFilter>(query.filter, BACKORDER_FILTERS, 'all');
  await requireCustomer(
    locale,
    listHref(pathname, { filter, page: paging.page, page_size: paging.pageSize }),
  );
  const list = await loadForPage(locale, pathname, () => backordersApi.list(locale, paging, filter));
  const t = await getTranslations({ locale, namespace: 'backorders' });
  const th = 'py-2 pr-4';
  const num = 'py-2 pr-4 text-right tabular-nums';
  // Below 768 px each row is a card (docs/decisions/responsive-shell.md "Tables on a phone"): the
  // product on top, then the order and the amount on order, the four quantities two by two, each
  // with its label, and the cancel link; from 768 px the table as before.
  const phoneCell = 'max-md:p-0';
  const phoneQty = `${num} ${phoneCell} max-md:order-3 max-md:flex max-md:justify-between max-md:gap-2`;
  const phoneLabel = 'text-sm text-muted md:hidden';

  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold text-brand">{t('title')}</h1>
      <p className="text-muted">{t('intro')}</p>
      <ListControls
        locale={locale}
        href={href}
        idPrefix="backorders"
        paging={paging}
        total={list.count}
        filter={{
          name: 'filter',
          label: t('filterLabel'),
          value: filter,
          defaultValue: 'all',
          options: BACKORDER_FILTERS.map((f) => ({ value: f, label: t(`filters.${f}`) })),
        }}
      />
      {list.items.length === 0 ? (
        <p data-testid="backorders-empty">{filter === 'all' ? t('empty') : t('emptyFilter')}</p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full border-collapse text-left max-md:block" data-testid="backorders-table">
            <caption className="sr-only">{t('listCaption')}</caption>
            <thead className="max-md:hidden">
              <tr className="border-b border-line text-sm text-muted">
                <th scope="col" className={th}>
                  {t('order')}
                </th>
                <th scope="col" className={th}>
                  {t('product')}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {t('qty')}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {t('qtyDelivered')}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {t('qtyCanceled')}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {t('onOrder')}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {t('amount')}
                </th>
                <th scope="col" className="py-2">
                  <span className="sr-only">{t('actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="max-md:block">
              {list.items.map((line) => {
                const title = lineTitle(line);
                return (
                  <tr
                    key={line.id}
                    className="border-b border-line align-top max-md:grid max-md:grid-cols-2 max-md:gap-x-6 max-md:gap-y-2 max-md:py-3"
                    data-testid="backorders-row"
                    data-line-id={line.id}
                    data-sale-name={line.sale.name}
                  >
                    <td className={`${th} ${phoneCell} max-md:order-2`}>
                      <Link
                        href={`/account/sales/${line.sale.id}`}
                        className="font-semibold text-brand underline"
                      >
                        {line.sale.name}
                      </Link>
                      <div className="text-sm text-muted">{formatDate(line.sale.date_order, locale)}</div>
                    </td>
                    <td className={`${th} ${phoneCell} max-md:order-1 max-md:col-span-2`}>
                      <div className="font-medium" data-testid="backorders-product">
                        {title.product}
                      </div>
                      {title.variant ? <div className="text-sm">{title.variant}</div> : null}
                      {line.sku ? <div className="text-sm wrap-anywhere text-muted">{line.sku}</div> : null}
                      <div className="mt-1 flex flex-wrap gap-1 text-xs">
                        {line.made_to_order ? (
                          <span
                            className="rounded bg-surface px-2 py-0.5 text-brand"
                            data-testid="backorders-mto"
                          >
                            {t('madeToOrder')}
                          </span>
                        ) : null}
                        {line.qty_unavailable > 0 ? (
                          <span className="rounded bg-surface px-2 py-0.5 text-warn">
                            {t('awaitingStock')}
                          </span>
                        ) : null}
                      </div>
                    </td>
                    <td className={phoneQty}>
                      <span className={phoneLabel}>{t('qty')}</span>
                      {formatInt(line.qty, locale)}
                    </td>
                    <td className={phoneQty}>
                      <span className={phoneLabel}>{t('qtyDelivered')}</span>
                      {formatInt(line.qty_delivered, locale)}
                    </td>
                    <td className={phoneQty}>
                      <span className={phoneLabel}>{t('qtyCanceled')}</span>
                      <span data-testid="backorders-canceled">{formatInt(line.qty_canceled, locale)}</span>
                    </td>
                    <td className={`${phoneQty} font-semibold`}>
                      <span className={`${phoneLabel} font-normal`}>{t('onOrder')}</span>
                      <span data-testid="backorders-on-order">{formatInt(line.qty_backorder, locale)}</span>
                    </td>
                    <td className={`${num} ${phoneCell} max-md:order-2`}>
                      <span className={`${phoneLabel} block`}>{t('amount')}</span>
                      {formatPrice(line.amount_backorder, locale)}
                    </td>
                    <td className="py-2 max-md:order-4 max-md:col-span-2 max-md:pt-1">
                      {line.cancelable ? (
                        <Link
                          href={`/account/products_on_order/${line.id}/cancel`}
                          className="whitespace-nowrap rounded border border-bad px-3 py-1 text-sm font-semibold text-bad hover:bg-red-50"
                          aria-label={t('cancelLinkLabel', { name: lineLabel(line), order: line.sale.name })}
                          data-testid="backorders-cancel-link"
                          scroll={false}
                        >
                          {t('cancelLink')}
                        </Link>
                      ) : (
                        <span className="text-sm text-muted" data-testid="backorders-not-cancelable">
                          {t(`reasonsShort.${line.not_cancelable_reason ?? 'order_closed'}`)}
                        </span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <ListPages locale={locale} href={href} params={{ filter }} paging={paging} total={list.count} />
    </div>
  );
}

import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { STAFF_SALE_FILTERS } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { Link, getPathname } from '@/i18n/navigation';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage } from '@/lib/session';
import { requireStaff } from '@/lib/staff';
import { staffApi } from '@/lib/api/staff';
import { formatDate, formatPrice } from '@/lib/format';
import { pickParam } from '@/lib/orders-list';
import { param, StaffFilters, staffPaging } from '@/components/staff/StaffFilters';
import { keepWithinPages } from '@/lib/list-pages';
import { StaffPages } from '@/components/staff/StaffPages';
import { StaffTable } from '@/components/staff/StaffTable';
import { messageOr } from '@/i18n/keys';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = privatePageMetadata('staff.orders', 'title');

/**
 * /{lang}/staff/orders (docs/product/back-office.md#orders "orders"): the orders of every customer from GET /staff/sales with
 * the state filter (`open` = pending or processing by default, `all` or one state) and the search
 * `q` (order number, customer number or name), paged; each row links to the staff order page.
 * Money incl. VAT. Staff only. Test ids `staff-orders-row` (data-sale-name), `staff-orders-link`,
 * `staff-orders-state`, filters `staff-orders-state` / `staff-orders-q`.
 */
export default async function StaffOrdersPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const href = '/staff/orders';
  const pathname = getPathname({ href, locale });
  await requireStaff(locale, pathname);
  const query = await searchParams;
  const state = pickParam(query.state, STAFF_SALE_FILTERS, 'open');
  const q = param(query.q).slice(0, 100);
  const { page, perPage } = staffPaging(query);
  const list = await loadForPage(locale, pathname, () =>
    staffApi.sales(locale, { state, q, page, per_page: perPage }),
  );
  keepWithinPages(pathname, query, { page, perPage }, list.count);
  const t = await getTranslations({ locale, namespace: 'staff.orders' });
  const ts = await getTranslations({ locale, namespace: 'orders.states' });
  const tc = await getTranslations({ locale, namespace: 'orders.channels' });
  const stateLabel = (s: string) => messageOr(ts, s, s);
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold text-brand">{t('title')}</h1>
      <StaffFilters
        locale={locale}
        action={pathname}
        idPrefix="staff-orders"
        page={page}
        perPage={perPage}
        total={list.count}
        fields={[
          {
            kind: 'select',
            name: 'state',
            label: t('state'),
            value: state,
            options: STAFF_SALE_FILTERS.map((s) => ({
              value: s,
              label: s === 'open' || s === 'all' ? t(`filters.${s}`) : stateLabel(s),
            })),
          },
          { kind: 'search', name: 'q', label: t('search'), value: q },
        ]}
      />
      <StaffTable
        caption={t('title')}
        testId="staff-orders"
        empty={t('empty')}
        rows={list.items}
        rowKey={(r) => r.id}
        rowAttributes={(r) => ({ 'data-sale-name': r.name })}
        columns={[
          { key: 'date', header: t('date'), cell: (r) => formatDate(r.date_order, locale), nowrap: true },
          {
            key: 'number',
            header: t('number'),
            cell: (r) => (
              <Link
                href={`${href}/${r.id}`}
                className="font-semibold text-brand underline"
                data-testid="staff-orders-link"
              >
                {r.name}
              </Link>
            ),
          },
          {
            key: 'customer',
            header: t('customer'),
            cell: (r) => `${r.customer_number} ${r.customer_name}`,
          },
          {
            key: 'channel',
            header: t('channel'),
            cell: (r) => messageOr(tc, r.sale_channel, r.sale_channel),
          },
          {
            key: 'state',
            header: t('state'),
            cell: (r) => <span data-testid="staff-orders-state">{stateLabel(r.state)}</span>,
          },
          {
            key: 'total',
            header: t('total'),
            numeric: true,
            cell: (r) => formatPrice(r.amount_total, locale),
          },
        ]}
      />
      <StaffPages
        locale={locale}
        href={href}
        params={{ state, q }}
        page={page}
        perPage={perPage}
        total={list.count}
      />
    </div>
  );
}

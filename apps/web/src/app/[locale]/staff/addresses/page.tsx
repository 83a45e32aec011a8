import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { getPathname } from '@/i18n/navigation';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage } from '@/lib/session';
import { requireStaff } from '@/lib/staff';
import { staffApi } from '@/lib/api/staff';
import { requestedLines } from '@/lib/address-requests';
import { formatDate } from '@/lib/format';
import { pickParam } from '@/lib/orders-list';
import { StaffFilters, staffPaging } from '@/components/staff/StaffFilters';
import { keepWithinPages } from '@/lib/list-pages';
import { StaffPages } from '@/components/staff/StaffPages';
import { StaffTable } from '@/components/staff/StaffTable';
import { AddressRequestActions } from '@/components/staff/AddressRequestActions';
import { messageOr } from '@/i18n/keys';
import { labelColon } from '@vetshop/domain';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const STATES = ['pending', 'approved', 'refused'] as const;

export const generateMetadata = privatePageMetadata('staff.addresses', 'title');

/**
 * /{lang}/staff/addresses (docs/decisions/address-change-requests.md "address change requests"): the invoicing-address change
 * requests of GET /staff/address_change_requests by `state` (pending by default), oldest first,
 * paged; each row shows the customer, the address as it is and the requested address, codes named
 * and the fields that change marked (lib/address-requests.ts; test ids `address-requests-field`
 * with `data-field` and `data-changed`); pending ones
 * can be applied or refused with a reason (AddressRequestActions). Staff only. Test id
 * `address-requests-row` (data-customer).
 */
export default async function StaffAddressRequestsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const href = '/staff/addresses';
  const pathname = getPathname({ href, locale });
  await requireStaff(locale, pathname);
  const query = await searchParams;
  const state = pickParam(query.state, STATES, 'pending');
  const { page, perPage } = staffPaging(query);
  const list = await loadForPage(locale, pathname, () =>
    staffApi.addressRequests(locale, { state, page, per_page: perPage }),
  );
  keepWithinPages(pathname, query, { page, perPage }, list.count);
  const t = await getTranslations({ locale, namespace: 'staff.addresses' });
  const tt = await getTranslations({ locale, namespace: 'titles' });
  const titleName = (code: string) => messageOr(tt, code, code);
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold text-brand">{t('title')}</h1>
      <StaffFilters
        locale={locale}
        action={pathname}
        idPrefix="address-requests"
        page={page}
        perPage={perPage}
        total={list.count}
        fields={[
          {
            kind: 'select',
            name: 'state',
            label: t('state'),
            value: state,
            options: STATES.map((s) => ({ value: s, label: t(`states.${s}`) })),
          },
        ]}
      />
      <StaffTable
        caption={t('title')}
        testId="address-requests"
        empty={t('empty')}
        rows={list.items}
        rowKey={(r) => r.id}
        rowAttributes={(r) => ({ 'data-customer': r.customer_number })}
        columns={[
          { key: 'date', header: t('date'), cell: (r) => formatDate(r.created_at, locale), nowrap: true },
          {
            key: 'customer',
            header: t('customer'),
            cell: (r) => (
              <span>
                <span className="font-semibold">{r.customer_number}</span> {r.customer_name}
              </span>
            ),
          },
          {
            key: 'current',
            header: t('current'),
            cell: (r) => (
              <address className="not-italic">
                {r.address.name}
                <br />
                {r.address.street}
                {r.address.street2 ? (
                  <>
                    <br />
                    {r.address.street2}
                  </>
                ) : null}
                <br />
                {r.address.zip} {r.address.city}, {r.address.country.name}
                {r.address.vat ? (
                  <>
                    <br />
                    {r.address.vat}
                  </>
                ) : null}
              </address>
            ),
          },
          {
            key: 'requested',
            header: t('requested'),
            cell: (r) => (
              <dl className="min-w-0 space-y-0.5">
                {requestedLines(r.requested, r.address, locale, titleName).map((line) => (
                  <div
                    key={line.key}
                    className={`flex flex-wrap gap-x-2 ${line.changed ? 'font-semibold' : 'text-muted'}`}
                    data-testid="address-requests-field"
                    data-field={line.key}
                    data-changed={line.changed ? '1' : '0'}
                  >
                    <dt>
                      {messageOr(t, `fields.${line.key}`, line.key)}
                      {labelColon(locale)}
                    </dt>
                    <dd className="min-w-0 break-words">
                      {line.value || t('cleared')}
                      {line.changed ? (
                        <span className="ml-2 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">
                          {t('changed')}
                        </span>
                      ) : null}
                    </dd>
                  </div>
                ))}
              </dl>
            ),
          },
          {
            key: 'decision',
            header: t('decision'),
            cell: (r) =>
              r.state === 'pending' ? (
                <AddressRequestActions id={r.id} />
              ) : (
                <p>
                  {t(`states.${r.state === 'approved' ? 'approved' : 'refused'}`)}
                  {r.reason ? ` — ${r.reason}` : ''}
                </p>
              ),
          },
        ]}
      />
      <StaffPages
        locale={locale}
        href={href}
        params={{ state }}
        page={page}
        perPage={perPage}
        total={list.count}
      />
    </div>
  );
}

import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { REGISTRATION_STATES, staffCustomerOptionsSchema, type Registration } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { Link, getPathname } from '@/i18n/navigation';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage } from '@/lib/session';
import { requireStaff } from '@/lib/staff';
import { staffApi, staffGet } from '@/lib/api/staff';
import { formatDate } from '@/lib/format';
import { pickParam } from '@/lib/orders-list';
import { StaffFilters, staffPaging } from '@/components/staff/StaffFilters';
import { keepWithinPages } from '@/lib/list-pages';
import { StaffPages } from '@/components/staff/StaffPages';
import { StaffTable } from '@/components/staff/StaffTable';
import { RegistrationActions } from '@/components/staff/RegistrationActions';
import { messageOr } from '@/i18n/keys';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = privatePageMetadata('staff.registrations', 'title');

/** A text value of the stored application (`data`), '' when absent. */
function field(r: Registration, key: string): string {
  const v = r.data[key];
  return typeof v === 'string' ? v : '';
}

/**
 * Every number the applicant gave (VAT and each `*_number` of the application: depot,
 * subscription, APB, Order of Veterinarians…), non-empty ones only, as [key, value].
 */
function givenNumbers(r: Registration): [string, string][] {
  return Object.entries(r.data)
    .filter(([key, v]) => (key === 'vat' || key.endsWith('_number')) && typeof v === 'string' && v.trim())
    .map(([key, v]) => [key, String(v)]);
}

/**
 * /{lang}/staff/registrations (docs/product/back-office.md#registration-requests "registration requests (approve with role and price list,
 * or refuse)"): the applications of GET /staff/registrations by `state` (pending by default,
 * approved, refused), oldest first, with page and per_page; each row shows the company, the
 * applicant, email, function, VAT, city and date; pending ones carry the decision forms
 * (RegistrationActions, with the veterinary groups and sales persons of GET
 * /staff/customers/options), decided ones their reason or a link to the customer made from it; every number the applicant
 * gave (VAT, depot, subscription, APB, Order of Veterinarians…) and the comment are listed. Staff
 * only. Test ids `registrations-row` (data-email), `registrations-state`, `registrations-customer`,
 * `registrations-numbers`.
 */
export default async function StaffRegistrationsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const href = '/staff/registrations';
  const pathname = getPathname({ href, locale });
  await requireStaff(locale, pathname);
  const query = await searchParams;
  const state = pickParam(query.state, REGISTRATION_STATES, 'pending');
  const { page, perPage } = staffPaging(query);
  const [list, options] = await loadForPage(locale, pathname, () =>
    Promise.all([
      staffApi.registrations(locale, { state, page, per_page: perPage }),
      staffGet('/staff/customers/options', staffCustomerOptionsSchema, locale),
    ]),
  );
  keepWithinPages(pathname, query, { page, perPage }, list.count);
  const tn = await getTranslations({ locale, namespace: 'staffCustomers' });
  const t = await getTranslations({ locale, namespace: 'staff.registrations' });
  const tf = await getTranslations({ locale, namespace: 'functions' });
  const ts = await getTranslations({ locale, namespace: 'staff' });
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold text-brand">{t('title')}</h1>
      <StaffFilters
        locale={locale}
        action={pathname}
        idPrefix="registrations"
        page={page}
        perPage={perPage}
        total={list.count}
        fields={[
          {
            kind: 'select',
            name: 'state',
            label: t('state'),
            value: state,
            options: REGISTRATION_STATES.map((s) => ({ value: s, label: t(`states.${s}`) })),
          },
        ]}
      />
      <StaffTable
        caption={t('title')}
        testId="registrations"
        empty={t('empty')}
        rows={list.items}
        rowKey={(r) => r.id}
        rowAttributes={(r) => ({ 'data-email': r.email })}
        columns={[
          { key: 'date', header: t('date'), cell: (r) => formatDate(r.created_at, locale), nowrap: true },
          {
            key: 'applicant',
            header: t('applicant'),
            cell: (r) => (
              <div>
                <p className="font-semibold">{r.company_name}</p>
                <p>{`${field(r, 'first_name')} ${field(r, 'last_name')}`.trim()}</p>
                <p className="text-muted">{r.email}</p>
                <p className="text-muted">
                  {[`${field(r, 'zip')} ${field(r, 'city')}`.trim(), field(r, 'country')]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                <dl
                  className="mt-1 text-sm"
                  data-testid="registrations-numbers"
                  aria-label={tn('registration.numbers')}
                >
                  {givenNumbers(r).map(([key, value]) => (
                    <div key={key} className="flex flex-wrap gap-1">
                      <dt className="font-medium">
                        {ts('labelled', { label: messageOr(tn, `numbers.${key}`, key) })}
                      </dt>
                      <dd className="break-all">{value}</dd>
                    </div>
                  ))}
                </dl>
                {field(r, 'comment') ? (
                  <p className="mt-1 text-sm">
                    <span className="font-medium">
                      {ts('labelled', { label: tn('registration.comment') })}
                    </span>{' '}
                    {field(r, 'comment')}
                  </p>
                ) : null}
              </div>
            ),
          },
          { key: 'function', header: t('function'), cell: (r) => tf(r.function) },
          {
            key: 'decision',
            header: t('decision'),
            cell: (r) =>
              r.state === 'pending' ? (
                <RegistrationActions id={r.id} applied={r.function} options={options} />
              ) : (
                <p data-testid="registrations-state">
                  {t(`states.${r.state}`)}
                  {r.reason ? ` — ${r.reason}` : ''}
                  {r.customer_id ? (
                    <>
                      {' '}
                      <Link
                        href={`/staff/customers/${r.customer_id}`}
                        className="text-brand underline"
                        data-testid="registrations-customer"
                      >
                        {t('customer')}
                      </Link>
                    </>
                  ) : null}
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

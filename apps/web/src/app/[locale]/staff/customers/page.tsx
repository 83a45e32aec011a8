import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { staffCustomerListSchema } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { Link, getPathname } from '@/i18n/navigation';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage } from '@/lib/session';
import { requireStaff } from '@/lib/staff';
import { staffGet } from '@/lib/api/staff';
import { firstParam } from '@/lib/auth-paths';
import { StaffFilters, staffPaging } from '@/components/staff/StaffFilters';
import { keepWithinPages } from '@/lib/list-pages';
import { StaffPages } from '@/components/staff/StaffPages';
import { StaffTable } from '@/components/staff/StaffTable';
import { messageOr } from '@/i18n/keys';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = privatePageMetadata('staffCustomers', 'title');

/**
 * /{lang}/staff/customers (docs/decisions/staff-customers.md): search of customers by name,
 * customer number, VAT number or user login (`q`, GET /staff/customers), by name, paged; each row
 * links to the customer's page (/{lang}/staff/customers/{id}). Staff only. Test ids
 * `customers-row` (data-number), `customers-q`, `customers-link`.
 */
export default async function StaffCustomersPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const href = '/staff/customers';
  const pathname = getPathname({ href, locale });
  await requireStaff(locale, pathname);
  const query = await searchParams;
  const q = (firstParam(query.q) ?? '').slice(0, 100);
  const { page, perPage } = staffPaging(query);
  const list = await loadForPage(locale, pathname, () =>
    staffGet('/staff/customers', staffCustomerListSchema, locale, { q, page, per_page: perPage }),
  );
  keepWithinPages(pathname, query, { page, perPage }, list.count);
  const t = await getTranslations({ locale, namespace: 'staffCustomers' });
  const tf = await getTranslations({ locale, namespace: 'functions' });
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold text-brand">{t('title')}</h1>
      <StaffFilters
        locale={locale}
        action={pathname}
        idPrefix="customers"
        page={page}
        perPage={perPage}
        total={list.count}
        fields={[{ kind: 'search', name: 'q', label: t('search'), value: q }]}
      />
      <StaffTable
        caption={t('title')}
        testId="customers"
        empty={t('empty')}
        rows={list.items}
        rowKey={(c) => c.id}
        rowAttributes={(c) => ({ 'data-number': c.number })}
        columns={[
          { key: 'number', header: t('number'), cell: (c) => c.number },
          {
            key: 'name',
            header: t('name'),
            cell: (c) => (
              <div>
                <Link
                  href={`${href}/${c.id}`}
                  className="font-semibold text-brand underline"
                  data-testid="customers-link"
                >
                  {c.name}
                </Link>
                <p className="text-muted">{[c.vat, c.city].filter(Boolean).join(' · ')}</p>
              </div>
            ),
          },
          {
            key: 'function',
            header: t('function'),
            cell: (c) => messageOr(tf, c.function, c.function),
          },
          { key: 'salesPerson', header: t('salesPerson'), cell: (c) => c.sales_person_name ?? '—' },
          {
            key: 'users',
            header: t('users'),
            numeric: true,
            cell: (c) => t('usersCount', { active: c.active_users, total: c.users }),
          },
        ]}
      />
      <StaffPages
        locale={locale}
        href={href}
        params={{ q }}
        page={page}
        perPage={perPage}
        total={list.count}
      />
    </div>
  );
}

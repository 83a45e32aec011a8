import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { businessDate, STATISTICS_YEARS } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage, requireUser } from '@/lib/session';
import { NoCustomerNotice } from '@/components/account/NoCustomerNotice';
import { CsvImport } from '@/components/cart/CsvImport';
import { KeyFigures } from '@/components/dashboard/KeyFigures';
import { MostOrdered, parseTopOrderedFilter } from '@/components/dashboard/MostOrdered';
import { PurchasesSection } from '@/components/dashboard/PurchasesSection';
import { statisticsApi } from '@/components/dashboard/statistics-api';
import { Link, getPathname } from '@/i18n/navigation';
import { ClientMessages } from '@/components/i18n/ClientMessages';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/**
 * The account pages linked from the dashboard (docs/product/customer-area.md#dashboard): `key` names the messages
 * `account.<key>Link` / `account.<key>Text` and the test id `account-link-<key>`; `practice`: a page
 * of the practice's own data, linked for a customer account only
 * (docs/decisions/pages-without-customer-account.md).
 */
const ACCOUNT_LINKS = [
  { key: 'profile', path: 'account/profile', practice: false },
  { key: 'sales', path: 'account/sales', practice: true },
  { key: 'documents', path: 'account/documents', practice: true },
  { key: 'wishlists', path: 'account/wishlists', practice: true },
  { key: 'backorders', path: 'account/products_on_order', practice: true },
  { key: 'promotions', path: 'promotions', practice: false },
  { key: 'vetgroup', path: 'vetgroup', practice: false },
  { key: 'smallads', path: 'account/smallads', practice: true },
] as const;

/** Most ordered items shown on the dashboard. */
const DASHBOARD_TOP_ORDERED = 10;

export const generateMetadata = privatePageMetadata('account', 'metaTitle');

/**
 * /{lang}/account, the dashboard (docs/product/customer-area.md#dashboard): greeting with the user's and the practice's names, the
 * customer number, the CSV order import for accounts allowed to import (the title then mentions
 * it, docs/product/web-app-shell.md#routes), the links to the account pages (profile, orders, documents) and, for customers, the
 * key figures, the purchases chart by food, equipment and meds per month with its table alternative
 * and the most ordered items with the type filter (docs/product/constants.md). Query: `year` (one of the five years
 * of GET sale_statistics/five_years, default the current one) and `filter` (all, meds, food,
 * equipment, promotions; default all). Requires sign-in (guests → login page with this page as
 * target); AUTH_TYPE none: 404. A user without a customer account (staff) gets the profile,
 * promotions and veterinary group links and NoCustomerNotice.
 */
export default async function AccountPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const query = await searchParams;
  const href = '/account';
  const pathname = getPathname({ href, locale });
  const user = await requireUser(locale, pathname);
  const t = await getTranslations({ locale, namespace: 'account' });
  const customer = user.customer;
  const filter = parseTopOrderedFilter(query.filter);
  // The five years of GET sale_statistics/five_years: the current Brussels year and the 4 before.
  const thisYear = Number(businessDate().slice(0, 4));
  const years = Array.from({ length: STATISTICS_YEARS }, (_, i) => thisYear - STATISTICS_YEARS + 1 + i);
  const askedYear = Number(Array.isArray(query.year) ? query.year[0] : query.year);
  const year = years.includes(askedYear) ? askedYear : thisYear;
  const stats = customer
    ? await loadForPage(locale, pathname, async () => {
        const [five, top, monthly] = await Promise.all([
          statisticsApi.fiveYears(locale),
          statisticsApi.topOrdered(locale, filter, DASHBOARD_TOP_ORDERED),
          statisticsApi.monthly(locale, year),
        ]);
        return { five, top, monthly };
      })
    : null;
  // The dashboard's client components get the namespaces they use; the other account pages' folders
  // have their own (i18n/client-messages.ts `FOLDER_CLIENT_NAMESPACES.account`).
  return (
    <ClientMessages folder="account">
      <div className="space-y-6">
        <h1 className="text-3xl font-bold text-brand">{user.can_import ? t('titleImport') : t('title')}</h1>
        <section aria-labelledby="account-greeting" className="rounded-lg bg-surface px-6 py-6">
          <h2 id="account-greeting" className="text-xl font-semibold" data-testid="account-greeting">
            {t('greeting', { name: user.name })}
          </h2>
          {customer ? (
            <dl className="mt-3 grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
              <dt className="font-medium text-muted">{t('practice')}</dt>
              <dd data-testid="account-practice">{customer.name}</dd>
              <dt className="font-medium text-muted">{t('customerNumber')}</dt>
              <dd data-testid="account-customer-number">{customer.number}</dd>
            </dl>
          ) : null}
        </section>
        {customer ? null : <NoCustomerNotice locale={locale} user={user} />}
        {user.can_import && customer ? (
          <section aria-labelledby="account-import" className="rounded-lg border border-line px-6 py-5">
            <h2 id="account-import" className="mb-3 text-xl font-semibold">
              {t('importTitle')}
            </h2>
            <CsvImport locale={locale} />
          </section>
        ) : null}
        {stats ? (
          <>
            <KeyFigures locale={locale} data={stats.five} />
            <PurchasesSection
              locale={locale}
              data={stats.monthly}
              years={years}
              href={href}
              keep={filter !== 'all' ? { filter } : {}}
            />
            <MostOrdered
              locale={locale}
              data={stats.top}
              filter={filter}
              href={href}
              keep={year !== thisYear ? { year: String(year) } : {}}
            />
          </>
        ) : null}
        <nav aria-label={t('navLabel')}>
          <ul className="grid gap-4 md:grid-cols-3">
            {ACCOUNT_LINKS.filter(({ practice }) => customer || !practice).map(({ key, path }) => (
              <li key={key}>
                <Link
                  href={`/${path}`}
                  className="block rounded-lg border border-line p-5 hover:border-brand"
                  data-testid={`account-link-${key}`}
                >
                  <span className="block text-lg font-semibold text-brand underline">{t(`${key}Link`)}</span>
                  <span className="mt-1 block text-sm text-muted">{t(`${key}Text`)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </ClientMessages>
  );
}

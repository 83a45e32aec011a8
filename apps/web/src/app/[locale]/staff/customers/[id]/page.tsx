import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { staffCustomerDetailSchema, staffCustomerOptionsSchema, type Locale } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { Link, getPathname } from '@/i18n/navigation';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage } from '@/lib/session';
import { requireStaff } from '@/lib/staff';
import { staffGet } from '@/lib/api/staff';
import { ApiError } from '@/lib/api/errors';
import { formatDate } from '@/lib/format';
import { AddUserForm, CustomerSettingsForm, UserCard } from '@/components/staff-customers/CustomerEditor';
import { messageOr } from '@/i18n/keys';

type Props = { params: Promise<{ locale: string; id: string }> };

export const generateMetadata = privatePageMetadata('staffCustomers', 'editTitle');

/** The customer `id` and the form choices; an unknown customer is the 404 page. */
async function load(locale: Locale, id: number) {
  try {
    return await Promise.all([
      staffGet(`/staff/customers/${id}`, staffCustomerDetailSchema, locale),
      staffGet('/staff/customers/options', staffCustomerOptionsSchema, locale),
    ]);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
}

/**
 * /{lang}/staff/customers/{id} (docs/decisions/staff-customers.md): the practice with its numbers
 * (customer number, VAT, depot, subscription, APB, Order of Veterinarians), its sales person and payment terms (editable),
 * each user with its price list, veterinary groups, order and import rights and supplier
 * promotions (editable), deactivation (sessions closed at once) or reactivation and a new
 * invitation; a form adds a user to the practice (invitation mail); links enter an order on the
 * customer's behalf and open its regulated-product exceptions (/{lang}/staff/restrictions). Staff only; unknown id → 404 page. Test ids `customer-numbers`, `customer-user`.
 */
export default async function StaffCustomerPage({ params }: Props) {
  const { locale, id: rawId } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const id = Number(rawId);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) notFound();
  const href = `/staff/customers/${id}`;
  const pathname = getPathname({ href, locale });
  await requireStaff(locale, pathname);
  const [customer, options] = await loadForPage(locale, pathname, () => load(locale, id));
  const t = await getTranslations({ locale, namespace: 'staffCustomers' });
  const tf = await getTranslations({ locale, namespace: 'functions' });
  const ts = await getTranslations({ locale, namespace: 'staff' });
  const numbers: [string, string | null][] = [
    [t('number'), customer.number],
    [t('vat'), customer.vat_pending && !customer.vat ? t('vatPending') : customer.vat],
    [t('numbers.depot_number'), customer.depot_number],
    [t('numbers.subscription_number'), customer.subscription_number],
    [t('numbers.apb_number'), customer.apb_number],
    [t('numbers.ordre_number'), customer.ordre_number],
  ];
  return (
    <div className="space-y-6">
      <p className="flex flex-wrap gap-4">
        <Link href="/staff/customers" className="text-brand underline">
          {t('backToList')}
        </Link>
        <Link href={`${href}/order`} className="text-brand underline" data-testid="customer-order-on-behalf">
          {t('orderOnBehalf')}
        </Link>
        <Link
          href={`/staff/restrictions?customer=${id}`}
          className="text-brand underline"
          data-testid="customer-restrictions"
        >
          {t('restrictionExceptions')}
        </Link>
      </p>
      <h1 className="text-3xl font-bold text-brand">{customer.name}</h1>
      <p className="text-muted">
        {messageOr(tf, customer.function, customer.function)} ·{' '}
        {t('since', { date: formatDate(customer.created_at, locale) })}
      </p>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2" data-testid="customer-numbers">
        {numbers.map(([label, value]) => (
          <div key={label} className="flex gap-2">
            <dt className="font-medium">{ts('labelled', { label })}</dt>
            <dd>{value || '—'}</dd>
          </div>
        ))}
      </dl>
      <section className="space-y-3 rounded border border-line p-4">
        <h2 className="text-xl font-semibold">{t('settings')}</h2>
        <CustomerSettingsForm customer={customer} options={options} />
      </section>
      <section className="space-y-4">
        <h2 className="text-xl font-semibold">{t('usersTitle')}</h2>
        {customer.users.map((user) => (
          <UserCard key={user.id} customerId={customer.id} user={user} options={options} />
        ))}
      </section>
      <section className="space-y-3 rounded border border-line p-4">
        <h2 className="text-xl font-semibold">{t('addUser')}</h2>
        <AddUserForm customerId={customer.id} locale={locale} />
      </section>
    </div>
  );
}

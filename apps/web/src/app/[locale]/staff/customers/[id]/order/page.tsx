import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { staffCustomerDetailSchema, type Locale } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { Link, getPathname } from '@/i18n/navigation';
import { privatePageMetadata } from '@/lib/page';
import { loadForPage } from '@/lib/session';
import { requireStaff } from '@/lib/staff';
import { staffGet } from '@/lib/api/staff';
import { ApiError } from '@/lib/api/errors';
import { StaffOrderForm } from '@/components/staff-customers/StaffOrderForm';

type Props = { params: Promise<{ locale: string; id: string }> };

export const generateMetadata = privatePageMetadata('staffCustomers.order', 'title');

async function load(locale: Locale, id: number) {
  try {
    return await staffGet(`/staff/customers/${id}`, staffCustomerDetailSchema, locale);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
}

/**
 * /{lang}/staff/customers/{id}/order (docs/decisions/staff-orders-on-behalf.md): staff enter an
 * order received by phone, fax or mail for the customer — the user it is placed as, products found
 * by SKU, CNK, EAN or name with their quantities, a preview priced with the customer's price list
 * and rules, then the confirm with its sale channel (StaffOrderForm). Staff only; unknown id → 404.
 */
export default async function StaffCustomerOrderPage({ params }: Props) {
  const { locale, id: rawId } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const id = Number(rawId);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) notFound();
  const href = `/staff/customers/${id}/order`;
  const pathname = getPathname({ href, locale });
  await requireStaff(locale, pathname);
  const customer = await loadForPage(locale, pathname, () => load(locale, id));
  const t = await getTranslations({ locale, namespace: 'staffCustomers.order' });
  const users = customer.users
    .filter((u) => u.active)
    .map((u) => ({ id: u.id, name: u.name, login: u.login, can_order: u.can_order }));
  return (
    <div className="space-y-6">
      <p>
        <Link href={`/staff/customers/${id}`} className="text-brand underline">
          {t('backToCustomer', { name: customer.name })}
        </Link>
      </p>
      <h1 className="text-3xl font-bold text-brand">{t('heading', { name: customer.name })}</h1>
      <p className="text-muted">{customer.number}</p>
      <StaffOrderForm customerId={id} users={users} />
    </div>
  );
}

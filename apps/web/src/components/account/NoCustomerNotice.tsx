import { getTranslations } from 'next-intl/server';
import type { Locale, UserProfile } from '@vetshop/domain';
import { Link } from '@/i18n/navigation';

/**
 * What a signed-in user without a customer account (staff; lib/session.ts `hasCustomerAccount` is
 * false) reads on the account dashboard and instead of the cart and checkout
 * (docs/decisions/pages-without-customer-account.md): that the cart, orders, documents and small ads
 * belong to a practice's account (`data-testid="no-customer-account"`) and, for staff, where a
 * practice's order is entered (a link to the back office's customers page).
 */
export async function NoCustomerNotice({ locale, user }: { locale: Locale; user: UserProfile }) {
  const t = await getTranslations({ locale, namespace: 'account' });
  return (
    <div className="space-y-3">
      <p className="rounded border border-line bg-surface p-3" data-testid="no-customer-account">
        {t('noCustomer')}
      </p>
      {user.role === 'staff' ? (
        <p>
          {t('noCustomerStaff')}{' '}
          <Link href="/staff/customers" className="font-semibold text-brand underline">
            {t('noCustomerStaffLink')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

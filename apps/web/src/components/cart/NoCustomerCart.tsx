import { getTranslations } from 'next-intl/server';
import type { Locale, UserProfile } from '@vetshop/domain';
import { Link } from '@/i18n/navigation';

/**
 * The cart or checkout page of a signed-in user without a customer account
 * (docs/decisions/cart-without-customer-account.md; lib/session.ts `hasCart` is false): the page's title, then why there is no cart
 * (`data-testid="cart-no-customer"`) and, for staff, where a practice's order is entered (the back
 * office's customers page), instead of a cart that would load forever or a checkout error.
 */
export async function NoCustomerCart({
  locale,
  user,
  title,
}: {
  locale: Locale;
  user: UserProfile;
  /** The page's own title (cart or checkout). */
  title: string;
}) {
  const t = await getTranslations({ locale, namespace: 'cart' });
  return (
    <div className="space-y-4">
      <h1 className="text-3xl font-bold text-brand">{title}</h1>
      <p className="rounded border border-line bg-surface p-3" data-testid="cart-no-customer">
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

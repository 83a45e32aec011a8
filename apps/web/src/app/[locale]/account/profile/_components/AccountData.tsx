import { getTranslations } from 'next-intl/server';
import type { Locale, UserProfile } from '@vetshop/domain';
import { messageOr } from '@/i18n/keys';

/**
 * One row of the account data list; an empty value shows "—". Below 640 px the label sits above its
 * value, so long Dutch labels and practice names are not cut in the middle of a word.
 */
function Row({ label, value, testId }: { label: string; value: string | null | undefined; testId?: string }) {
  return (
    <div className="grid gap-x-2 gap-y-0.5 border-b border-line py-2 break-words last:border-b-0 sm:grid-cols-2">
      <dt className="font-medium text-muted">{label}</dt>
      <dd data-testid={testId}>{value && value.trim() ? value : '—'}</dd>
    </div>
  );
}

/**
 * The account data of the practice, read only (docs/product/customer-area.md#profile;
 * docs/product/accounts.md#customer): the login, for a customer its name, number, VAT (or "VAT
 * pending"), depot, subscription and APB numbers, then the function and the price list of `user`.
 * `className` is the section's box.
 */
export async function AccountData({
  locale,
  user,
  className,
}: {
  locale: Locale;
  user: UserProfile;
  className: string;
}) {
  const t = await getTranslations({ locale });
  const customer = user.customer;
  const fn = customer?.function ?? user.function;
  return (
    <section aria-labelledby="profile-account-title" className={className}>
      <h2 id="profile-account-title" className="text-xl font-semibold text-brand">
        {t('profile.accountData')}
      </h2>
      <dl>
        <Row label={t('profile.fields.login')} value={user.login} testId="profile-login" />
        {customer ? (
          <>
            <Row label={t('profile.fields.practice')} value={customer.name} testId="profile-practice" />
            <Row
              label={t('profile.fields.customerNumber')}
              value={customer.number}
              testId="profile-customer-number"
            />
            <Row
              label={t('profile.fields.vat')}
              value={customer.vat ?? (customer.vat_pending ? t('profile.vatPending') : null)}
              testId="profile-vat"
            />
            <Row label={t('profile.fields.depot_number')} value={customer.depot_number} />
            <Row label={t('profile.fields.subscription_number')} value={customer.subscription_number} />
            <Row label={t('profile.fields.apb_number')} value={customer.apb_number} />
          </>
        ) : null}
        <Row
          label={t('profile.fields.function')}
          value={fn ? t(`functions.${fn}`) : null}
          testId="profile-function"
        />
        <Row
          label={t('profile.fields.priceList')}
          value={messageOr(t, `priceLists.${user.price_list}`, user.price_list)}
          testId="profile-price-list"
        />
      </dl>
    </section>
  );
}

import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { COUNTRY_CODES, STATES, countryName, type Locale, type Settings } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { privatePageMetadata } from '@/lib/page';
import { accountApi } from '@/lib/api/account';
import { isOidcAuth } from '@/lib/env';
import { loadForPage, requireUser } from '@/lib/session';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { ContactForm, NewsletterToggle, PasswordForm } from '@/components/account/ProfileForms';
import { DeliveryAddresses, InvoicingAddress, type AddressOptions } from '@/components/account/Addresses';
import { messageOr } from '@/i18n/keys';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privatePageMetadata('profile', 'metaTitle');

/** Countries and states of the address forms: GET settings, else the shop's own reference lists. */
function addressOptions(settings: Settings | null, locale: Locale): AddressOptions {
  const countries =
    settings && settings.countries.length > 0
      ? settings.countries.map((c) => ({ code: c.code, name: c.name }))
      : COUNTRY_CODES.map((code) => ({ code, name: countryName(code, locale) }));
  const states =
    settings && settings.states.length > 0
      ? settings.states
      : STATES.map((s) => ({ code: s.code, name: s.names[locale], country_code: s.country }));
  return {
    countries: [...countries].sort((a, b) =>
      a.code === 'BE' ? -1 : b.code === 'BE' ? 1 : a.name.localeCompare(b.name, locale),
    ),
    states: [...states].sort((a, b) => a.name.localeCompare(b.name, locale)),
  };
}

/** One row of the account data list. */
function Row({ label, value, testId }: { label: string; value: string | null | undefined; testId?: string }) {
  return (
    <div className="grid grid-cols-2 gap-2 border-b border-line py-2 break-words last:border-b-0">
      <dt className="font-medium text-muted">{label}</dt>
      <dd data-testid={testId}>{value && value.trim() ? value : '—'}</dd>
    </div>
  );
}

/**
 * /{lang}/account/profile (docs/product/customer-area.md#profile "Account data, contact, change password, newsletter subscribe or
 * unsubscribe, addresses with change request"): account data of the practice (read only), the
 * contact form (POST user), the password change (credentials mode only), the newsletter switch,
 * the sales person (GET customer/sales_person) and the addresses (GET addresses/invoicing and
 * addresses/delivery). Requires sign-in; a staff user (no customer) sees contact and password only.
 */
export default async function ProfilePage({ params }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const path = `/${locale}/account/profile`;
  const user = await requireUser(locale, path);
  const customer = user.customer;
  const [invoicing, delivery, salesPerson, settings] = customer
    ? await loadForPage(locale, path, () =>
        Promise.all([
          accountApi.invoicingAddresses(locale),
          accountApi.deliveryAddresses(locale),
          accountApi.salesPerson(locale),
          accountApi.settings(locale),
        ]),
      )
    : [[], [], null, null];
  const options = addressOptions(settings, locale);
  const t = await getTranslations({ locale });
  const section = 'space-y-4 rounded-lg border border-line p-5';
  const h2 = 'text-xl font-semibold text-brand';
  const fn = customer?.function ?? user.function;
  return (
    <div className="space-y-8">
      <Breadcrumbs
        locale={locale}
        items={[{ label: t('account.title'), href: `/${locale}/account` }, { label: t('profile.title') }]}
      />
      <h1 className="text-3xl font-bold text-brand">{t('profile.title')}</h1>

      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="profile-account-title" className={section}>
          <h2 id="profile-account-title" className={h2}>
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

        {customer ? (
          <section aria-labelledby="profile-sales-title" className={section}>
            <h2 id="profile-sales-title" className={h2}>
              {t('profile.salesPerson')}
            </h2>
            {salesPerson ? (
              <div data-testid="sales-person">
                <p className="font-semibold">{salesPerson.name}</p>
                <p>
                  <a href={`mailto:${salesPerson.email}`} className="text-brand underline">
                    {salesPerson.email}
                  </a>
                </p>
                <p>
                  <a
                    href={`tel:${salesPerson.phone.replace(/[^+0-9]/g, '')}`}
                    className="text-brand underline"
                  >
                    {salesPerson.phone}
                  </a>
                </p>
                <address className="mt-2 not-italic text-muted">
                  {salesPerson.address.street}
                  <br />
                  {salesPerson.address.zip} {salesPerson.address.city}
                  <br />
                  {countryName(salesPerson.address.country_code, locale)}
                </address>
                <p className="mt-2 text-sm text-muted">{t('profile.salesHours')}</p>
              </div>
            ) : (
              <p data-testid="sales-person-none">{t('profile.noSalesPerson')}</p>
            )}
          </section>
        ) : null}
      </div>

      <section aria-labelledby="profile-contact-title" className={section}>
        <h2 id="profile-contact-title" className={h2}>
          {t('profile.contact')}
        </h2>
        <ContactForm
          locale={locale}
          initial={{
            title: user.title,
            given_name: user.given_name,
            family_name: user.family_name,
            phone: user.phone,
            mobile: user.mobile,
            locale: user.locale,
          }}
        />
      </section>

      {customer ? (
        <section aria-labelledby="profile-newsletter-title" className={section}>
          <h2 id="profile-newsletter-title" className={h2}>
            {t('profile.newsletter')}
          </h2>
          <NewsletterToggle
            locale={locale}
            customerId={customer.id}
            subscribed={customer.opt_in && !customer.opt_out}
          />
        </section>
      ) : null}

      {!isOidcAuth() ? (
        <section aria-labelledby="profile-password-title" className={section}>
          <h2 id="profile-password-title" className={h2}>
            {t('profile.password')}
          </h2>
          <PasswordForm locale={locale} />
        </section>
      ) : null}

      {customer ? (
        <section aria-labelledby="profile-addresses-title" className="space-y-6">
          <h2 id="profile-addresses-title" className="text-2xl font-semibold text-brand">
            {t('addresses.title')}
          </h2>
          <section aria-labelledby="profile-invoicing-title" className="space-y-3">
            <h3 id="profile-invoicing-title" className="text-lg font-semibold">
              {t('addresses.invoicing')}
            </h3>
            {invoicing.length > 0 ? (
              invoicing.map((address) => (
                <InvoicingAddress key={address.id} locale={locale} address={address} options={options} />
              ))
            ) : (
              <p>{t('addresses.noInvoicing')}</p>
            )}
          </section>
          <section aria-labelledby="profile-delivery-title" className="space-y-3">
            <h3 id="profile-delivery-title" className="text-lg font-semibold">
              {t('addresses.delivery')}
            </h3>
            <DeliveryAddresses locale={locale} addresses={delivery} options={options} />
          </section>
        </section>
      ) : null}
    </div>
  );
}

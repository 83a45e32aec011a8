import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { getPathname } from '@/i18n/navigation';
import { privatePageMetadata } from '@/lib/page';
import { isOidcAuth } from '@/lib/env';
import { requireUser } from '@/lib/session';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { ContactForm, NewsletterToggle, PasswordForm } from '@/components/account/ProfileForms';
import { addressOptions, profileData } from './page-data';
import { AccountData } from './_components/AccountData';
import { SalesPersonCard } from './_components/SalesPersonCard';
import { ProfileAddresses } from './_components/ProfileAddresses';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privatePageMetadata('profile', 'metaTitle');

/**
 * /{lang}/account/profile (docs/product/customer-area.md#profile "Account data, contact, change password, newsletter subscribe or
 * unsubscribe, addresses with change request"): account data of the practice (read only), the
 * contact form (POST user), the password change (credentials mode only), the newsletter switch,
 * the sales person (GET customer/sales_person) and the addresses (GET addresses/invoicing and
 * addresses/delivery). Requires sign-in; a staff user (no customer) sees contact and password only.
 * Data: page-data.ts; parts: _components/.
 */
export default async function ProfilePage({ params }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const path = getPathname({ href: '/account/profile', locale });
  const user = await requireUser(locale, path);
  const customer = user.customer;
  const { invoicing, delivery, salesPerson, settings } = await profileData(locale, path, Boolean(customer));
  const options = addressOptions(settings, locale);
  const t = await getTranslations({ locale });
  const section = 'space-y-4 rounded-lg border border-line p-5';
  const h2 = 'text-xl font-semibold text-brand';
  return (
    <div className="space-y-8">
      <Breadcrumbs
        locale={locale}
        items={[{ label: t('account.title'), href: '/account' }, { label: t('profile.title') }]}
      />
      <h1 className="text-3xl font-bold text-brand">{t('profile.title')}</h1>

      <div className="grid gap-8 lg:grid-cols-2">
        <AccountData locale={locale} user={user} className={section} />
        {customer ? <SalesPersonCard locale={locale} salesPerson={salesPerson} className={section} /> : null}
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
        <ProfileAddresses locale={locale} invoicing={invoicing} delivery={delivery} options={options} />
      ) : null}
    </div>
  );
}

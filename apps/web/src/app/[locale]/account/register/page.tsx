import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { CMS_TERMS_GROUP, COUNTRY_CODES, countryName, type Locale } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { accountApi } from '@/lib/api/account';
import { cmsApi } from '@/lib/api/cms';
import { authType } from '@/lib/env';
import { alternatesFor, samePathEverywhere } from '@/lib/seo';
import { requireAccountsEnabled } from '@/lib/session';
import { RegisterForm } from '@/components/account/RegisterForm';
import { Breadcrumbs } from '@/components/Breadcrumbs';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const t = await getTranslations({ locale, namespace: 'register' });
  return {
    title: t('metaTitle'),
    description: t('intro'),
    alternates: alternatesFor(locale, samePathEverywhere('/account/register')),
  };
}

/** Countries of the select: GET settings, else (docs/product/accounts.md "a failed settings fetch yields no settings") the shop's own list. */
async function countryOptions(locale: Locale): Promise<{ code: string; name: string }[]> {
  const settings = await accountApi.settings(locale);
  const list =
    settings && settings.countries.length > 0
      ? settings.countries.map((c) => ({ code: c.code, name: c.name }))
      : COUNTRY_CODES.map((code) => ({ code, name: countryName(code, locale) }));
  // Belgium first (the association's country), then by name in the interface language.
  return [...list].sort((a, b) =>
    a.code === 'BE' ? -1 : b.code === 'BE' ? 1 : a.name.localeCompare(b.name, locale),
  );
}

/**
 * /{lang}/account/register (docs/product/accounts.md#registration "Public customer registration"; docs/product/accounts.md#registration-fields; docs/product/accounts.md):
 * the application form for a new customer; staff approve or refuse it. Password fields only in the
 * credentials mode. The terms-of-sale page, when published, is linked from the consent box
 * (docs/decisions/terms-of-sale-link.md). AUTH_TYPE none: 404.
 */
export default async function RegisterPage({ params }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  requireAccountsEnabled();
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'register' });
  const [countries, pages] = await Promise.all([countryOptions(locale), cmsApi.pagesOrEmpty(locale)]);
  // The consent box links to the terms of sale (docs/decisions/terms-of-sale-link.md).
  const terms = pages.find((p) => p.group === CMS_TERMS_GROUP);
  return (
    <div className="mx-auto max-w-3xl">
      <Breadcrumbs locale={locale} items={[{ label: t('title') }]} />
      <h1 id="register-heading" className="text-3xl font-bold text-brand">
        {t('title')}
      </h1>
      <p className="mt-2 mb-6 text-muted">{t('intro')}</p>
      <RegisterForm
        locale={locale}
        countries={countries}
        withPassword={authType() === 'credentials'}
        termsHref={terms ? `/page/${terms.url}` : null}
      />
    </div>
  );
}

import Link from 'next/link';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { privatePageMetadata } from '@/lib/page';
import { requireUser } from '@/lib/session';
import { CsvImport } from '@/components/cart/CsvImport';

type Props = { params: Promise<{ locale: string }> };

export const generateMetadata = privatePageMetadata('account', 'metaTitle');

/**
 * /{lang}/account (spec 2 account home): greeting with the user's and the practice's names, the
 * customer number, the CSV order import for accounts allowed to import (the title then mentions
 * it, spec 2) and the links to the account pages (profile, orders, documents). Requires sign-in (guests → login page with
 * this page as target); AUTH_TYPE none: 404.
 */
export default async function AccountPage({ params }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const user = await requireUser(locale, `/${locale}/account`);
  const t = await getTranslations({ locale, namespace: 'account' });
  const customer = user.customer;
  return (
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
      {user.can_import && customer ? (
        <section aria-labelledby="account-import" className="rounded-lg border border-line px-6 py-5">
          <h2 id="account-import" className="mb-3 text-xl font-semibold">
            {t('importTitle')}
          </h2>
          <CsvImport locale={locale} />
        </section>
      ) : null}
      <nav aria-label={t('navLabel')}>
        <ul className="grid gap-4 md:grid-cols-3">
          <li>
            <Link
              href={`/${locale}/account/profile`}
              className="block rounded-lg border border-line p-5 hover:border-brand"
              data-testid="account-link-profile"
            >
              <span className="block text-lg font-semibold text-brand underline">{t('profileLink')}</span>
              <span className="mt-1 block text-sm text-muted">{t('profileText')}</span>
            </Link>
          </li>
          <li>
            <Link
              href={`/${locale}/account/sales`}
              className="block rounded-lg border border-line p-5 hover:border-brand"
              data-testid="account-link-sales"
            >
              <span className="block text-lg font-semibold text-brand underline">{t('salesLink')}</span>
              <span className="mt-1 block text-sm text-muted">{t('salesText')}</span>
            </Link>
          </li>
          <li>
            <Link
              href={`/${locale}/account/documents`}
              className="block rounded-lg border border-line p-5 hover:border-brand"
              data-testid="account-link-documents"
            >
              <span className="block text-lg font-semibold text-brand underline">{t('documentsLink')}</span>
              <span className="mt-1 block text-sm text-muted">{t('documentsText')}</span>
            </Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}

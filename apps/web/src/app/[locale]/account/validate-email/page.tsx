import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { privatePageMetadata } from '@/lib/page';
import { firstParam } from '@/lib/auth-paths';
import { requireAccountsEnabled } from '@/lib/session';
import { ValidateEmail } from '@/components/account/TokenForms';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = privatePageMetadata('auth', 'validateTitle');

/**
 * /{lang}/account/validate-email?token=… (the link of the validation mail; docs/product/accounts.md#auth-calls POST
 * auth/validate_email): confirms the address when the page opens and links to the login page.
 * Public; AUTH_TYPE none: 404.
 */
export default async function ValidateEmailPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  requireAccountsEnabled();
  setRequestLocale(locale);
  const token = firstParam((await searchParams).token) ?? null;
  const t = await getTranslations({ locale, namespace: 'auth' });
  return (
    <div className="mx-auto max-w-md space-y-6">
      <h1 className="text-3xl font-bold text-brand">{t('validateTitle')}</h1>
      <ValidateEmail locale={locale} token={token && token.length <= 200 ? token : null} />
    </div>
  );
}

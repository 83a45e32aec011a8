import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { privatePageMetadata } from '@/lib/page';
import { isOidcAuth } from '@/lib/env';
import { firstParam } from '@/lib/auth-paths';
import { requireAccountsEnabled } from '@/lib/session';
import { NewPasswordForm, ResetRequestForm } from '@/components/account/TokenForms';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = privatePageMetadata('auth', 'resetTitle');

/**
 * /{lang}/account/reset-password (docs/product/accounts.md#auth-calls POST auth/request_reset_password and auth/set_password):
 * without `token` the form asking the login; with the mailed `token` the new-password form.
 * Passwords live at the identity provider in the oidc modes, where this page answers 404, as it
 * does when AUTH_TYPE is none. Public.
 */
export default async function ResetPasswordPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  requireAccountsEnabled();
  if (isOidcAuth()) notFound();
  setRequestLocale(locale);
  const token = firstParam((await searchParams).token);
  const t = await getTranslations({ locale, namespace: 'auth' });
  return (
    <div className="mx-auto max-w-md space-y-6">
      <h1 id="reset-title" className="text-3xl font-bold text-brand">
        {token ? t('newPasswordTitle') : t('resetTitle')}
      </h1>
      {token && token.length <= 200 ? (
        <NewPasswordForm locale={locale} token={token} />
      ) : (
        <ResetRequestForm locale={locale} />
      )}
    </div>
  );
}

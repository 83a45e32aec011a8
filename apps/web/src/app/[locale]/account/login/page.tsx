import { redirect } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { safeRelativeTarget } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { privatePageMetadata } from '@/lib/page';
import { isOidcAuth } from '@/lib/env';
import { firstParam, needsSignIn, signedInLanding } from '@/lib/auth-paths';
import { getSession, requireAccountsEnabled } from '@/lib/session';
import { LoginForm } from '@/components/account/LoginForm';
import { FormMessage, primaryButtonClass } from '@/components/account/fields';
import { oidcErrorCode } from '@/lib/oidc';
import { Link } from '@/i18n/navigation';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export const generateMetadata = privatePageMetadata('auth', 'metaTitle');

/**
 * /{lang}/account/login?target=<path> (docs/product/accounts.md#sign-in-and-sign-out login page; docs/product/accounts.md#authentication-mode s).
 * credentials: the login form (LoginForm) with links to register and to the forgotten-password
 * page; oidc / oidc-token: one button to /auth/oidc/login?target=… (the identity provider's
 * sign-in). A signed-in user goes straight to the (safe) target (staff: the back office when none). AUTH_TYPE none: 404.
 * "You are not logged in." (docs/product/errors.md#sign-in) shows when the target is a page that
 * needs sign-in (`needsSignIn`), not when the visitor chose "sign in" on a public page.
 * `?error=<code>` (set by the OIDC callback and renewal, lib/oidc.ts) shows `oidc.errors.<code>`
 * (docs/product/errors.md#sign-in login errors; an unknown code shows the technical-problem message).
 */
export default async function LoginPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  requireAccountsEnabled();
  setRequestLocale(locale);
  const query = await searchParams;
  const target = safeRelativeTarget(firstParam(query.target), '') || undefined;
  const session = await getSession(locale);
  if (session.status === 'signed-in') redirect(signedInLanding(locale, target, session.user.role));
  const t = await getTranslations({ locale, namespace: 'auth' });
  const oidc = isOidcAuth();
  const errorParam = firstParam(query.error);
  const signInError = errorParam ? oidcErrorCode(errorParam) : null;
  const tOidc = await getTranslations({ locale, namespace: 'oidc' });
  return (
    <div className="mx-auto max-w-md space-y-6">
      <h1 id="login-title" className="text-3xl font-bold text-brand">
        {t('title')}
      </h1>
      {session.status === 'expired' || firstParam(query.expired) === '1' ? (
        <p role="status" className="rounded border-l-4 border-warn bg-amber-50 px-4 py-3 text-sm text-warn">
          {t('sessionEnded')}
        </p>
      ) : target && needsSignIn(target) ? (
        // Sent here by a page that needs sign-in; the header's "sign in" link (a public page as
        // target) gets no such notice: the visitor chose to sign in.
        <p
          role="status"
          className="rounded border-l-4 border-brand bg-surface px-4 py-3 text-sm"
          data-testid="login-not-logged-in"
        >
          {t('notLoggedIn')}
        </p>
      ) : null}
      {signInError ? (
        <FormMessage kind="error" testId="login-error">
          {tOidc(`errors.${signInError}`)}
        </FormMessage>
      ) : null}
      {oidc ? (
        <div className="space-y-4">
          <p>{t('oidcIntro')}</p>
          <a
            href={`/auth/oidc/login?lang=${locale}${target ? `&target=${encodeURIComponent(target)}` : ''}`}
            className={`inline-block ${primaryButtonClass}`}
            data-testid="login-oidc"
          >
            {t('oidcSignIn')}
          </a>
        </div>
      ) : (
        <LoginForm locale={locale} target={target} />
      )}
      <section aria-labelledby="login-new-title" className="rounded-lg border border-line bg-surface p-5">
        <h2 id="login-new-title" className="text-lg font-semibold">
          {t('newCustomerTitle')}
        </h2>
        <p className="mt-1 text-sm text-muted">{t('newCustomerText')}</p>
        <Link
          href="/account/register"
          className="mt-3 inline-block font-semibold text-brand underline"
          data-testid="login-register"
        >
          {t('register')}
        </Link>
      </section>
    </div>
  );
}

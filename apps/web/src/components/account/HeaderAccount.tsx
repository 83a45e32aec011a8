'use client';

// Plain app anchors and hand-built /{lang} paths, not next/link or i18n/navigation: their client
// code would put the catalogue pages over their first-load JavaScript gate (docs/decisions/app-links.md).
import { AppAnchor } from '@/components/nav/AppAnchor';
import type { ReactNode } from 'react';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { Locale } from '@vetshop/domain';
import { isGuardedPath, localeOfPath, loginHref, logoutAction, signOutTarget } from '@/lib/auth-paths';
import { UserIcon } from '../Icons';
import { GuardedSignOutForm } from '../cart/SignOutGuard';

/** Pages whose header "Sign in" link should not point back to themselves. */
const NO_RETURN =
  /^\/(fr|nl|en)\/account\/(login|register|reset-password|validate-email|oidc-redirect)(\/|$)/;

/**
 * Header sign-out (docs/product/web-app-shell.md#navigation "header with navigation and log-out"): a form POSTing to
 * /auth/logout?target=<this page> (the home page when this page needs a session), so it works
 * without JavaScript and the HttpOnly cookie is cleared by the server. With unsaved cart changes it
 * first asks for confirmation, and signing out clears the browser's cart (docs/product/accounts.md, GuardedSignOutForm).
 * `children` is the button's label, rendered by the server (the header's icon and text): no
 * message or icon code in the browser bundle.
 */
export function SignOutButton({ locale, children }: { locale: Locale; children: ReactNode }) {
  const pathname = usePathname();
  return (
    <GuardedSignOutForm action={logoutAction(signOutTarget(locale, pathname))}>
      <button
        type="submit"
        className="block rounded py-1 text-sm text-brand underline-offset-2 hover:underline lg:px-2"
        data-testid="header-sign-out"
      >
        {children}
      </button>
    </GuardedSignOutForm>
  );
}

/**
 * Guest links of the header: "Sign in" (to the login page, coming back to the current page) and
 * "Become a customer" (registration).
 */
export function GuestLinks({ locale }: { locale: Locale }) {
  const t = useTranslations('header');
  const pathname = usePathname() ?? `/${locale}`;
  const target = NO_RETURN.test(pathname) || localeOfPath(pathname) === null ? undefined : pathname;
  return (
    <>
      <AppAnchor
        href={loginHref(locale, target && !isGuardedPath(target) ? target : undefined)}
        className="flex items-center gap-1 text-sm text-brand hover:underline"
        data-testid="header-sign-in"
      >
        <UserIcon />
        <span>{t('signIn')}</span>
      </AppAnchor>
      <AppAnchor
        href={`/${locale}/account/register`}
        className="text-sm text-brand hover:underline"
        data-testid="header-register"
      >
        {t('becomeCustomer')}
      </AppAnchor>
    </>
  );
}

import { redirect } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { firstParam, signedInLanding } from '@/lib/auth-paths';
import { getCurrentUser, requireAccountsEnabled } from '@/lib/session';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/**
 * /{lang}/account/oidc-redirect?target=<path> (docs/product/accounts.md#sign-in-and-sign-out "Return from login. A target query parameter
 * names the page to go back to"; docs/product/web-app-shell.md#navigation): redirects to `target` only when it is a
 * same-site relative path; javascript:, data:, //host, https://host and the like lead to
 * /{lang}/account instead; staff without a particular target land on the back office
 * (signedInLanding). A return from the identity provider (the address carries both `code`
 * and `state`) is handed with its whole query to the OIDC callback /auth/oidc/callback.
 * AUTH_TYPE none: 404.
 */
export default async function OidcRedirectPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  requireAccountsEnabled();
  const query = await searchParams;
  const code = firstParam(query.code);
  const state = firstParam(query.state);
  if (code && state) {
    const forwarded = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value])
        forwarded.append(key, v);
    }
    redirect(`/auth/oidc/callback?${forwarded.toString()}`);
  }
  const user = await getCurrentUser(locale);
  redirect(signedInLanding(locale, firstParam(query.target), user?.role ?? null));
}

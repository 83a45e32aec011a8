import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { notFound } from 'next/navigation';
import { cookies } from 'next/headers';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { PUBLIC_CLIENT_NAMESPACES, pickNamespaces } from '@/i18n/client-messages';
import { routing } from '@/i18n/routing';
import { accountsEnabled, isOidcAuth, serverEnv } from '@/lib/env';
import { oidcSessionExpiry } from '@/lib/oidc';
import { getSession, hasCustomerAccount, hasSessionCookie, type SessionState } from '@/lib/session';
import type { Locale } from '@vetshop/domain';
import { CartProvider, CartSignedOut } from '@/components/cart/CartProvider';
import { OidcSessionKeeperLazy, PageLoadingBarLazy } from '@/components/shell/LazyIslands';
import { Header } from '@/components/Header';
import { Footer } from '@/components/Footer';
import { AdvertisementSlot, InfoBannerSlot } from '@/components/cms/SiteBanners';
import { AlternatesProvider } from '@/components/Alternates';
import { ShellChrome } from '@/components/shell/ShellChrome';
import { ShellProviders } from '@/components/shell/ShellProviders';
import { HydrationBoundary } from '@/components/shell/HydrationBoundary';
import { CONSENT_COOKIE } from '@/lib/shell/consent';

/**
 * Pages render per request (they read cookies for the user's price list and must never bake an
 * api outage into static HTML); a guest's catalogue answers are still kept 60 s and shared between
 * renders (lib/api/transport.ts `getShared`).
 */
export const dynamic = 'force-dynamic';

export async function generateMetadata({
  params,
}: {
  params: Promise<{ locale: string }>;
}): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({
    locale: hasLocale(routing.locales, locale) ? locale : 'fr',
    namespace: 'meta',
  });
  return {
    metadataBase: new URL(serverEnv().SITE_URL),
    title: { default: t('homeTitle'), template: `%s | ${t('siteName')}` },
    description: t('homeDescription'),
    manifest: '/manifest.webmanifest',
    applicationName: t('siteName'),
    // Named icon: without it browsers ask for /favicon.ico, a 404 logged in the console (Lighthouse).
    icons: {
      icon: [
        { url: '/icon.svg', type: 'image/svg+xml' },
        { url: '/icon-192.png', type: 'image/png', sizes: '192x192' },
      ],
      apple: [{ url: '/apple-touch-icon.png', sizes: '180x180' }],
    },
  };
}

export const viewport: Viewport = { themeColor: '#0C4E99' };

/**
 * Locale shell (docs/product/web-app-shell.md#global-interface-pieces global pieces): `<html lang>`, skip link, page-loading bar (#0C4E99, 3 px;
 * timings in docs/decisions/loading-bar.md), header, main landmark, footer; in the oidc modes,
 * for a browser signed in through the provider, the OidcSessionKeeper that renews the sign-in.
 * The cart store lives for signed-in users only (CartScope). The browser gets only the
 * message namespaces of the public pages' client components (i18n/client-messages.ts); the account,
 * staff, cart and contact folders give theirs in their own layouts.
 * The header, the page and the footer are each hydrated apart, after the shell, in slices
 * (`HydrationBoundary`, docs/decisions/hydration-boundaries.md).
 */
export default async function LocaleLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'common' });
  const oidcExpiry = isOidcAuth() ? await oidcSessionExpiry() : null;
  const session = await getSession(locale);
  const consentStored = (await cookies()).has(CONSENT_COOKIE);
  return (
    <html lang={locale}>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-50 bg-white px-4 py-2 text-brand underline focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
        >
          {t('skipLink')}
        </a>
        <PageLoadingBarLazy />
        <NextIntlClientProvider messages={pickNamespaces(await getMessages(), PUBLIC_CLIENT_NAMESPACES)}>
          <ShellProviders>
            <AlternatesProvider>
              <CartScope locale={locale} session={session}>
                <HydrationBoundary>
                  <Header locale={locale} />
                </HydrationBoundary>
                <InfoBannerSlot locale={locale} />
                <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
                  <HydrationBoundary>{children}</HydrationBoundary>
                </main>
                <HydrationBoundary>
                  <Footer locale={locale} />
                </HydrationBoundary>
                <AdvertisementSlot locale={locale} />
              </CartScope>
              {oidcExpiry !== null ? (
                <OidcSessionKeeperLazy
                  expiresAt={oidcExpiry}
                  locale={locale}
                  signedIn={await hasSessionCookie()}
                />
              ) : null}
            </AlternatesProvider>
            <ShellChrome locale={locale} consentStored={consentStored} />
          </ShellProviders>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}

/**
 * The cart scope of the page (docs/product/cart-and-checkout.md#sync): a signed-in user gets the cart store (CartProvider: sync at
 * sign-in and page load; none for staff, who have no customer account, hence no cart); a guest or a refused session gets CartSignedOut, which clears any cart
 * left in the browser (sign-out). An api outage leaves the stored cart alone (no provider, no clear).
 */
function CartScope({
  locale,
  session,
  children,
}: {
  locale: Locale;
  session: SessionState;
  children: ReactNode;
}) {
  if (session.status === 'signed-in') {
    return (
      <CartProvider
        userId={session.user.id}
        canOrder={session.user.can_order && hasCustomerAccount(session.user)}
        hasCart={hasCustomerAccount(session.user)}
        locale={locale}
      >
        {children}
      </CartProvider>
    );
  }
  if (session.status === 'unavailable') return <>{children}</>;
  return (
    <CartSignedOut locale={locale} accounts={accountsEnabled()}>
      {children}
    </CartSignedOut>
  );
}

'use client';

import { Suspense, type AnchorHTMLAttributes, type ReactNode } from 'react';
import { usePathname, useSearchParams } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { LOCALES, type Locale } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { useAlternatePaths } from './Alternates';
import { AppAnchor } from './nav/AppAnchor';

/** `/fr/search` → `/nl/search` (keeps the rest of the path). */
function swapPrefix(pathname: string, target: Locale): string {
  const rest = pathname.replace(/^\/(fr|nl|en)(?=\/|$)/, '');
  return `/${target}${rest}`;
}

/**
 * The switcher's links: to the page's translated paths (PageAlternates, set by the product and
 * category pages; `useAlternatePaths` gives them once these links have hydrated), else to the same
 * path under the other prefix.
 */
function Links({ withQuery }: { withQuery: boolean }) {
  const t = useTranslations();
  const current = useLocale() as Locale;
  const pathname = usePathname() ?? `/${current}`;
  const alternates = useAlternatePaths();
  // useSearchParams only inside the Suspense boundary below.
  return (
    <ul className="flex gap-1">
      {LOCALES.map((l) => (
        <li key={l}>
          <LocaleLink
            locale={l}
            current={current}
            href={alternates?.[l] ?? swapPrefix(pathname, l)}
            withQuery={withQuery}
          >
            {t(`locales.${l}`)}
          </LocaleLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * Writes the NEXT_LOCALE cookie (same name, path, lifetime and SameSite as the proxy's, see
 * i18n/routing.ts): the proxy only updates it on document requests, and a switch is a client-side
 * navigation.
 */
function rememberLocale(locale: Locale): void {
  const { name, maxAge, path, sameSite } = routing.localeCookie as {
    name: string;
    maxAge: number;
    path: string;
    sameSite: string;
  };
  document.cookie = `${name}=${locale}; path=${path}; max-age=${maxAge}; samesite=${sameSite}`;
}

interface SwitchLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  locale: Locale;
  current: boolean;
  children: ReactNode;
}

/**
 * One switcher link: an app anchor (components/nav/AppAnchor.tsx) whose target is prefetched in
 * full on intent, and whose click writes the locale cookie.
 */
function SwitchLink({ href, locale, current, children, ...rest }: SwitchLinkProps) {
  return (
    <AppAnchor
      href={href}
      prefetch={current ? undefined : 'full'}
      onClick={current ? undefined : () => rememberLocale(locale)}
      {...rest}
    >
      {children}
    </AppAnchor>
  );
}

/** A switcher link that keeps the page's query string (inside a Suspense boundary: useSearchParams). */
function QueryAware({ href, ...rest }: SwitchLinkProps) {
  const qs = useSearchParams()?.toString() ?? '';
  return <SwitchLink href={qs ? `${href}?${qs}` : href} {...rest} />;
}

function LocaleLink({
  locale,
  current,
  href,
  withQuery,
  children,
}: {
  locale: Locale;
  current: Locale;
  href: string;
  withQuery: boolean;
  children: ReactNode;
}) {
  const props = {
    lang: locale,
    hrefLang: locale,
    'aria-current': locale === current ? ('true' as const) : undefined,
    className:
      locale === current
        ? 'rounded px-2 py-1 text-sm font-semibold bg-brand text-white'
        : 'rounded px-2 py-1 text-sm text-brand underline-offset-2 hover:underline',
  };
  if (!withQuery) {
    return (
      <SwitchLink href={href} locale={locale} current={locale === current} {...props}>
        {children}
      </SwitchLink>
    );
  }
  return (
    <QueryAware href={href} locale={locale} current={locale === current} {...props}>
      {children}
    </QueryAware>
  );
}

/**
 * Locale switcher (docs/product/web-app-shell.md#languages): one link per locale to the same page in that locale, keeping the query
 * string. Client-side navigations (app anchors, components/nav/AppLinkRouter.tsx) that write the
 * NEXT_LOCALE cookie themselves; the target's server payload is prefetched in full when the pointer
 * enters a link, a finger touches it or it gets the focus. Only that payload is fetched, instead of
 * a full document load that downloads, parses and hydrates every script again
 * (docs/decisions/locale-switch.md). Plain links without JavaScript.
 */
export function LocaleSwitcher() {
  const t = useTranslations('header');
  return (
    <nav aria-label={t('language')}>
      <Suspense fallback={<Links withQuery={false} />}>
        <Links withQuery />
      </Suspense>
    </nav>
  );
}

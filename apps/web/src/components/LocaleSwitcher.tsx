'use client';

import { Suspense, type AnchorHTMLAttributes, type ReactNode } from 'react';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import type { PrefetchOptions } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import { useLocale, useTranslations } from 'next-intl';
import { LOCALES, type Locale } from '@vetshop/domain';
import { routing } from '@/i18n/routing';
import { useAlternatePaths } from './Alternates';

/** `/fr/search` → `/nl/search` (keeps the rest of the path). */
function swapPrefix(pathname: string, target: Locale): string {
  const rest = pathname.replace(/^\/(fr|nl|en)(?=\/|$)/, '');
  return `/${target}${rest}`;
}

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

/** Full prefetch (the page's data too, not only its shell): the routes are dynamic. */
const FULL_PREFETCH = { kind: 'full' } as unknown as PrefetchOptions;

/**
 * Intent handlers of a switcher link: the target page's server payload is fetched as soon as the
 * pointer enters the link, a finger touches it or it gets the focus, so the click mostly finds it
 * ready. Nothing is fetched for links nobody points at (no viewport prefetch).
 */
function useIntentPrefetch(href: string, locale: Locale, current: boolean) {
  const router = useRouter();
  if (current) return {};
  const prefetch = () => router.prefetch(href, FULL_PREFETCH);
  return {
    onMouseEnter: prefetch,
    onTouchStart: prefetch,
    onFocus: prefetch,
    onClick: () => rememberLocale(locale),
  };
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

function QueryAware({ href, locale, current, children, ...rest }: SwitchLinkProps) {
  const search = useSearchParams();
  const qs = search?.toString() ?? '';
  const target = qs ? `${href}?${qs}` : href;
  const intent = useIntentPrefetch(target, locale, current);
  return (
    <Link href={target} prefetch={false} {...intent} {...rest}>
      {children}
    </Link>
  );
}

function PlainLocaleLink({ href, locale, current, children, ...rest }: SwitchLinkProps) {
  const intent = useIntentPrefetch(href, locale, current);
  return (
    <Link href={href} prefetch={false} {...intent} {...rest}>
      {children}
    </Link>
  );
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
      <PlainLocaleLink href={href} locale={locale} current={locale === current} {...props}>
        {children}
      </PlainLocaleLink>
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
 * string. Client-side navigations (next/link) that write the NEXT_LOCALE cookie themselves; the
 * target's server payload is prefetched when the pointer enters a link, a finger touches it or it
 * gets the focus. Only that payload is fetched, instead of a full document load that downloads,
 * parses and hydrates every script again (docs/decisions/locale-switch.md). Plain links without
 * JavaScript.
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

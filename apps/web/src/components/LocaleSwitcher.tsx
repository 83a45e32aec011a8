'use client';

import { Suspense, type AnchorHTMLAttributes, type ReactNode } from 'react';
import { usePathname, useSearchParams } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { LOCALES, type Locale } from '@vetshop/domain';
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

function QueryAware({
  href,
  children,
  ...rest
}: { href: string; children: ReactNode } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const search = useSearchParams();
  const qs = search?.toString() ?? '';
  return (
    <a href={qs ? `${href}?${qs}` : href} {...rest}>
      {children}
    </a>
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
      <a href={href} {...props}>
        {children}
      </a>
    );
  }
  return (
    <QueryAware href={href} {...props}>
      {children}
    </QueryAware>
  );
}

/**
 * Locale switcher (spec 2): one link per locale to the same page in that locale, keeping the query
 * string. Full page loads (plain anchors) so the proxy updates the NEXT_LOCALE cookie.
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

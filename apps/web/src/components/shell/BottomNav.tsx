'use client';

// Plain app anchors and hand-built /{lang} paths, not next/link or i18n/navigation: their client
// code would put the catalogue pages over their first-load JavaScript gate (docs/decisions/app-links.md).
import { AppAnchor } from '@/components/nav/AppAnchor';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { CartIcon, HomeIcon, SearchIcon, UserIcon } from '@/components/Icons';

/**
 * Bottom navigation bar (docs/product/web-app-shell.md#navigation global "bottom navigation bar"): on small screens (below the `md`
 * breakpoint, 768 px) a bar fixed at the bottom with home, search, cart and account; the current
 * section carries `aria-current="page"`. Hidden from `md` up, where the header has the same links.
 * A spacer of the same height keeps the footer visible above it.
 */
export function BottomNav({ locale }: { locale: string }) {
  const t = useTranslations('shell.bottomNav');
  const pathname = usePathname();
  const items: { key: 'home' | 'search' | 'cart' | 'account'; href: string; icon: ReactNode }[] = [
    { key: 'home', href: `/${locale}`, icon: <HomeIcon /> },
    { key: 'search', href: `/${locale}/search`, icon: <SearchIcon /> },
    { key: 'cart', href: `/${locale}/cart`, icon: <CartIcon /> },
    { key: 'account', href: `/${locale}/account`, icon: <UserIcon /> },
  ];
  const isCurrent = (key: string, href: string) =>
    key === 'home'
      ? pathname === href || pathname === `${href}/`
      : pathname === href || pathname.startsWith(`${href}/`);
  return (
    <>
      <div aria-hidden="true" className="h-16 md:hidden" />
      <nav
        aria-label={t('label')}
        data-testid="shell-bottom-nav"
        className="fixed inset-x-0 bottom-0 z-30 h-16 border-t border-gray-300 bg-white md:hidden"
      >
        <ul className="grid h-full grid-cols-4">
          {items.map(({ key, href, icon }) => {
            const current = isCurrent(key, href);
            return (
              <li key={key}>
                <AppAnchor
                  href={href}
                  aria-current={current ? 'page' : undefined}
                  className={`flex h-full flex-col items-center justify-center gap-1 text-xs ${current ? 'font-semibold text-brand' : 'text-gray-700'}`}
                >
                  {icon}
                  <span>{t(key)}</span>
                </AppAnchor>
              </li>
            );
          })}
        </ul>
      </nav>
    </>
  );
}

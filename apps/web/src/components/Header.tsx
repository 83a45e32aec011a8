import { Suspense } from 'react';
import { getTranslations } from 'next-intl/server';
import type { CategoryTreeNode, Locale } from '@vetshop/domain';
import { catalogApi } from '@/lib/api';
import { accountsEnabled } from '@/lib/env';
import { getCurrentUser } from '@/lib/session';
import { SearchBox, SearchBoxFromUrl } from './SearchBox';
import { LocaleSwitcher } from './LocaleSwitcher';
import { BackOfficeIcon, MenuIcon, SignOutIcon, UserIcon } from './Icons';
import { CartIconLink } from './cart/CartIconLink';
import { GuestLinks, SignOutButton } from './account/HeaderAccount';
import { DrawerPanel, DrawerToggle } from './nav/MenuDrawer';
import { DrawerNav, MegaMenu, type NavLink } from './nav/CategoryNav';
import { AppLinkRouterLazy } from './shell/LazyIslands';
import { AppLink } from '@/components/nav/AppLink';

/**
 * Category tree for the navigation: the roots (meds, food, equipment) by sequence, each with its
 * children; [] when the api is unavailable.
 */
export async function loadCategoryRoots(locale: Locale): Promise<CategoryTreeNode[]> {
  try {
    const tree = await catalogApi.categories(locale);
    return [...tree].sort((a, b) => a.sequence - b.sequence);
  } catch {
    return [];
  }
}

/**
 * Site header: brand link home, search with autocomplete, cart icon
 * (→ /{lang}/cart, with the lines count and a pending-changes dot for signed-in users:
 * CartIconLink), locale switcher, the user ("user icon", "header with navigation and
 * log-out") and the main navigation.
 *
 * Below 1024 px: logo, cart and a menu button on the first row, the search field on the second;
 * the menu button opens a drawer (MenuDrawer) with the category tree as accordions, promotions,
 * selection, the languages and the account links. From 1024 px: logo, search, languages, account
 * and cart on one row, and a mega-menu bar (MegaMenu: each category root opens its children and
 * grand-children). The language and account links are rendered once: the drawer panel is
 * `display: contents` on wide screens, so they sit in the header's grid there.
 *
 * The user shown is the session's (GET /auth/profile): its name links to /{lang}/account, with a
 * sign-out button; guests get "Sign in" and "Become a customer"; AUTH_TYPE none shows neither.
 * Staff users also get a link to the back office /{lang}/staff. So that the search field keeps its
 * width beside them, the back-office link shows its icon alone from 1024 px, the user's name and
 * the sign-out button from 1024 to 1279 px, each keeping its text as accessible name and title;
 * from 1280 px a long name is cut at 10rem.
 */
export async function Header({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale });
  const withAccounts = accountsEnabled();
  const [roots, user] = await Promise.all([
    loadCategoryRoots(locale),
    withAccounts ? getCurrentUser(locale) : Promise.resolve(null),
  ]);
  const links: NavLink[] = [
    { key: 'promotions', href: '/promotions', label: t('header.promotions') },
    { key: 'selection', href: '/selection', label: t('header.selection') },
  ];
  const labels = { allOf: (name: string) => t('header.allOf', { name }) };
  return (
    <header className="border-b border-line bg-white">
      <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)_auto_auto] items-center gap-x-2 gap-y-2 px-4 py-2 lg:grid-cols-[auto_minmax(0,1fr)_auto_auto] lg:gap-x-4 lg:py-3">
        <AppLink
          locale={locale}
          href="/"
          className="col-start-1 row-start-1 justify-self-start text-2xl font-bold text-brand"
          aria-label={t('common.brandHome')}
        >
          VetShop
        </AppLink>
        <div className="col-span-3 row-start-2 min-w-0 lg:col-span-1 lg:col-start-2 lg:row-start-1">
          <Suspense fallback={<SearchBox />}>
            <SearchBoxFromUrl />
          </Suspense>
        </div>
        <div className="col-start-2 row-start-1 lg:col-start-4">
          <CartIconLink />
        </div>
        <DrawerToggle
          drawer="site-menu"
          label={t('header.menu')}
          testId="site-menu-toggle"
          className="col-start-3 row-start-1 flex items-center gap-1 rounded border border-line px-2 py-1.5 text-sm font-semibold text-brand hover:bg-surface"
        >
          <MenuIcon />
          <span aria-hidden="true" className="max-sm:hidden">
            {t('header.menu')}
          </span>
        </DrawerToggle>
        <DrawerPanel
          id="site-menu"
          title={t('header.menu')}
          closeLabel={t('header.closeMenu')}
          testId="site-menu"
        >
          <DrawerNav
            locale={locale}
            roots={roots}
            links={links}
            labels={labels}
            label={t('common.mainNav')}
          />
          <div className="flex flex-col gap-4 p-4 lg:col-start-3 lg:row-start-1 lg:flex-row lg:items-center lg:gap-3 lg:p-0">
            <LocaleSwitcher />
            {withAccounts && user ? (
              <div className="flex flex-col items-start gap-3 lg:flex-row lg:items-center">
                <AppLink
                  locale={locale}
                  href="/account"
                  className="flex items-center gap-1 text-sm text-brand hover:underline"
                  title={user.name}
                  data-testid="header-user"
                >
                  <UserIcon />
                  <span className="sr-only">{t('header.accountLabel')} </span>
                  {/* 1024–1279 px: the icon alone, so the search field keeps its width beside the
                      languages and the sign-out link; the name stays the link's accessible name.
                      From 1280 px a long practice name is cut at 10rem (whole in the title). */}
                  <span className="lg:max-xl:sr-only xl:inline-block xl:max-w-40 xl:truncate">
                    {user.name}
                  </span>
                </AppLink>
                {user.role === 'staff' ? (
                  <AppLink
                    locale={locale}
                    href="/staff"
                    className="flex items-center gap-1 text-sm font-semibold text-brand hover:underline"
                    title={t('staff.headerLink')}
                    data-testid="header-staff"
                  >
                    <BackOfficeIcon />
                    {/* From 1024 px the icon alone (the text is the accessible name and the title);
                        in the menu drawer below 1024 px, the text. */}
                    <span className="lg:sr-only">{t('staff.headerLink')}</span>
                  </AppLink>
                ) : null}
                <SignOutButton locale={locale}>
                  <span className="flex items-center gap-1" title={t('header.signOut')}>
                    <SignOutIcon />
                    <span className="lg:max-xl:sr-only">{t('header.signOut')}</span>
                  </span>
                </SignOutButton>
              </div>
            ) : withAccounts ? (
              <div className="flex flex-col items-start gap-3 lg:flex-row lg:items-center">
                <GuestLinks locale={locale} />
              </div>
            ) : null}
          </div>
        </DrawerPanel>
      </div>
      <MegaMenu locale={locale} roots={roots} links={links} labels={labels} label={t('common.mainNav')} />
      <AppLinkRouterLazy />
    </header>
  );
}

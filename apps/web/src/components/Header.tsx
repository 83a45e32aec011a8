import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { CategoryTreeNode, Locale } from '@vetshop/domain';
import { catalogApi } from '@/lib/api';
import { accountsEnabled } from '@/lib/env';
import { getCurrentUser } from '@/lib/session';
import { SearchBox } from './SearchBox';
import { LocaleSwitcher } from './LocaleSwitcher';
import { UserIcon } from './Icons';
import { CartIconLink } from './cart/CartIconLink';
import { GuestLinks, SignOutButton } from './account/HeaderAccount';

/** Category roots for the navigation (meds, food, equipment), or [] when the api is unavailable. */
export async function loadCategoryRoots(locale: Locale): Promise<CategoryTreeNode[]> {
  try {
    const tree = await catalogApi.categories(locale);
    return [...tree].sort((a, b) => a.sequence - b.sequence);
  } catch {
    return [];
  }
}

/**
 * Site header (spec 2 global pieces): brand link home, search with autocomplete, locale switcher,
 * the user (spec 2 "user icon", "header with navigation and log-out"), cart icon (→ /{lang}/cart,
 * with the lines count and a pending-changes dot for signed-in users: CartIconLink)
 * and the main navigation: the category roots of GET /catalog/categories, then the promotions
 * and selection pages (spec 2).
 * The user shown is the session's (GET /auth/profile): its name links to /{lang}/account, with a
 * sign-out button; guests get "Sign in" and "Become a customer"; AUTH_TYPE none shows neither.
 * Staff users also get a link to the back office /{lang}/staff (issue 6).
 */
export async function Header({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale });
  const withAccounts = accountsEnabled();
  const [roots, user] = await Promise.all([
    loadCategoryRoots(locale),
    withAccounts ? getCurrentUser(locale) : Promise.resolve(null),
  ]);
  return (
    <header className="border-b border-line bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-4 px-4 py-3">
        <Link
          href={`/${locale}`}
          className="text-2xl font-bold text-brand"
          aria-label={t('common.brandHome')}
        >
          VetShop
        </Link>
        <div className="order-last w-full md:order-none md:w-auto md:flex-1">
          <SearchBox />
        </div>
        <div className="ml-auto flex items-center gap-3">
          <LocaleSwitcher />
          {withAccounts && user ? (
            <>
              <Link
                href={`/${locale}/account`}
                className="flex items-center gap-1 text-sm text-brand hover:underline"
                data-testid="header-user"
              >
                <UserIcon />
                <span className="sr-only">{t('header.account')}: </span>
                <span>{user.name}</span>
              </Link>
              {user.role === 'staff' ? (
                <Link
                  href={`/${locale}/staff`}
                  className="text-sm font-semibold text-brand hover:underline"
                  data-testid="header-staff"
                >
                  {t('staff.headerLink')}
                </Link>
              ) : null}
              <SignOutButton locale={locale} />
            </>
          ) : withAccounts ? (
            <GuestLinks locale={locale} />
          ) : null}
          <CartIconLink />
        </div>
      </div>
      <nav aria-label={t('common.mainNav')} className="bg-brand">
        <ul className="mx-auto flex max-w-7xl flex-wrap gap-1 px-4">
          {[
            ...roots.map((root) => ({
              key: `c-${root.id}`,
              href: `/${locale}/c/${root.url_key}`,
              label: root.name,
            })),
            { key: 'promotions', href: `/${locale}/promotions`, label: t('header.promotions') },
            { key: 'selection', href: `/${locale}/selection`, label: t('header.selection') },
          ].map((item) => (
            <li key={item.key}>
              <Link
                href={item.href}
                className="block px-3 py-2 text-sm font-semibold text-white hover:bg-brand-dark hover:underline"
                data-testid={`main-nav-${item.key}`}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

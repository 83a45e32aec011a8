import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { CategoryTreeNode, Locale } from '@vetshop/domain';
import { catalogApi } from '@/lib/api';
import { SearchBox } from './SearchBox';
import { LocaleSwitcher } from './LocaleSwitcher';
import { CartIcon, UserIcon } from './Icons';

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
 * user icon (→ /{lang}/account), cart icon (→ /{lang}/cart) and the main navigation built from the
 * category roots of GET /catalog/categories.
 */
export async function Header({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale });
  const roots = await loadCategoryRoots(locale);
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
          <Link
            href={`/${locale}/account`}
            className="flex items-center gap-1 text-sm text-brand hover:underline"
          >
            <UserIcon />
            <span>{t('header.account')}</span>
          </Link>
          <Link
            href={`/${locale}/cart`}
            className="flex items-center gap-1 text-sm text-brand hover:underline"
          >
            <CartIcon />
            <span>{t('header.cart')}</span>
          </Link>
        </div>
      </div>
      {roots.length > 0 ? (
        <nav aria-label={t('common.mainNav')} className="bg-brand">
          <ul className="mx-auto flex max-w-7xl flex-wrap gap-1 px-4">
            {roots.map((root) => (
              <li key={root.id}>
                <Link
                  href={`/${locale}/c/${root.url_key}`}
                  className="block px-3 py-2 text-sm font-semibold text-white hover:bg-brand-dark hover:underline"
                >
                  {root.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}

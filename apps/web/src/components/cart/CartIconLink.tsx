'use client';

// Plain app anchors and hand-built /{lang} paths, not next/link or i18n/navigation: their client
// code would put the catalogue pages over their first-load JavaScript gate (docs/decisions/app-links.md).
import { AppAnchor } from '@/components/nav/AppAnchor';
import { useTranslations } from 'next-intl';
// The number module only, not lib/format (money and dates): this is in every page's first load.
import { formatNumber } from '@vetshop/domain';
import { CartIcon } from '../Icons';
import { useCart } from './CartProvider';

/**
 * Header cart icon (docs/product/web-app-shell.md#global-interface-pieces "cart icon", docs/product/cart-and-checkout.md "lines count"): link to /{lang}/cart showing the
 * sum of positive quantities of the displayed cart (server + pending) and a dot while changes
 * wait to be saved (not for a signed-in user without a customer account, who has no cart). The accessible name carries the count and the pending state. Below 640 px,
 * and from 1024 to 1279 px where the header holds search, languages and account links on one row
 * (so that the search field keeps its width, as the user's name does in Header), only the icon and
 * the count show (the word stays the accessible name).
 */
export function CartIconLink() {
  const t = useTranslations('cart');
  const th = useTranslations('header');
  const { locale, display, pendingCount, hasCart } = useCart();
  const count = display.linesCount;
  // Only a signed-in customer has a cart (CartProvider) and a count; a guest's link, and that of a
  // user without a customer account (staff), read "Cart" alone.
  return (
    <AppAnchor
      href={`/${locale}/cart`}
      className="relative flex items-center gap-1 text-sm text-brand hover:underline"
      data-testid="header-cart"
    >
      <CartIcon />
      <span
        aria-hidden={hasCart ? true : undefined}
        className={hasCart ? 'max-sm:hidden lg:max-xl:hidden' : 'max-sm:sr-only lg:max-xl:sr-only'}
      >
        {th('cart')}
      </span>
      {hasCart ? (
        <>
          <span className="sr-only">
            {t('headerLabel', { count })}
            {pendingCount > 0 ? `, ${t('headerPending')}` : ''}
          </span>
          <span
            aria-hidden="true"
            className="min-w-6 rounded-full bg-brand px-1.5 text-center text-xs font-semibold text-white"
            data-testid="header-cart-count"
          >
            {formatNumber(count, locale)}
          </span>
          {pendingCount > 0 ? (
            <span
              aria-hidden="true"
              className="absolute -top-1 -right-1 h-2.5 w-2.5 rounded-full bg-warn"
              data-testid="header-cart-pending"
            />
          ) : null}
        </>
      ) : null}
    </AppAnchor>
  );
}

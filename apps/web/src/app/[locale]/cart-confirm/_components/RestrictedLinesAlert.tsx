import { getTranslations } from 'next-intl/server';
import type { Cart, Locale } from '@vetshop/domain';
import { Link } from '@/i18n/navigation';
import { restrictedLines } from '@/lib/cart/refusals';

/**
 * The lines of `cart` the customer may no longer order (docs/decisions/regulated-products.md),
 * explained before the confirm, which the api would refuse (docs/product/cart-and-checkout.md#confirm):
 * an alert (`data-testid="confirm-restricted"`) listing each product with its reason and a link
 * back to the cart (/{lang}/cart); nothing when every line may be ordered.
 */
export async function RestrictedLinesAlert({ locale, cart }: { locale: Locale; cart: Cart }) {
  const restricted = restrictedLines(cart.lines);
  if (restricted.length === 0) return null;
  const r = await getTranslations({ locale, namespace: 'regulated' });
  return (
    <div
      role="alert"
      className="rounded-control border border-warn bg-warn-soft p-3 text-warn"
      data-testid="confirm-restricted"
    >
      <p className="font-semibold">{r('checkoutTitle')}</p>
      <p className="text-sm">{r('checkoutText')}</p>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
        {restricted.map((l) => (
          <li key={l.product_id} data-reason={l.reason}>
            {r('checkoutLine', { name: l.name, reason: r(`reasons.${l.reason}`) })}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm">
        <Link href="/cart" className="font-semibold underline">
          {r('checkoutBack')}
        </Link>
      </p>
    </div>
  );
}

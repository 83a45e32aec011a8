'use client';

import { AppAnchor } from '@/components/nav/AppAnchor';
import { usePathname } from 'next/navigation';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslations } from 'next-intl';
import { CART_LINE_QTY_MAX } from '@vetshop/domain';
import { loginHref } from '@/lib/auth-paths';
import { qtyInCart } from '@/lib/cart/in-cart';
import { useCart } from './CartProvider';
import { buttonClass } from '@/components/ui/styles';

/**
 * Add-to-cart control of one product variant (docs/product/cart-and-checkout.md "Adding to the cart"): a quantity field
 * (whole number ≥ 1, default 1) and a button that enqueues a transaction in the cart store (the
 * sync follows, docs/product/cart-and-checkout.md#sync); a polite live region confirms. Guests see a "sign in to order" link
 * (docs/decisions/guest-cart.md), users without the can-order flag a short notice. It may sit
 * inside the listing's GET form: the field has no name and Enter adds instead of submitting.
 * A quantity that would take the line above CART_LINE_QTY_MAX units is refused here, with the
 * quantity still possible (docs/decisions/order-limits.md).
 *
 * `productId` is the variant id (the cart's product_id); `name` and `urlKey` label the line until
 * the server cart names it. `testId` prefixes the data-testids (`<testId>`, `<testId>-qty`).
 * `compact`: for a line of a list (the label for screen readers only, smaller controls, the button
 * under the field when the column is narrower than both).
 */
export function AddToCart({
  productId,
  name,
  urlKey,
  compact = false,
  testId = 'add-to-cart',
}: {
  productId: number;
  name: string;
  urlKey: string | null;
  compact?: boolean;
  testId?: string;
}) {
  const t = useTranslations('cart');
  const cart = useCart();
  const pathname = usePathname();
  const id = useId();
  const [qty, setQty] = useState('1');
  const [message, setMessage] = useState('');
  const [invalid, setInvalid] = useState(false);

  if (!cart.signedIn) {
    if (!cart.accounts) return null;
    return (
      <p className={compact ? 'text-sm' : ''}>
        <AppAnchor
          href={loginHref(cart.locale, pathname)}
          className={
            compact ? 'font-semibold text-brand underline' : `${buttonClass('secondary', 'lg')} w-full`
          }
          data-testid={`${testId}-sign-in`}
        >
          {t('signInToOrder')}
        </AppAnchor>
      </p>
    );
  }
  if (!cart.canOrder) {
    return <p className="text-sm text-muted">{t('cannotOrder')}</p>;
  }

  const inCart = qtyInCart(cart.display, productId);
  // What the line can still take (docs/decisions/order-limits.md): an addition above it would be
  // refused by the api with every change after it.
  const room = CART_LINE_QTY_MAX - inCart;
  const add = () => {
    const n = Number(qty);
    if (!Number.isInteger(n) || n < 1 || n > room) {
      setInvalid(true);
      setMessage(n > room ? t('qtyUpTo', { max: room, lineMax: CART_LINE_QTY_MAX }) : t('invalidQty'));
      return;
    }
    setInvalid(false);
    if (cart.store?.add(productId, n, { name, url_key: urlKey })) {
      setMessage(t('added', { qty: n, name }));
      setQty('1');
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };
  return (
    <div className="space-y-1">
      <div className={`flex items-end gap-2${compact ? ' flex-wrap' : ''}`}>
        <div>
          <label htmlFor={`${id}-qty`} className={compact ? 'sr-only' : 'block text-sm font-medium'}>
            {compact ? t('quantityOf', { name }) : t('quantity')}
          </label>
          <input
            id={`${id}-qty`}
            type="number"
            inputMode="numeric"
            min={1}
            max={CART_LINE_QTY_MAX}
            step={1}
            value={qty}
            onChange={(e) => setQty(e.target.value)}
            onKeyDown={onKeyDown}
            aria-invalid={invalid || undefined}
            aria-describedby={`${id}-status`}
            className={`w-20 rounded-control border border-line bg-white px-2 ${compact ? 'min-h-8 py-1' : 'min-h-11 py-2'}`}
            data-testid={`${testId}-qty`}
          />
        </div>
        <button
          type="button"
          onClick={add}
          disabled={cart.store === null}
          className={compact ? buttonClass('primary', 'sm') : `${buttonClass('primary', 'lg')} flex-1`}
          data-testid={testId}
          aria-label={compact ? t('addToCartNamed', { name }) : undefined}
        >
          {t('addToCart')}
        </button>
      </div>
      <p id={`${id}-status`} role="status" className={`text-sm ${invalid ? 'text-bad' : 'text-muted'}`}>
        {message}
        {inCart > 0 ? (
          <span className="block" data-testid={`${testId}-in-cart`}>
            {t('inCart', { qty: inCart })}
          </span>
        ) : null}
      </p>
    </div>
  );
}

'use client';

import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import {
  clearRefusals,
  readRefusals,
  REFUSALS_EVENT,
  REFUSALS_KEY,
  type NotedRefusal,
} from '@/lib/cart/refusals';
import { useCart } from './CartProvider';

/**
 * The cart additions the api refused for a regulated product (lib/cart/refusals.ts;
 * docs/decisions/regulated-products.md): one line per product, named as the cart knew it when
 * refused, with the reason in the user's language, and a button to dismiss them. Nothing when
 * there is none. Test ids: `cart-refusals`, `cart-refusal` (with `data-reason`),
 * `cart-refusals-dismiss`.
 */
export function CartRefusals() {
  const t = useTranslations('regulated');
  const { state } = useCart();
  const [refused, setRefused] = useState<NotedRefusal[]>([]);
  useEffect(() => {
    const read = () => setRefused(readRefusals(window.localStorage));
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === REFUSALS_KEY) read();
    };
    read();
    window.addEventListener(REFUSALS_EVENT, read);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(REFUSALS_EVENT, read);
      window.removeEventListener('storage', onStorage);
    };
  }, []);
  // One line per product: the latest reason.
  const byProduct = new Map(refused.map((r) => [r.product_id, r]));
  if (byProduct.size === 0) return null;
  return (
    <div
      role="alert"
      className="rounded-control border border-warn bg-warn-soft p-3 text-warn"
      data-testid="cart-refusals"
    >
      <p className="font-semibold">{t('refusedTitle')}</p>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
        {[...byProduct.values()].map((r) => (
          <li key={r.product_id} data-testid="cart-refusal" data-reason={r.reason}>
            {t('refusedLine', {
              name:
                r.name ??
                state.products[String(r.product_id)]?.name ??
                t('refusedProduct', { id: r.product_id }),
              reason: t(`reasons.${r.reason}`),
            })}
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={clearRefusals}
        className="mt-2 text-sm font-semibold underline"
        data-testid="cart-refusals-dismiss"
      >
        {t('dismiss')}
      </button>
    </div>
  );
}

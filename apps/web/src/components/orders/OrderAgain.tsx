'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { useCart } from '@/components/cart/CartProvider';
import { reorderPlan, type ReorderLine } from '@/lib/order-history';
import { Link } from '@/i18n/navigation';

/**
 * "Order again" of a past order (docs/decisions/order-history.md): a button that puts `lines`
 * (the whole order, or one line with `variant="line"`) back in the cart, one cart transaction per
 * product through the page's cart store (lib/cart/store.ts `add`: each transaction has its uuid and
 * syncs exactly once, docs/decisions/cart-exactly-once.md), with the ordered quantities. Lines that can no longer be ordered are
 * skipped. A live region announces what was added and what was skipped, with a link to the cart.
 * Inside the locale layout's CartProvider; disabled until the store is ready; accounts that cannot
 * order get a message instead. Test ids: `<testId>`, `<testId>-status`, `<testId>-skipped`.
 */
export function OrderAgain({
  lines,
  variant = 'order',
  label,
  testId,
}: {
  lines: readonly ReorderLine[];
  variant?: 'order' | 'line';
  /** Accessible name of a per-line button ("Add X to the cart again"). */
  label?: string;
  testId: string;
}) {
  const t = useTranslations('orderHistory.reorder');
  const cart = useCart();
  const [result, setResult] = useState<{ added: number; skipped: string[] } | null>(null);
  const plan = reorderPlan(lines);
  if (variant === 'line' && plan.add.length === 0) {
    return <span className="text-xs text-muted">{t('unavailable')}</span>;
  }
  if (!cart.canOrder) {
    return variant === 'order' ? <p className="text-sm text-muted">{t('cannotOrder')}</p> : null;
  }

  const run = () => {
    const store = cart.store;
    if (!store) return;
    let added = 0;
    for (const item of plan.add)
      if (store.add(item.product_id, item.qty, { name: item.name, url_key: item.url_key })) added += 1;
    setResult({ added, skipped: plan.skipped });
  };

  const button =
    variant === 'order'
      ? 'rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-60'
      : 'rounded border border-brand px-2 py-1 text-sm font-semibold text-brand hover:bg-surface disabled:opacity-60';
  return (
    <div className={variant === 'order' ? 'space-y-2' : 'space-y-1'}>
      <button
        type="button"
        onClick={run}
        disabled={cart.store === null}
        className={button}
        aria-label={label}
        data-testid={testId}
      >
        {variant === 'order' ? t('all') : t('one')}
      </button>
      <div role="status" aria-live="polite" className="text-sm" data-testid={`${testId}-status`}>
        {result ? (
          <>
            <span className={result.added > 0 ? 'text-ok' : 'text-bad'}>
              {t('added', { count: result.added })}
            </span>{' '}
            {result.skipped.length > 0 ? (
              <span className="block text-bad" data-testid={`${testId}-skipped`}>
                {t('skipped', { names: result.skipped.join(', ') })}
              </span>
            ) : null}
            {result.added > 0 ? (
              <Link href="/cart" className="text-brand underline">
                {t('cartLink')}
              </Link>
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  );
}

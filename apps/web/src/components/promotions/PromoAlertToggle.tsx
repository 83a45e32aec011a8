'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { Locale } from '@vetshop/domain';

/**
 * Promo-end alert toggle of one product (docs/product/customer-area.md#promo-subscriptions "Subscribe to promotion-end alerts", docs/product/customer-area.md#promo-subscription-calls Promo
 * subscriptions): a toggle button (`aria-pressed`) that subscribes with POST promo_subscriptions
 * {product_id} or unsubscribes with DELETE promo_subscriptions/{productId} through the /api proxy;
 * a polite live region says the outcome. For signed-in customers only (the server wrapper
 * `PromoAlert` renders nothing for guests and staff).
 *
 * Props: `productId` the variant id (the requirements' product_id); `productName` for the accessible
 * label; `initialSubscribed` the state read on the server (GET promo_subscriptions); `locale` the
 * page locale; `testId` (default `promo-alert-toggle`) the data-testid of the button, whose
 * `data-subscribed` is "true" or "false"; `compact` a smaller button for lists, beside a promotion
 * ("Alert me before it ends"); else the product page's button, which may show before any promotion
 * ("Alert me before its promotions end").
 */
export function PromoAlertToggle({
  productId,
  productName,
  initialSubscribed,
  locale,
  testId = 'promo-alert-toggle',
  compact = false,
}: {
  productId: number;
  productName: string;
  initialSubscribed: boolean;
  locale: Locale;
  testId?: string;
  compact?: boolean;
}) {
  const t = useTranslations('promotions');
  const statusId = useId();
  const [subscribed, setSubscribed] = useState(initialSubscribed);
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState('');

  const toggle = async () => {
    if (pending) return;
    setPending(true);
    setMessage('');
    // The api client arrives with the first press, not with the page's first-load JavaScript
    // (docs/decisions/web-page-performance.md, "Browser bundle"); a chunk that fails to load is a
    // failed press.
    const ok = await import('@/lib/api/browser').then(
      async ({ callApi }) => {
        const result = subscribed
          ? await callApi('DELETE', `/promo_subscriptions/${productId}`, { locale })
          : await callApi('POST', '/promo_subscriptions', { locale, body: { product_id: productId } });
        // Deleting an alert that is already gone leaves the wanted state too.
        return result.ok || (subscribed && result.problem.status === 404);
      },
      () => false,
    );
    if (ok) {
      setSubscribed(!subscribed);
      setMessage(subscribed ? t('alertRemoved') : t('alertAdded'));
    } else {
      setMessage(t('alertFailed'));
    }
    setPending(false);
  };

  return (
    <span className="inline-flex flex-col gap-1">
      <button
        type="button"
        onClick={() => void toggle()}
        aria-pressed={subscribed}
        aria-describedby={statusId}
        aria-label={
          subscribed ? t('alertOnLabel', { name: productName }) : t('alertOffLabel', { name: productName })
        }
        disabled={pending}
        data-testid={testId}
        data-subscribed={subscribed ? 'true' : 'false'}
        className={`inline-flex items-center gap-2 rounded border px-3 font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-brand disabled:opacity-60 ${
          compact ? 'py-1 text-xs' : 'py-2 text-sm'
        } ${subscribed ? 'border-brand bg-brand text-white' : 'border-brand bg-white text-brand hover:bg-surface'}`}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-4 w-4"
          fill={subscribed ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.73 21a2 2 0 0 1-3.46 0" />
        </svg>
        {subscribed ? t('alertOn') : compact ? t('alertOff') : t('alertOffProduct')}
      </button>
      <span id={statusId} role="status" aria-live="polite" className="text-xs text-muted">
        {message}
      </span>
    </span>
  );
}

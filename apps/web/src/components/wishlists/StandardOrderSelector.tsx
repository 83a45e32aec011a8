'use client';

import { useId, useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import type { Locale, Wishlist, WishlistSummary } from '@vetshop/domain';
import { useCart } from '@/components/cart/CartProvider';
import { wishlistProblemKey } from './problem';

/**
 * The api client and the cart step, fetched when the selector first calls the api rather than
 * with the page (the customer home's first-load JavaScript, docs/decisions/web-page-performance.md).
 */
const loadCalls = () =>
  Promise.all([import('@/lib/api/browser'), import('./shared')]).then(([api, shared]) => ({
    callApi: api.callApi,
    addLinesToCart: shared.addLinesToCart,
  }));

/** Prefix of the selector's test ids. */
const TEST_ID = 'standard-order-selector';

/**
 * Standard-order selector of the customer home page (docs/product/customer-area.md#standard-orders "a selector of their standard
 * orders"; docs/product/customer-area.md#customer-home "add one to the cart in one action"): a labelled select of the customer's
 * standard orders and one button that loads the chosen list (GET /wishlists/{id}) and adds every
 * line to the cart as cart transactions (one per line, `quantity` units; docs/product/cart-and-checkout.md#sync sync). A live
 * region announces the result; the page may end it with a link to /{lang}/account/wishlists.
 *
 * Client component, for signed-in customers only (inside the page's CartProvider):
 * - `locale` (required): the page language (api texts and links).
 * - `lists` (required): the customer's lists, read by the page on the server
 *   (`wishlistsApi.list(locale)` in lib/api/wishlists.ts, `.items`).
 * - `children` (optional): what ends the section, drawn by the server (the home page's link to the
 *   standard orders page), so its code stays out of the browser.
 * Test ids: `standard-order-selector`, `-select`, `-add`, `-status`, `-empty`; its heading is an h2.
 */
export function StandardOrderSelector({
  locale,
  lists,
  children,
}: {
  locale: Locale;
  lists: readonly WishlistSummary[];
  children?: ReactNode;
}) {
  const t = useTranslations('wishlists');
  const cart = useCart();
  const id = useId();
  const [chosen, setChosen] = useState(String(lists[0]?.id ?? ''));
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  // The chosen list, else the first (the lists may change after a refresh).
  const current = lists.find((l) => String(l.id) === chosen) ?? lists[0];

  const add = async () => {
    const list = current;
    if (!list || busy) return;
    setBusy(true);
    setStatus(null);
    const calls = await loadCalls().catch(() => null);
    if (!calls) {
      setBusy(false);
      setStatus({ kind: 'error', text: t('errors.generic') });
      return;
    }
    const { callApi, addLinesToCart } = calls;
    const result = await callApi<Wishlist>('GET', `/wishlists/${list.id}`, { locale });
    setBusy(false);
    if (!result.ok || !result.data) {
      setStatus({
        kind: 'error',
        text: t(`errors.${result.ok ? 'generic' : wishlistProblemKey(result.problem.code)}`),
      });
      return;
    }
    if (result.data.lines.length === 0) {
      setStatus({ kind: 'error', text: t('selectorEmptyList') });
      return;
    }
    const count = addLinesToCart(cart.store, result.data.lines);
    setStatus({ kind: 'success', text: t('selectorAdded', { name: result.data.name, count }) });
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3" data-testid={TEST_ID}>
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {t('selectorTitle')}
      </h2>
      {lists.length === 0 ? (
        <p className="text-sm text-muted" data-testid={`${TEST_ID}-empty`}>
          {t('selectorEmpty')}
        </p>
      ) : !cart.canOrder ? (
        <p className="text-sm text-muted">{t('cannotOrder')}</p>
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          {/* At least 14 rem: on a phone the button goes under the list rather than squeezing it. */}
          <div className="min-w-0 flex-1 basis-56">
            <label htmlFor={`${id}-select`} className="block text-sm font-medium">
              {t('selectorLabel')}
            </label>
            <select
              id={`${id}-select`}
              value={current ? String(current.id) : ''}
              onChange={(e) => setChosen(e.target.value)}
              className="w-full rounded border border-line bg-white px-2 py-1.5"
              data-testid={`${TEST_ID}-select`}
            >
              {lists.map((l) => (
                <option key={l.id} value={l.id}>
                  {`${l.name} (${t('linesCount', { count: l.lines_count })})`}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            onClick={() => void add()}
            disabled={busy || cart.store === null || !current}
            className="rounded bg-brand px-4 py-1.5 font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
            data-testid={`${TEST_ID}-add`}
          >
            {t('selectorAdd')}
          </button>
        </div>
      )}
      <p
        role="status"
        aria-live="polite"
        className={`text-sm ${status?.kind === 'success' ? 'text-ok' : 'text-bad'}`}
        data-testid={`${TEST_ID}-status`}
      >
        {status?.text}
      </p>
      {children}
    </section>
  );
}

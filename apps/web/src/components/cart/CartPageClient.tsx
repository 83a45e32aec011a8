'use client';

import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { Address } from '@vetshop/domain';
import { callApi } from '@/lib/api/browser';
import { cartFromBody } from '@/lib/cart/transport';
import { useCart } from './CartProvider';
import { CartLines, CartTotals } from './CartLines';
import { CartDetails } from './CartDetails';
import { CartRefusals } from './CartRefusals';
import { Link } from '@/i18n/navigation';

/**
 * The interactive part of /{lang}/cart (docs/product/cart-and-checkout.md#screens, docs/product/cart-and-checkout.md#cart, docs/product/cart-and-checkout.md, docs/product/errors.md#cart cart messages): the
 * sync status in a polite live region (pending changes, saving, saved) with the sync-error and
 * ERP-unavailable notices and a retry button; the lines and totals (server cart + pending
 * transactions); the order details (CartDetails); the "Proceed to checkout" link to
 * /{lang}/cart-confirm, disabled with the site-update message while transactions are pending
 * (docs/product/cart-and-checkout.md#sync "Checkout cannot be validated while a site-update (pending transaction) is in progress").
 * On load it asks POST /carts/refresh_qty_unavailable once per cart (line availability).
 */
export function CartPageClient({
  invoicingAddresses,
  deliveryAddresses,
}: {
  invoicingAddresses: Address[];
  deliveryAddresses: Address[];
}) {
  const t = useTranslations('cart');
  const { store, state, display, pendingCount, locale, canOrder } = useCart();
  const cart = state.cart;
  const refreshed = useRef<string | null>(null);
  const [availabilityFailed, setAvailabilityFailed] = useState(false);

  useEffect(() => {
    if (!store || !cart || refreshed.current === cart.uuid) return;
    refreshed.current = cart.uuid;
    void callApi('POST', '/carts/refresh_qty_unavailable', { locale, body: { uuid: cart.uuid } }).then(
      (r) => {
        setAvailabilityFailed(!r.ok);
        const fresh = r.ok ? cartFromBody(r.data) : null;
        if (fresh) store.setServerCart(fresh);
      },
    );
  }, [store, cart, locale]);

  const loading =
    store === null || (cart === null && state.forceSync && !state.syncError && !state.erpUnavailable);
  const empty = display.lines.length === 0;
  const syncing = store?.isSyncing() ?? false;
  const canCheckout = pendingCount === 0 && !empty && cart !== null && canOrder;

  return (
    <div className="space-y-6">
      <div role="status" aria-live="polite" className="text-sm" data-testid="cart-sync-status">
        {loading ? (
          <p>{t('loading')}</p>
        ) : pendingCount > 0 ? (
          <p className="text-warn">
            {syncing ? t('statusSyncing') : t('statusPending', { count: pendingCount })}
          </p>
        ) : state.erpUnavailable || state.syncError ? null : (
          // Visible, one line like the pending text: the lines below do not jump while saving.
          <p className="text-muted">{t('statusSaved')}</p>
        )}
        {state.erpUnavailable ? (
          <p
            className="mt-1 rounded border border-warn bg-amber-50 p-3 text-warn"
            data-testid="cart-erp-unavailable"
          >
            {t('erpUnavailable')}
          </p>
        ) : state.syncError ? (
          <p className="mt-1 rounded border border-bad bg-red-50 p-3 text-bad" data-testid="cart-sync-error">
            {t('syncError')}
          </p>
        ) : null}
      </div>
      <CartRefusals />
      {state.erpUnavailable || state.syncError ? (
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            onClick={() => store?.syncNow()}
            className="rounded border border-brand px-3 py-1.5 text-sm font-semibold text-brand hover:bg-surface"
            data-testid="cart-retry"
          >
            {t('retry')}
          </button>
          {state.syncError && pendingCount > 0 ? (
            <button
              type="button"
              onClick={() => store?.discardPending()}
              className="rounded px-3 py-1.5 text-sm font-semibold text-bad underline"
              data-testid="cart-discard"
            >
              {t('discard')}
            </button>
          ) : null}
        </div>
      ) : null}

      {loading && empty ? null : empty ? (
        <div className="space-y-2">
          <p data-testid="cart-empty">{t('empty')}</p>
          <p>
            <Link href="/" className="font-semibold text-brand underline">
              {t('continue')}
            </Link>
          </p>
        </div>
      ) : (
        <>
          {availabilityFailed ? (
            <p className="text-sm text-warn" data-testid="cart-availability-unavailable">
              {t('availabilityUnavailable')}
            </p>
          ) : null}
          <CartLines lines={display.lines} />
          <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
            <div className="min-w-0">
              {cart ? (
                <CartDetails
                  cart={cart}
                  invoicingAddresses={invoicingAddresses}
                  deliveryAddresses={deliveryAddresses}
                />
              ) : null}
            </div>
            <div className="space-y-4">
              <CartTotals cart={cart} linesCount={display.linesCount} pending={pendingCount > 0} />
              {canCheckout ? (
                <Link
                  href="/cart-confirm"
                  className="block rounded bg-brand px-4 py-3 text-center font-semibold text-white hover:bg-brand-dark"
                  data-testid="cart-checkout"
                >
                  {t('checkout')}
                </Link>
              ) : (
                <>
                  <span
                    role="link"
                    aria-disabled="true"
                    aria-describedby={pendingCount > 0 ? 'cart-site-update' : undefined}
                    className="block cursor-not-allowed rounded bg-line px-4 py-3 text-center font-semibold text-muted"
                    data-testid="cart-checkout"
                  >
                    {t('checkout')}
                  </span>
                  {pendingCount > 0 ? (
                    <p id="cart-site-update" className="text-sm text-warn" data-testid="cart-site-update">
                      {t('siteUpdate')}
                    </p>
                  ) : null}
                </>
              )}
            </div>
          </div>
        </>
      )}
      {/* The empty cart carries its own "continue shopping" link: one link, not two. */}
      {empty ? null : (
        <p>
          <Link href="/" className="text-sm text-brand underline">
            {t('continue')}
          </Link>
        </p>
      )}
    </div>
  );
}

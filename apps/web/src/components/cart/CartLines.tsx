'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { CART_LINE_QTY_MAX, centsToEur, ORDER_TOTAL_MAX_CENTS, type Cart } from '@vetshop/domain';
import type { DisplayLine } from '@/lib/cart/display';
import { parseLineQty, QTY_SAVE_DELAY_MS } from '@/lib/cart/quantity';
import { formatInt, formatPercent, formatPrice } from '@/lib/format';
import { DeliveryTermsNote, TotalsBreakdown } from '@/components/orders/TotalsBreakdown';
import { useCart } from './CartProvider';
import { LineThumb } from '@/components/media/LineThumb';
import { Link } from '@/i18n/navigation';

/**
 * The columns of the lines' table from 1024 px (product, quantity, unit price, discount, amount,
 * remove), shared by the header row and every line so that they stay aligned.
 */
const LINE_COLUMNS = 'lg:grid-cols-[minmax(0,1fr)_9.5rem_8rem_6rem_8rem_6.5rem]';

/**
 * The cart's product lines (docs/decisions/cart-exactly-once.md, docs/decisions/order-limits.md)
 * as a list that reads as a table from 1024 px and as stacked cards below (at 768 px the table's
 * fixed columns left the product name about 20 px, one or two letters a row; on a card the
 * stepper shares its row with the amount only, and the unit price and discount take a row each,
 * since a struck-out price beside the stepper pushed it under the price's text at 390 px): name
 * linking to the product with its SKU, a quantity stepper (− / typed value / +) that saves by
 * itself — each change becomes a cart transaction (new − old) after `QTY_SAVE_DELAY_MS` of calm,
 * at once on blur, and before the page is left (pagehide / unmount), so nothing typed is lost —
 * with its "saving / not saved yet" state, unit price, discount and amount (EUR excl. VAT, the
 * server's figures; a line changed locally waits for the server's amount), the remove button and
 * the availability message. The handling fee is not a line here: the totals list it once.
 */
export function CartLines({ lines }: { lines: DisplayLine[] }) {
  const t = useTranslations('cart');
  return (
    <div data-testid="cart-lines">
      <h2 className="sr-only">{t('linesTitle')}</h2>
      <div
        aria-hidden="true"
        className={`hidden border-b border-line py-2 text-left text-sm font-semibold lg:grid ${LINE_COLUMNS} lg:gap-2`}
      >
        <span>{t('product')}</span>
        <span>{t('quantity')}</span>
        <span className="text-right">{t('unitPrice')}</span>
        <span className="text-right">{t('discount')}</span>
        <span className="text-right">{t('amount')}</span>
        <span />
      </div>
      <ul className="divide-y divide-line">
        {lines.map((line) => (
          <LineRow key={`${line.key}:${line.qty}`} line={line} />
        ))}
      </ul>
    </div>
  );
}

function LineRow({ line }: { line: DisplayLine }) {
  const t = useTranslations('cart');
  const o = useTranslations('orderTotals');
  // The requirements' range message, shared with the backorder cancellation.
  const b = useTranslations('backorders');
  // A line the customer may no longer order (docs/decisions/regulated-products.md).
  const r = useTranslations('regulated');
  const { store, locale } = useCart();
  const [qty, setQty] = useState(String(line.qty));
  const [invalid, setInvalid] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef({ line, qty });
  latest.current = { line, qty };
  const name = line.server?.name ?? line.ref?.name ?? `#${line.product_id}`;
  const urlKey = line.server?.url_key ?? line.ref?.url_key ?? null;
  const inputId = `cart-qty-${line.product_id}-${line.key.length}`;
  const server = line.server;

  /** Turns the typed quantity into a cart transaction now (nothing when unchanged or invalid). */
  const commit = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const current = latest.current;
    const n = parseLineQty(current.qty);
    setInvalid(n === null);
    if (n === null || n === current.line.qty) return;
    if (n === 0) store?.remove(current.line);
    else store?.setQty(current.line, n);
  }, [store]);

  /** Shows `value` and saves it after a calm of `delay` ms. */
  const change = (value: string, delay = QTY_SAVE_DELAY_MS) => {
    setQty(value);
    latest.current = { ...latest.current, qty: value };
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(commit, delay);
  };

  useEffect(() => {
    const flush = () => {
      if (timer.current) commit();
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [commit]);

  const typed = parseLineQty(qty);
  const dirty = qty !== String(line.qty);
  const step = (delta: number) => {
    const base = typed ?? line.qty;
    change(String(Math.min(CART_LINE_QTY_MAX, Math.max(1, base + delta))));
  };
  // A card (below 1024 px) leaves out the discount's row when there is none; the table shows "—".
  const discounted = !!server && server.discount.value !== 0;
  const stepButton =
    'flex h-9 w-9 items-center justify-center rounded border border-line text-lg font-semibold text-brand hover:bg-surface disabled:opacity-40';

  return (
    <li
      className={`grid grid-cols-[minmax(0,1fr)_auto] gap-x-2 gap-y-2 py-3 text-sm ${LINE_COLUMNS} lg:items-start`}
      data-testid="cart-line"
      data-product-id={line.product_id}
    >
      <div className="col-span-2 flex min-w-0 gap-3 lg:col-span-1">
        <LineThumb picture={server?.picture} name={name} />
        <div className="min-w-0">
          {urlKey ? (
            <Link href={`/p/${urlKey}`} className="font-semibold break-words text-brand underline">
              {name}
            </Link>
          ) : (
            <span className="font-semibold break-words">{name}</span>
          )}
          {server?.sku ? (
            <span className="block text-xs text-muted">{t('sku', { sku: server.sku })}</span>
          ) : null}
          {server?.made_to_order ? (
            <span className="mt-1 inline-block rounded bg-surface px-2 py-0.5 text-xs">
              {t('madeToOrder')}
            </span>
          ) : null}
          <FreeUnits line={line} />
          {server && server.qty_unavailable > 0 ? (
            <p className="mt-1 text-xs text-warn" data-testid="cart-line-unavailable">
              {t('unavailable', { qty: server.qty_unavailable })}
            </p>
          ) : server?.qty_available_again ? (
            <p className="mt-1 text-xs text-ok" data-testid="cart-line-available-again">
              {t('availableAgain')}
            </p>
          ) : null}
          {server?.restriction ? (
            <p
              role="note"
              className="mt-1 rounded-control border border-warn bg-warn-soft p-2 text-xs text-warn"
              data-testid="cart-line-restriction"
              data-reason={server.restriction}
            >
              {r('cartLine', { reason: r(`reasons.${server.restriction}`) })}
            </p>
          ) : null}
        </div>
      </div>
      <div className="order-1 lg:order-none">
        <div className="flex items-center gap-1">
          <button
            type="button"
            className={stepButton}
            onClick={() => step(-1)}
            disabled={(typed ?? line.qty) <= 1}
            aria-label={o('decrease', { name })}
            aria-controls={inputId}
            data-testid="cart-line-decrease"
          >
            −
          </button>
          <label htmlFor={inputId} className="sr-only">
            {t('quantityOf', { name })}
          </label>
          <input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={0}
            max={CART_LINE_QTY_MAX}
            step={1}
            value={qty}
            onChange={(e) => change(e.target.value)}
            onBlur={() => {
              if (timer.current) commit();
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') commit();
            }}
            aria-invalid={invalid || undefined}
            aria-describedby={`${inputId}-state`}
            className="h-9 w-16 rounded border border-line px-1 text-center tabular-nums"
            data-testid="cart-line-qty"
          />
          <button
            type="button"
            className={stepButton}
            onClick={() => step(1)}
            disabled={(typed ?? line.qty) >= CART_LINE_QTY_MAX}
            aria-label={o('increase', { name })}
            aria-controls={inputId}
            data-testid="cart-line-increase"
          >
            +
          </button>
        </div>
        <p
          id={`${inputId}-state`}
          role="status"
          className="mt-1 min-h-4 text-xs"
          data-testid="cart-line-state"
        >
          {invalid ? (
            <span className="text-bad">{b('quantityRange', { max: CART_LINE_QTY_MAX })}</span>
          ) : dirty ? (
            <span className="text-warn">{o('lineSaving')}</span>
          ) : line.changed ? (
            <span className="text-warn" data-testid="cart-line-pending">
              {t('pendingLine')}
            </span>
          ) : null}
        </p>
      </div>
      <div
        className="order-3 col-span-2 text-muted lg:order-none lg:col-span-1 lg:text-right lg:text-inherit"
        data-testid="cart-line-unit-price"
      >
        <span className="lg:hidden">{t('unitPriceLabel')} </span>
        {server ? formatPrice(server.price_unit_discounted, locale) : '—'}
        {server && server.price_unit !== server.price_unit_discounted ? (
          <s className="ml-1 text-xs text-muted lg:ml-0 lg:block">{formatPrice(server.price_unit, locale)}</s>
        ) : null}
      </div>
      <div
        className={`order-4 col-span-2 text-muted lg:order-none lg:col-span-1 lg:block lg:text-right lg:text-inherit ${discounted ? '' : 'hidden'}`}
        data-testid="cart-line-discount"
      >
        {discounted ? (
          <>
            <span className="lg:hidden">{t('discountLabel')} </span>
            {formatPercent(server.discount.rate, locale)}
            <span className="ml-1 text-xs text-muted lg:ml-0 lg:block">
              {formatPrice(server.discount.value, locale)}
            </span>
          </>
        ) : (
          <span>—</span>
        )}
      </div>
      <div
        className="order-2 text-right font-semibold tabular-nums lg:order-none"
        data-testid="cart-line-amount"
      >
        <span className="block text-xs font-normal text-muted lg:hidden">{t('amount')}</span>
        {server && !line.changed && !dirty ? (
          formatPrice(server.amount, locale)
        ) : (
          <span className="text-muted">—</span>
        )}
      </div>
      <div className="order-5 col-span-2 text-right lg:order-none lg:col-span-1">
        <button
          type="button"
          onClick={() => {
            if (timer.current) clearTimeout(timer.current);
            timer.current = null;
            store?.remove(line);
          }}
          className="rounded px-2 py-1 text-xs font-semibold text-bad underline"
          aria-label={t('removeLine', { name })}
          data-testid="cart-line-remove"
        >
          {t('remove')}
        </button>
      </div>
    </li>
  );
}

/**
 * The cart totals (docs/decisions/order-totals.md): the number of items, then the
 * accountant's breakdown (TotalsBreakdown: goods, discounts, handling fee, delivery, total excl.
 * VAT, VAT per rate, total incl. VAT), the expected delivery date of the chosen carrier, and the
 * delivery terms written from the domain's constants.
 */
export function CartTotals({
  cart,
  linesCount,
  pending,
}: {
  cart: Cart | null;
  linesCount: number;
  pending: boolean;
}) {
  const t = useTranslations('cart');
  const c = useTranslations('checkout');
  const { locale } = useCart();
  return (
    <section aria-labelledby="cart-totals-title" className="rounded-lg border border-line p-4">
      <h2 id="cart-totals-title" className="mb-2 text-lg font-semibold">
        {t('totalsTitle')}
      </h2>
      <p className="flex justify-between gap-4 py-0.5 text-sm">
        <span>{t('linesCount')}</span>
        <span data-testid="cart-lines-count">{formatInt(linesCount, locale)}</span>
      </p>
      {cart ? <TotalsBreakdown totals={cart.totals} testIdPrefix="cart-totals" /> : null}
      {cart?.confirm_blockers.includes('amount_too_large') ? (
        <p className="mt-2 text-sm text-bad" data-testid="cart-amount-too-large">
          {c('blockers.amount_too_large', { max: formatPrice(centsToEur(ORDER_TOTAL_MAX_CENTS), locale) })}
        </p>
      ) : null}
      {pending ? <p className="mt-2 text-sm text-warn">{t('totalsPending')}</p> : null}
      <DeliveryTermsNote className="mt-2 text-xs text-muted" />
    </section>
  );
}

/**
 * The free units a supplier promotion gives with a line ("+ 4 free (10 + 2 offer)", price 0;
 * docs/decisions/supplier-promotions.md), from the server's free line. Test id `cart-line-free`.
 */
function FreeUnits({ line }: { line: DisplayLine }) {
  const c = useTranslations('coupons');
  const free = line.free;
  if (!free || line.changed) return null;
  return (
    <p className="mt-1 text-sm font-semibold text-ok" data-testid="cart-line-free">
      {c('freeLine', {
        qty: free.qty,
        main: free.free_terms?.main_quantity ?? 0,
        promo: free.free_terms?.promo_quantity ?? 0,
      })}
    </p>
  );
}

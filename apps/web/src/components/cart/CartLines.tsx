'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { CART_TRANSACTION_QTY_MAX, type Cart, type CartLine } from '@vetshop/domain';
import type { DisplayLine } from '@/lib/cart/display';
import { formatInt, formatPercent, formatPrice } from '@/lib/format';
import { useCart } from './CartProvider';

/**
 * The cart's product lines and fee lines as a table (spec 3 "Cart line", spec 4 "Cart line
 * availability", spec 5 "Cart operations"): name linking to the product, quantity field with an
 * update button (sends new − old), remove button (sends −qty), unit price, discount and amount
 * (EUR excl. VAT, the server's figures; a line changed locally is marked "not saved yet" and its
 * amount waits for the server), and the availability message of the line.
 */
export function CartLines({ lines, feeLines }: { lines: DisplayLine[]; feeLines: CartLine[] }) {
  const t = useTranslations('cart');
  return (
    <table className="w-full text-sm" data-testid="cart-lines">
      <caption className="sr-only">{t('linesTitle')}</caption>
      <thead>
        <tr className="border-b border-line text-left">
          <th scope="col" className="py-2 pr-2">
            {t('product')}
          </th>
          <th scope="col" className="py-2 pr-2">
            {t('quantity')}
          </th>
          <th scope="col" className="py-2 pr-2 text-right">
            {t('unitPrice')}
          </th>
          <th scope="col" className="py-2 pr-2 text-right">
            {t('discount')}
          </th>
          <th scope="col" className="py-2 pr-2 text-right">
            {t('amount')}
          </th>
          <th scope="col" className="py-2">
            <span className="sr-only">{t('actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <LineRow key={`${line.key}:${line.qty}`} line={line} />
        ))}
        {feeLines.map((fee) => (
          <FeeRow key={fee.id} fee={fee} />
        ))}
      </tbody>
    </table>
  );
}

function LineRow({ line }: { line: DisplayLine }) {
  const t = useTranslations('cart');
  const { store, locale } = useCart();
  const [qty, setQty] = useState(String(line.qty));
  const [invalid, setInvalid] = useState(false);
  const name = line.server?.name ?? line.ref?.name ?? `#${line.product_id}`;
  const urlKey = line.server?.url_key ?? line.ref?.url_key ?? null;
  const inputId = `cart-qty-${line.product_id}-${line.key.length}`;
  const server = line.server;
  const update = () => {
    const n = Number(qty);
    if (!Number.isInteger(n) || n < 0 || n > CART_TRANSACTION_QTY_MAX) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    if (n === 0) store?.remove(line);
    else store?.setQty(line, n);
  };
  return (
    <tr className="border-b border-line align-top" data-testid="cart-line" data-product-id={line.product_id}>
      <th scope="row" className="py-2 pr-2 text-left font-normal">
        {urlKey ? (
          <Link href={`/${locale}/p/${urlKey}`} className="font-semibold text-brand underline">
            {name}
          </Link>
        ) : (
          <span className="font-semibold">{name}</span>
        )}
        {server?.sku ? (
          <span className="block text-xs text-muted">{t('sku', { sku: server.sku })}</span>
        ) : null}
        {server?.made_to_order ? (
          <span className="mt-1 inline-block rounded bg-surface px-2 py-0.5 text-xs">{t('madeToOrder')}</span>
        ) : null}
        {line.changed ? (
          <span className="mt-1 block text-xs text-warn" data-testid="cart-line-pending">
            {t('pendingLine')}
          </span>
        ) : null}
        {server && server.qty_unavailable > 0 ? (
          <p className="mt-1 text-xs text-warn" data-testid="cart-line-unavailable">
            {t('unavailable', { qty: server.qty_unavailable })}
          </p>
        ) : server?.qty_available_again ? (
          <p className="mt-1 text-xs text-ok" data-testid="cart-line-available-again">
            {t('availableAgain')}
          </p>
        ) : null}
      </th>
      <td className="py-2 pr-2">
        <form
          className="flex items-center gap-1"
          onSubmit={(e) => {
            e.preventDefault();
            update();
          }}
        >
          <label htmlFor={inputId} className="sr-only">
            {t('quantityOf', { name })}
          </label>
          <input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={0}
            max={CART_TRANSACTION_QTY_MAX}
            step={1}
            value={qty}
            onChange={(e) => setQty(e.target.value)}
            aria-invalid={invalid || undefined}
            className="w-20 rounded border border-line px-2 py-1"
            data-testid="cart-line-qty"
          />
          <button
            type="submit"
            className="rounded border border-brand px-2 py-1 text-xs font-semibold text-brand hover:bg-surface"
            aria-label={t('updateLine', { name })}
            data-testid="cart-line-update"
          >
            {t('update')}
          </button>
        </form>
        {invalid ? <p className="mt-1 text-xs text-bad">{t('invalidQty')}</p> : null}
      </td>
      <td className="py-2 pr-2 text-right">
        {server ? formatPrice(server.price_unit_discounted, locale) : '—'}
        {server && server.price_unit !== server.price_unit_discounted ? (
          <s className="block text-xs text-muted">{formatPrice(server.price_unit, locale)}</s>
        ) : null}
      </td>
      <td className="py-2 pr-2 text-right">
        {server && server.discount.value !== 0 ? (
          <>
            {formatPercent(server.discount.rate, locale)}
            <span className="block text-xs text-muted">{formatPrice(server.discount.value, locale)}</span>
          </>
        ) : (
          '—'
        )}
      </td>
      <td className="py-2 pr-2 text-right" data-testid="cart-line-amount">
        {server && !line.changed ? formatPrice(server.amount, locale) : <span className="text-muted">—</span>}
      </td>
      <td className="py-2 text-right">
        <button
          type="button"
          onClick={() => store?.remove(line)}
          className="rounded px-2 py-1 text-xs font-semibold text-bad underline"
          aria-label={t('removeLine', { name })}
          data-testid="cart-line-remove"
        >
          {t('remove')}
        </button>
      </td>
    </tr>
  );
}

function FeeRow({ fee }: { fee: CartLine }) {
  const { locale } = useCart();
  return (
    <tr className="border-b border-line" data-testid="cart-fee-line">
      <th scope="row" className="py-2 pr-2 text-left font-normal">
        {fee.name}
      </th>
      <td className="py-2 pr-2">{formatInt(fee.qty, locale)}</td>
      <td className="py-2 pr-2 text-right">{formatPrice(fee.price_unit_discounted, locale)}</td>
      <td className="py-2 pr-2 text-right">—</td>
      <td className="py-2 pr-2 text-right">{formatPrice(fee.amount, locale)}</td>
      <td />
    </tr>
  );
}

/** The cart totals (spec 3 Cart amount and lines count), with the handling-fee rule (spec 9). */
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
  const { locale } = useCart();
  const a = cart?.amount;
  const row = (label: string, value: string, testId: string, strong = false) => (
    <div className={`flex justify-between gap-4 py-1 ${strong ? 'text-lg font-bold' : ''}`}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
  return (
    <section aria-labelledby="cart-totals-title" className="rounded-lg border border-line p-4">
      <h2 id="cart-totals-title" className="mb-2 text-lg font-semibold">
        {t('totalsTitle')}
      </h2>
      <dl>
        {row(t('linesCount'), formatInt(linesCount, locale), 'cart-lines-count')}
        {a ? (
          <>
            {row(
              t('totalWithoutDiscount'),
              formatPrice(a.total_without_discount, locale),
              'cart-total-without-discount',
            )}
            {row(t('discountTotal'), formatPrice(a.discount_total, locale), 'cart-discount-total')}
            {row(t('fees'), formatPrice(cart.delivery.fees, locale), 'cart-fees')}
            {row(t('untaxed'), formatPrice(a.untaxed, locale), 'cart-total-untaxed')}
            {row(t('tax'), formatPrice(a.tax, locale), 'cart-total-tax')}
            {row(t('total'), formatPrice(a.total, locale), 'cart-total', true)}
          </>
        ) : null}
      </dl>
      {pending ? <p className="mt-2 text-sm text-warn">{t('totalsPending')}</p> : null}
      <p className="mt-2 text-xs text-muted">{t('feeHint')}</p>
    </section>
  );
}

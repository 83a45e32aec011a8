import { getTranslations } from 'next-intl/server';
import type { Cart, CartLine, Locale } from '@vetshop/domain';
import { formatInt, formatPrice } from '@/lib/format';
import { TotalsBreakdown } from '@/components/orders/TotalsBreakdown';

/** Class of the table's number cells. */
const num = 'py-2 pl-4 text-right tabular-nums';
/** Quantity and unit price: columns from 640 px; below, one line under the product's name. */
const wide = `${num} hidden sm:table-cell`;

/**
 * The checkout's order summary (docs/product/cart-and-checkout.md#cart-line;
 * docs/product/cart-and-checkout.md#handling-fee): a table of the product `lines` (name, SKU,
 * made-to-order and free marks, backorder quantity, the reason a regulated line may no longer be
 * ordered — docs/decisions/regulated-products.md; quantity, discounted unit price, amount), then
 * the coupon reward (docs/decisions/coupons.md) and the accountant's totals of `cart`
 * (TotalsBreakdown: the handling fee listed once).
 */
export async function ConfirmSummary({
  locale,
  cart,
  lines,
}: {
  locale: Locale;
  cart: Cart;
  /** The cart's product lines (the delivery line left out). */
  lines: CartLine[];
}) {
  const t = await getTranslations({ locale, namespace: 'checkout' });
  const tc = await getTranslations({ locale, namespace: 'cart' });
  // Free units of supplier promotions and the coupon reward (docs/decisions/supplier-promotions.md, coupons.md).
  const tp = await getTranslations({ locale, namespace: 'coupons' });
  const r = await getTranslations({ locale, namespace: 'regulated' });
  return (
    <section aria-labelledby="confirm-summary">
      <h2 id="confirm-summary" className="mb-3 text-xl font-semibold">
        {t('summary')}
      </h2>
      <div className="relative overflow-x-auto">
        <table className="w-full border-collapse text-left" data-testid="confirm-lines">
          <thead>
            <tr className="border-b border-line text-sm text-muted">
              <th scope="col" className="py-2 pr-4">
                {t('product')}
              </th>
              <th scope="col" className={wide}>
                {t('qty')}
              </th>
              <th scope="col" className={wide}>
                {t('unitPrice')}
              </th>
              <th scope="col" className={num}>
                {t('amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.id} className="border-b border-line" data-testid="confirm-line">
                <th scope="row" className="py-2 pr-4 font-normal">
                  {line.name}
                  {line.sku ? (
                    <span className="block text-xs text-muted">{tc('sku', { sku: line.sku })}</span>
                  ) : null}
                  <span className="block text-sm tabular-nums sm:hidden" data-testid="confirm-line-qty-price">
                    {t('qtyTimesPrice', {
                      qty: formatInt(line.qty, locale),
                      price: formatPrice(line.price_unit_discounted, locale),
                    })}
                  </span>
                  {line.made_to_order ? (
                    <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs text-ink">
                      {t('madeToOrder')}
                    </span>
                  ) : null}
                  {line.is_free ? (
                    <span
                      className="ml-2 rounded bg-surface px-1.5 text-xs font-semibold text-ok"
                      data-testid="confirm-line-free"
                    >
                      {tp('freeMark')}
                    </span>
                  ) : null}
                  {line.qty_unavailable > 0 ? (
                    <span className="block text-sm text-muted">
                      {t('backorder', { qty: line.qty_unavailable })}
                    </span>
                  ) : null}
                  {line.restriction && !line.is_free ? (
                    <span
                      className="block text-sm font-semibold text-warn"
                      data-testid="confirm-line-restriction"
                      data-reason={line.restriction}
                    >
                      {r(`reasons.${line.restriction}`)}
                    </span>
                  ) : null}
                </th>
                <td className={wide}>{formatInt(line.qty, locale)}</td>
                <td className={wide}>{formatPrice(line.price_unit_discounted, locale)}</td>
                <td className={num}>{formatPrice(line.amount, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="ml-auto mt-4 max-w-sm">
        {cart.promo_codes.length > 0 && (cart.reward_amount ?? 0) > 0 ? (
          <p className="mb-2 text-sm font-semibold text-ok" data-testid="confirm-coupon-reward">
            {tp('reward', {
              code: cart.promo_codes.join(', '),
              untaxed: formatPrice(cart.reward_amount ?? 0, locale),
              total: formatPrice(cart.reward_amount_tax_incl ?? 0, locale),
            })}
          </p>
        ) : null}
        <TotalsBreakdown totals={cart.totals} testIdPrefix="confirm-totals" />
      </div>
    </section>
  );
}

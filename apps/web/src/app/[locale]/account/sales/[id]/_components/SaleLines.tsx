import { getTranslations } from 'next-intl/server';
import type { Locale, SaleDetail } from '@vetshop/domain';
import { Link } from '@/i18n/navigation';
import { formatInt, formatPercent, formatPrice } from '@/lib/format';
import { lineTitle } from '@/lib/line-title';
import { TotalsBreakdown } from '@/components/orders/TotalsBreakdown';
import { OrderAgain } from '@/components/orders/OrderAgain';
import { LineThumb } from '@/components/media/LineThumb';

/**
 * The order's lines and totals (docs/product/orders-and-documents.md#order-line;
 * docs/product/orders-and-documents.md#displayed-order-figures): stacked cards (no wide table),
 * each named by product (linked to /{lang}/p/<url key> when it has one), pack size and SKU, with
 * the free mark of supplier promotions (docs/decisions/supplier-promotions.md), the amount, the
 * ordered, delivered, unavailable and canceled quantities, unit price (labelled "before discount"
 * on a discounted line: checkout's unit price is the net one) and discount, and an "order
 * again" button (none on a free unit: it comes again with its paid line); above them "order
 * everything again" (OrderAgain; docs/decisions/order-history.md).
 * The handling fee line is not listed: it is in the totals (TotalsBreakdown) below.
 */
export async function SaleLines({ locale, sale }: { locale: Locale; sale: SaleDetail }) {
  const t = await getTranslations({ locale, namespace: 'orders' });
  const th = await getTranslations({ locale, namespace: 'orderHistory' });
  // Free units of supplier promotions (docs/decisions/supplier-promotions.md).
  const tp = await getTranslations({ locale, namespace: 'coupons' });
  const none = t('none');
  const reorderable = sale.lines.some((l) => !l.is_delivery);
  return (
    <section aria-labelledby="sale-lines">
      <h2 id="sale-lines" className="mb-3 text-xl font-semibold">
        {t('linesTitle')}
      </h2>
      {reorderable ? (
        <div className="mb-4 rounded-lg border border-line p-4">
          <p className="mb-2 text-sm text-muted">{th('reorder.allHint')}</p>
          <OrderAgain lines={sale.lines} testId="sale-reorder" />
        </div>
      ) : null}
      <ul className="divide-y divide-line border-y border-line text-sm">
        {/* The handling fee is listed once, in the totals below. */}
        {sale.lines
          .filter((line) => !line.is_delivery)
          .map((line) => {
            const title = lineTitle(line);
            const figures = [
              { key: 'qty', label: t('qty'), value: formatInt(line.qty, locale) },
              { key: 'delivered', label: t('qtyDelivered'), value: formatInt(line.qty_delivered, locale) },
              {
                key: 'unavailable',
                label: t('qtyUnavailable'),
                value: formatInt(line.qty_unavailable, locale),
              },
              { key: 'canceled', label: t('qtyCanceled'), value: formatInt(line.qty_canceled, locale) },
              {
                key: 'unit',
                // The stored unit price is before the line's discount; checkout's "unit price" is
                // after it: a discounted line says which one it shows.
                label: line.discount.rate ? t('unitPriceBeforeDiscount') : t('unitPrice'),
                value: formatPrice(line.price_unit, locale),
              },
              {
                key: 'discount',
                label: t('discount'),
                // With the amount taken off, so that unit price × quantity − discount is the line's
                // amount to the cent (the rate alone left a cent of rounding unexplained).
                value: line.discount.rate
                  ? t('discountWithAmount', {
                      rate: formatPercent(line.discount.rate, locale),
                      amount: formatPrice(line.discount.value, locale),
                    })
                  : none,
              },
            ];
            return (
              <li
                key={line.id}
                className="grid gap-x-4 gap-y-2 py-3 md:grid-cols-[minmax(0,1fr)_auto]"
                data-testid="sale-line"
                data-sku={line.sku ?? undefined}
                data-free={line.is_free || undefined}
              >
                <div className="flex min-w-0 gap-3">
                  {line.is_delivery ? null : <LineThumb picture={line.picture} name={title.product} />}
                  <div className="min-w-0">
                    {line.is_delivery ? (
                      <p className="font-medium">{t('feeLine')}</p>
                    ) : (
                      <>
                        <p className="break-words font-medium" data-testid="sale-line-product">
                          {line.url_key ? (
                            <Link href={`/p/${line.url_key}`} className="text-brand underline">
                              {title.product}
                            </Link>
                          ) : (
                            title.product
                          )}
                          {line.is_free ? (
                            <span
                              className="ml-2 inline-block rounded bg-surface px-2 py-0.5 text-xs font-semibold text-ok"
                              data-testid="sale-line-free"
                            >
                              {tp('freeMark')}
                            </span>
                          ) : null}
                        </p>
                        <p className="text-muted">
                          {title.variant ? (
                            <span data-testid="sale-line-variant">
                              {th('line.packSize', { size: title.variant })}
                            </span>
                          ) : null}
                          {title.variant && title.sku ? ' · ' : null}
                          {title.sku ? (
                            <span data-testid="sale-line-sku">{th('line.sku', { sku: title.sku })}</span>
                          ) : null}
                        </p>
                      </>
                    )}
                  </div>
                </div>
                <p className="font-semibold tabular-nums md:text-right">
                  <span className="sr-only">{t('amount')} </span>
                  {formatPrice(line.amount, locale)}
                </p>
                <dl className="flex flex-wrap gap-x-4 gap-y-1 md:col-span-2">
                  {figures.map((f) => (
                    <div key={f.key} className="flex gap-1">
                      <dt className="text-muted">{f.label}</dt>
                      <dd
                        className="tabular-nums"
                        data-testid={f.key === 'delivered' ? 'sale-line-delivered' : undefined}
                      >
                        {f.value}
                      </dd>
                    </div>
                  ))}
                </dl>
                {/* A free unit of a promotion comes again with its paid line: no button of its own
                    (and no "no longer available", which it is not). */}
                {line.is_delivery || line.is_free ? null : (
                  <div className="md:col-span-2">
                    <OrderAgain
                      lines={[line]}
                      variant="line"
                      label={th('reorder.oneLabel', { name: title.product })}
                      testId={`sale-line-reorder-${line.id}`}
                    />
                  </div>
                )}
              </li>
            );
          })}
      </ul>
      <div className="ml-auto mt-4 max-w-sm">
        <TotalsBreakdown totals={sale.totals} testIdPrefix="sale-totals" />
      </div>
    </section>
  );
}

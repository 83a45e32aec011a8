import { getTranslations } from 'next-intl/server';
import { type Locale, type VariantDetail } from '@vetshop/domain';
import { StockBadge } from '@/components/StockBadge';
import { formatDate, formatPercent, formatPrice } from '@/lib/format';
import { PriceTypes } from './PriceTypes';
import { messageOr } from '@/i18n/keys';

/**
 * The selected variant's name, stock state and prices, shown
 * first on the product page so they stay above the fold on a phone: the net price large, the gross
 * price (struck through when a discount applies) and the indicative price, each named by its type
 * (docs/decisions/price-types.md). Amounts are EUR excl. VAT. Test ids: `variant-name`, `variant-stock`, `variant-net`.
 */
export async function VariantPrices({ locale, variant }: { locale: Locale; variant: VariantDetail }) {
  const t = await getTranslations({ locale });
  const p = variant.pricing;
  const grossDiffers = p.gross !== null && p.net !== null && p.gross !== p.net;
  return (
    <div className="space-y-2">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-semibold" data-testid="variant-name">
          {variant.name}
        </span>
        <StockBadge state={variant.stock_state} testId="variant-stock" />
      </p>
      {p.net === null ? (
        <p className="text-muted">{t('product.noPrice')}</p>
      ) : (
        <dl className="grid grid-cols-[auto_1fr] items-baseline gap-x-3 gap-y-0.5">
          <dt className="text-sm font-medium">{t('prices.net')}</dt>
          <dd>
            <span className="text-2xl font-bold text-brand" data-testid="variant-net">
              {formatPrice(p.net, locale)}
            </span>{' '}
            <span className="text-xs text-muted">{t('common.exclVat')}</span>
          </dd>
          {/* The gross price only when a discount makes the net differ (docs/decisions/price-types.md). */}
          {grossDiffers ? (
            <>
              <dt className="text-sm font-medium">{t('prices.gross')}</dt>
              <dd className="text-sm">
                <s>{formatPrice(p.gross!, locale)}</s>{' '}
                <span className="text-xs text-muted">{t('common.exclVat')}</span>
              </dd>
            </>
          ) : null}
          {p.indicated !== null ? (
            <>
              <dt className="text-sm font-medium">{t('prices.indicative')}</dt>
              <dd className="text-sm">
                {formatPrice(p.indicated, locale)}{' '}
                <span className="text-xs text-muted">{t('common.exclVat')}</span>
              </dd>
            </>
          ) : null}
        </dl>
      )}
    </div>
  );
}

/**
 * The rest of the selected variant, below the order controls: the price types explained with
 * whose list is shown (PriceTypes; `isGuest` for the public list), the promotion with its end
 * date, price tiers, volume discounts, then its codes (SKU, EAN, CNK), units per pack and the
 * made-to-order mark. Amounts EUR excl. VAT.
 */
export async function VariantTerms({
  locale,
  variant,
  isGuest,
}: {
  locale: Locale;
  variant: VariantDetail;
  isGuest: boolean;
}) {
  const t = await getTranslations({ locale });
  const p = variant.pricing;
  // One line per quantity from which a price applies, at the unit price a cart of that quantity
  // pays (the api's `quantity_prices`: the cart's own pricing and the user's terms).
  const tiers = p.quantity_prices;
  const listName = messageOr(t, `priceLists.${p.price_list}`, p.price_list);
  return (
    <div className="space-y-4">
      <PriceTypes locale={locale} listName={listName} isGuest={isGuest} />
      {p.promotion ? (
        <div className="rounded-control border border-bad p-3 text-sm">
          <p className="font-semibold text-bad" data-testid="variant-promotion-kind">
            {p.promotion.kind === 'special' ? t('promotions.kindSpecial') : t('product.promotion')}
          </p>
          {p.promotion.discount !== null ? (
            <p>{t('product.promotionDiscount', { discount: formatPercent(p.promotion.discount, locale) })}</p>
          ) : null}
          {p.promotion.main_quantity !== null && p.promotion.promo_quantity !== null ? (
            <p>
              {t('product.promotionQuantity', {
                main: p.promotion.main_quantity,
                promo: p.promotion.promo_quantity,
              })}
            </p>
          ) : null}
          <p>
            {p.promotion.date_end
              ? t('product.promotionEnds', { date: formatDate(p.promotion.date_end, locale) })
              : t('product.promotionOpen')}
          </p>
        </div>
      ) : null}

      {tiers.length > 1 ? (
        <table className="w-full text-sm">
          <caption className="mb-1 text-left font-semibold">{t('product.tiers')}</caption>
          <thead>
            <tr className="border-b border-line text-left">
              <th scope="col" className="py-1">
                {t('product.tierQuantity')}
              </th>
              <th scope="col" className="py-1 text-right">
                {t('product.tierPrice')}
              </th>
            </tr>
          </thead>
          <tbody>
            {tiers.map(({ min_quantity, net }) => (
              <tr key={min_quantity} className="border-b border-line">
                <td className="py-1">{t('product.fromUnits', { qty: min_quantity })}</td>
                <td className="py-1 text-right">{formatPrice(net, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}

      {p.volume_discounts.length > 0 ? (
        <div className="text-sm">
          <p className="font-semibold">{t('product.volumeDiscounts')}</p>
          <ul className="list-disc pl-5">
            {[...p.volume_discounts]
              .sort((a, b) => a.min_quantity - b.min_quantity)
              .map((d) => (
                <li key={`${d.min_quantity}-${d.discount}`}>
                  {t('product.volumeDiscount', {
                    discount: formatPercent(d.discount, locale),
                    qty: d.min_quantity,
                  })}
                  {d.exclusive ? ` (${t('product.exclusive')})` : ''}
                </li>
              ))}
          </ul>
        </div>
      ) : null}

      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 border-t border-line pt-3 text-sm">
        <dt className="font-medium">{t('product.sku')}</dt>
        <dd className="break-all">{variant.sku}</dd>
        {variant.barcode ? (
          <>
            <dt className="font-medium">{t('product.ean')}</dt>
            <dd>{variant.barcode}</dd>
          </>
        ) : null}
        {variant.cnk_code ? (
          <>
            <dt className="font-medium">{t('product.cnk')}</dt>
            <dd>{variant.cnk_code}</dd>
          </>
        ) : null}
        {variant.units_per_pack ? (
          <>
            <dt className="font-medium">{t('product.unitsPerPack')}</dt>
            <dd>{variant.units_per_pack}</dd>
          </>
        ) : null}
        {variant.made_to_order ? (
          <>
            <dt className="font-medium">{t('product.madeToOrder')}</dt>
            <dd>{t('product.yes')}</dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}

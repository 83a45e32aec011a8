import { getTranslations } from 'next-intl/server';
import type { Locale, PromotionItem, RestrictionReason } from '@vetshop/domain';
import { Link } from '@/i18n/navigation';
import { Price } from '@/components/Price';
import { LineOrderControl } from '@/components/product/LineOrderControl';
import { PromotionBadge } from '@/components/promotions/PromotionBadge';
import { PromoAlert } from '@/components/promotions/PromoAlert';
import { LineThumb } from '@/components/media/LineThumb';

/** Class of the table's cells. */
const cell = 'py-3 pr-4 align-top';

/** Class of the product's cell: a block without padding in a phone's card. */
const productCell = `${cell} max-sm:block max-sm:p-0`;

/**
 * The table of promotions (docs/product/catalogue-and-search.md#promotions-and-selection;
 * docs/decisions/supplier-promotions.md): per item the product (thumbnail, name linked to
 * /{lang}/p/<url key>, variant and SKU), the promotion in words (PromotionBadge) and the price;
 * for a customer (`isCustomer`) also the add-to-cart control or the reason it may not order the
 * product (`restrictions`, docs/decisions/regulated-products.md) and, when the promotion ends,
 * `subscriptions` is known and the customer may order the product, the promo-end alert toggle
 * (docs/product/customer-area.md#promo-subscriptions).
 *
 * Below 640 px each row is a card (docs/decisions/responsive-shell.md "Promotions on a phone"):
 * the product and its promotion on top, then the price and the order controls at the card's full
 * width, as the dashboard's most ordered items; the header row is left out there.
 */
export async function PromotionsTable({
  locale,
  items,
  isCustomer,
  subscriptions,
  restrictions,
}: {
  locale: Locale;
  items: PromotionItem[];
  isCustomer: boolean;
  subscriptions: Set<number> | null;
  restrictions: Record<string, RestrictionReason>;
}) {
  const t = await getTranslations({ locale, namespace: 'promotions' });
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full border-collapse text-left max-sm:block" data-testid="promotions-table">
        <caption className="sr-only">{t('caption')}</caption>
        <thead className="max-sm:hidden">
          <tr className="border-b border-line text-sm text-muted">
            <th scope="col" className={cell}>
              {t('product')}
            </th>
            <th scope="col" className={`${cell} hidden md:table-cell`}>
              {t('promotion')}
            </th>
            {/* 9 rem from 640 to 768 px: the price, the add-to-cart field and button fit in it, one under the other. */}
            <th scope="col" className="w-36 py-3 align-top md:w-auto">
              {t('price')}
            </th>
          </tr>
        </thead>
        <tbody className="max-sm:block max-sm:rounded-lg max-sm:border max-sm:border-line">
          {items.map((item) => (
            <tr
              key={`${item.key}-${item.product_id}`}
              className="border-b border-line max-sm:block max-sm:p-4 max-sm:last:border-b-0"
              data-testid="promotions-row"
              data-product-id={item.product_id}
              data-kind={item.kind}
              data-date-end={item.date_end ?? ''}
            >
              <th scope="row" className={`${productCell} font-normal`}>
                <div className="flex gap-3">
                  <div className="shrink-0">
                    <LineThumb picture={item.picture} family={item.family} name={item.name} />
                  </div>
                  {/* Long SKUs and names may break anywhere: the row fits a 320 px screen. */}
                  <div className="min-w-0 wrap-anywhere">
                    <Link
                      href={`/p/${item.url_key}?variant=${item.product_id}`}
                      className="font-semibold text-brand underline-offset-2 hover:underline"
                    >
                      {item.name}
                    </Link>
                    <span className="block text-sm text-muted">
                      {item.variant_name} · {item.sku}
                    </span>
                    {/* Below 768 px: the promotion under the product, its column left out, so that
                        the price column keeps its whole amount on screen. */}
                    <div className="mt-2 md:hidden">
                      <PromotionBadge locale={locale} terms={item} inWords />
                    </div>
                  </div>
                </div>
              </th>
              <td className={`${cell} hidden md:table-cell`}>
                <PromotionBadge locale={locale} terms={item} inWords />
              </td>
              <td className="py-3 align-top max-sm:block max-sm:pb-0">
                <Price locale={locale} price={item.price} />
                {isCustomer ? (
                  // Under the price, in the same column: from 640 to 768 px the row then fits the screen.
                  <div className="mt-2 space-y-2">
                    <LineOrderControl
                      locale={locale}
                      item={item}
                      restrictions={restrictions}
                      testId="promotions-add-to-cart"
                    />
                    {subscriptions && item.date_end && !restrictions[String(item.product_id)] ? (
                      <PromoAlert
                        locale={locale}
                        productId={item.product_id}
                        productName={item.name}
                        subscriptions={subscriptions}
                        compact
                      />
                    ) : null}
                  </div>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

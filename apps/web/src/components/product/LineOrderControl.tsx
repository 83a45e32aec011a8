import type { Locale, RestrictionReason } from '@vetshop/domain';
import { AddToCart } from '@/components/cart/AddToCart';
import { RestrictionNotice } from './RestrictionNotice';

/**
 * The order control of a product on a list line for a signed-in customer (promotions, selection,
 * dashboard's most ordered): the reason it may not order the product (compact RestrictionNotice,
 * docs/decisions/regulated-products.md) when `restrictions` (reason per product id, as the api
 * answers) names it, else the compact AddToCart of `item` with the data-testid `testId`.
 */
export function LineOrderControl({
  locale,
  item,
  restrictions,
  testId,
}: {
  locale: Locale;
  item: { product_id: number; name: string; url_key: string | null };
  restrictions: Record<string, RestrictionReason>;
  testId: string;
}) {
  const reason = restrictions[String(item.product_id)];
  return reason ? (
    <RestrictionNotice locale={locale} reason={reason} compact />
  ) : (
    <AddToCart productId={item.product_id} name={item.name} urlKey={item.url_key} compact testId={testId} />
  );
}

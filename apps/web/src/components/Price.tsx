import type { Locale, PriceValue } from '@vetshop/domain';
import { formatPrice } from '@/lib/format';
import { PriceText, type PriceTexts } from './PriceText';

/**
 * The amounts of a price value as a listed price shows them (PriceText): the net amount and, when
 * a discount applies, the gross amount, both EUR excl. VAT formatted for `locale`.
 */
export function priceTexts(price: PriceValue, locale: Locale): PriceTexts {
  return {
    net: formatPrice(price.value, locale),
    gross: price.original_value > price.value ? formatPrice(price.original_value, locale) : null,
  };
}

/**
 * A price value where prices are listed: the net amount (what the buyer pays per
 * unit, docs/decisions/price-types.md), the gross amount struck through when a discount applies,
 * and the words "net excl. VAT" so the type of the figure is always said. Amounts are EUR excl.
 * VAT formatted for the locale; the markup is PriceText's. `testId` sets the data-testid of the
 * whole price. A synchronous server component, so React renders it in place
 * (docs/decisions/web-page-performance.md, "Listing cards and filters").
 */
export function Price({
  locale,
  price,
  size = 'md',
  testId,
}: {
  locale: Locale;
  price: PriceValue | null;
  size?: 'md' | 'lg';
  testId?: string;
}) {
  return <PriceText texts={price ? priceTexts(price, locale) : null} size={size} testId={testId} />;
}

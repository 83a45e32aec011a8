import { useTranslations } from 'next-intl';
import type { Locale, PriceValue } from '@vetshop/domain';
import { formatPrice } from '@/lib/format';

/**
 * A price value where prices are listed: the net amount (what the buyer pays per
 * unit, docs/decisions/price-types.md), the gross amount struck through when a discount applies,
 * and the words "net excl. VAT" so the type of the figure is always said. Amounts are EUR excl.
 * VAT formatted for the locale. `testId` sets the data-testid of the whole price. A synchronous
 * server component (the request's translator, `useTranslations`), so React renders it in place
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
  const t = useTranslations();
  if (!price)
    return (
      <span className="text-sm text-muted" data-testid={testId}>
        {t('product.noPrice')}
      </span>
    );
  const discounted = price.original_value > price.value;
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2" data-testid={testId}>
      <span className={size === 'lg' ? 'text-2xl font-bold text-brand' : 'text-lg font-bold text-brand'}>
        {formatPrice(price.value, locale)}
      </span>
      {discounted ? (
        <span className="text-sm text-muted">
          <span className="sr-only">{t('prices.gross')}: </span>
          <s>{formatPrice(price.original_value, locale)}</s>
        </span>
      ) : null}
      <span className="text-xs text-muted">{t('prices.netExclVat')}</span>
    </span>
  );
}

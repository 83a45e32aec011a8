import { getTranslations } from 'next-intl/server';
import type { Locale, PriceValue } from '@vetshop/domain';
import { formatPrice } from '@/lib/format';

/**
 * A price value (spec 3 Pricing): the net amount, the gross amount struck through when a discount
 * applies, labelled excl. VAT. Amounts are EUR excl. VAT formatted for the locale.
 */
export async function Price({
  locale,
  price,
  size = 'md',
}: {
  locale: Locale;
  price: PriceValue | null;
  size?: 'md' | 'lg';
}) {
  const t = await getTranslations({ locale });
  if (!price) return <span className="text-sm text-muted">{t('product.noPrice')}</span>;
  const discounted = price.original_value > price.value;
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2">
      <span className={size === 'lg' ? 'text-2xl font-bold text-brand' : 'text-lg font-bold text-brand'}>
        {formatPrice(price.value, locale)}
      </span>
      {discounted ? (
        <span className="text-sm text-muted">
          <span className="sr-only">{t('product.gross')}: </span>
          <s>{formatPrice(price.original_value, locale)}</s>
        </span>
      ) : null}
      <span className="text-xs text-muted">{t('common.exclVat')}</span>
    </span>
  );
}

import { getTranslations } from 'next-intl/server';
import type { Consumption as ConsumptionFigures, Locale } from '@vetshop/domain';
import { formatNumber } from '@/lib/format';

/**
 * "You order about 4 per month" on the product page of a signed-in customer
 * (docs/decisions/product-links.md): the average of their orders of the last 12 months
 * (`figures`: the product answer's `consumption`, ProductPage). Nothing when they never ordered it
 * or there are no figures (guests, staff). Test id `product-consumption`.
 */
export async function Consumption({
  locale,
  figures,
}: {
  locale: Locale;
  figures: ConsumptionFigures | null;
}) {
  if (!figures || figures.total_12_months === 0) return null;
  const t = await getTranslations({ locale, namespace: 'productLinks' });
  return (
    <p className="text-sm" data-testid="product-consumption">
      <span className="font-semibold">
        {t('consumption', {
          qty: formatNumber(figures.monthly_average, locale, { max: 1 }),
        })}
      </span>{' '}
      <span className="text-muted">{t('consumptionHint', { total: figures.total_12_months })}</span>
    </p>
  );
}

import { getTranslations } from 'next-intl/server';
import type { Locale } from '@vetshop/domain';
import { catalogApi } from '@/lib/api';
import { ApiError } from '@/lib/api/errors';
import { formatNumber } from '@/lib/format';

/**
 * "You order about 4 per month" on the product page of a signed-in customer
 * (docs/decisions/product-links.md): the average of their orders of the last 12 months
 * (GET /catalog/consumption). Nothing when they never ordered it or the api cannot answer.
 * Test id `product-consumption`.
 */
export async function Consumption({ locale, productId }: { locale: Locale; productId: number }) {
  let figures;
  try {
    figures = await catalogApi.consumption(locale, productId);
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
  if (figures.total_12_months === 0) return null;
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

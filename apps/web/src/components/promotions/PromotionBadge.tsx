import { getTranslations } from 'next-intl/server';
import { freeUnitsOf, type Locale, type PromotionTerms } from '@vetshop/domain';
import { formatDate, formatPercent } from '@/lib/format';

/**
 * What a promotion gives and until when (docs/product/prices.md#pricing, docs/product/prices.md#supplier-terms): "Special offer",
 * "Supplier promotion 10+2" (main + free promotional quantity) or "Supplier discount −5 %", then
 * "until <date>" (inclusive) or "no end date"; or, `inWords`, the same offer in a sentence instead of
 * the short date ("For every 10 units ordered, 2 more free (e.g. 24 ordered → 4 free). Offer valid
 * until … inclusive."), so the date is read once.
 */
export async function PromotionBadge({
  locale,
  terms,
  inWords = false,
}: {
  locale: Locale;
  terms: PromotionTerms;
  /** Also the sentence (the promotions and vet-group pages; the home page's compact list shows the badge only). */
  inWords?: boolean;
}) {
  const t = await getTranslations({ locale, namespace: 'promotions' });
  const c = await getTranslations({ locale, namespace: 'coupons' });
  const main = terms.main_quantity ?? 0;
  const free = terms.promo_quantity ?? 0;
  // The offer in words, not only the badge (docs/decisions/supplier-promotions.md).
  const offer =
    terms.kind === 'supplier_promotion' && main > 0
      ? c('offerPromotion', {
          main,
          free,
          example: main * 2 + Math.ceil(main * 0.4),
          exampleFree: freeUnitsOf(main * 2 + Math.ceil(main * 0.4), {
            mainQuantity: main,
            promoQuantity: free,
          }),
        })
      : terms.kind === 'supplier_discount'
        ? c('offerDiscount', { discount: formatPercent(terms.discount ?? 0, locale) })
        : null;
  const what =
    terms.kind === 'supplier_promotion'
      ? t('kindPromotion', { main: terms.main_quantity ?? 0, free: terms.promo_quantity ?? 0 })
      : terms.kind === 'supplier_discount'
        ? t('kindDiscount', { discount: formatPercent(terms.discount ?? 0, locale) })
        : t('kindSpecial');
  return (
    <span
      className="inline-flex flex-wrap items-center gap-2 text-sm"
      data-testid="promotion-badge"
      data-kind={terms.kind}
    >
      <span className="rounded bg-bad px-2 py-0.5 text-xs font-semibold text-white">{what}</span>
      {inWords ? null : (
        <span className="text-muted">
          {terms.date_end ? t('until', { date: formatDate(terms.date_end, locale) }) : t('noEnd')}
        </span>
      )}
      {inWords ? (
        <span className="block w-full text-ink" data-testid="promotion-offer">
          {offer ? `${offer} ` : null}
          {terms.date_end ? c('offerUntil', { date: formatDate(terms.date_end, locale) }) : c('offerOpen')}
        </span>
      ) : null}
    </span>
  );
}

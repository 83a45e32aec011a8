import { getTranslations } from 'next-intl/server';
import type { Locale, RestrictionReason } from '@vetshop/domain';

/**
 * Why the signed-in customer cannot order a regulated product, shown instead of the add-to-cart
 * control on the product page and on result cards (docs/decisions/regulated-products.md). The
 * reason code comes from the api (`restriction` of the product, `restrictions` of a search);
 * its text is `regulated.reasons.<code>` in the user's language. Test id: `restriction-notice`
 * with `data-reason`.
 */
export async function RestrictionNotice({
  locale,
  reason,
  compact = false,
}: {
  locale: Locale;
  reason: RestrictionReason;
  compact?: boolean;
}) {
  const t = await getTranslations({ locale, namespace: 'regulated' });
  return (
    <div
      role="note"
      className={`rounded-control border border-warn bg-warn-soft text-warn ${compact ? 'p-2 text-sm' : 'p-3'}`}
      data-testid="restriction-notice"
      data-reason={reason}
    >
      <p className="font-semibold">{t('notice')}</p>
      <p className={compact ? 'text-xs' : 'text-sm'}>{t(`reasons.${reason}`)}</p>
    </div>
  );
}

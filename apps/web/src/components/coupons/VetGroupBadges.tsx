import { getTranslations } from 'next-intl/server';
import type { Locale, ProductDetail } from '@vetshop/domain';
import { formatPercent } from '@/lib/format';

/**
 * The badges of the veterinary groups a product is restricted to (name, with the group's color as
 * a swatch so the text keeps its contrast), and the group's discount for its members when it has
 * one ("−5 % for members"; docs/decisions/price-terms.md). Nothing when the product has no group.
 * Test id `product-vet-group`.
 */
export async function VetGroupBadges({
  groups,
  locale,
}: {
  groups: ProductDetail['vet_groups'];
  locale: Locale;
}) {
  if (!groups || groups.length === 0) return null;
  const t = await getTranslations({ locale, namespace: 'coupons' });
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label={t('groupsLabel')}>
      {groups.map((g) => (
        <li
          key={g.id}
          className="rounded border border-l-8 border-line bg-surface px-2 py-0.5 text-xs font-semibold"
          style={{ borderLeftColor: g.color }}
          data-testid="product-vet-group"
        >
          {g.discount > 0
            ? t('groupDiscount', { name: g.name, discount: formatPercent(g.discount, locale) })
            : g.name}
        </li>
      ))}
    </ul>
  );
}

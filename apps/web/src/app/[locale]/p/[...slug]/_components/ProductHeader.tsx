import type { Locale, ProductDetail } from '@vetshop/domain';
import { codeLabel, type Translator } from '@/lib/labels';
import { brandLine } from '@/lib/brand-line';
import { VetGroupBadges } from '@/components/coupons/VetGroupBadges';

/**
 * The product page's header (docs/product/catalogue-and-search.md#identity-and-text): the family
 * label, the name as the page's `<h1 id="product-title">`, brand and manufacturer (the manufacturer
 * left out when it is the brand's company, `brandLine`), and the
 * veterinary-group badges of `product`. `t` is the root translator of `locale`.
 */
export function ProductHeader({
  locale,
  product,
  t,
}: {
  locale: Locale;
  product: ProductDetail;
  t: Translator;
}) {
  // "Boiron · BOIRON" named one company twice: the result cards' rule (lib/brand-line.ts).
  const makers = brandLine(product.brand?.name, product.manufacturer);
  return (
    <header className="lg:col-start-1">
      <p className="text-xs font-semibold uppercase tracking-wide text-muted">
        {codeLabel(t, 'family', product.family)}
      </p>
      <h1 id="product-title" className="text-2xl font-bold leading-tight sm:text-3xl">
        {product.name}
      </h1>
      {makers ? <p className="mt-1 text-sm text-muted">{makers}</p> : null}
      <VetGroupBadges groups={product.vet_groups} locale={locale} />
    </header>
  );
}

import type { ProductDetail } from '@vetshop/domain';
import type { Translator } from '@/lib/labels';
import { textParagraphs } from '@/lib/format';

/**
 * The product's description section (docs/product/catalogue-and-search.md#identity-and-text): the
 * description, else the short description, as paragraphs under "Description"; nothing when both
 * are empty. `t` is the root translator of the page's locale.
 */
export function ProductDescription({ product, t }: { product: ProductDetail; t: Translator }) {
  const paragraphs = textParagraphs(product.description ?? product.short_description);
  if (paragraphs.length === 0) return null;
  return (
    <section aria-labelledby="product-description">
      <h2 id="product-description" className="mb-2 text-xl font-semibold">
        {t('product.description')}
      </h2>
      {paragraphs.map((p, i) => (
        <p key={i} className="mt-1">
          {p}
        </p>
      ))}
    </section>
  );
}

import { getTranslations } from 'next-intl/server';
import type { Locale, ProductHit } from '@vetshop/domain';
import { ProductCard } from '@/components/ProductCard';
import { promotionsApi } from '@/components/promotions/data';
import { catalogApi } from '@/lib/api';
import { ApiError } from '@/lib/api/errors';
import { AppLink } from '@/components/nav/AppLink';

/** Products shown on the home page. */
const HOME_SELECTED = 4;

/**
 * The first products of the staff's selection (GET /selection, in sequence order), looked up in the
 * catalogue by SKU so each shows as a full ProductCard (picture, packs with stock, price, add to
 * cart). Without a selection: priced products in stock on discount (search `in_stock`,
 * `discount`). Renders nothing when none is found or the api cannot answer (the home page must not
 * fail because of it). Test id `selected-products`.
 */
export async function SelectedProducts({ locale }: { locale: Locale }) {
  let hits: ProductHit[] = [];
  let fromSelection = false;
  try {
    const selection = (await promotionsApi.selection(locale)).data.slice(0, HOME_SELECTED);
    if (selection.length > 0) {
      fromSelection = true;
      const found = await Promise.all(
        selection.map(async (item) => {
          // Hits only: no facet values (docs/decisions/listing-facet-values.md).
          const result = await catalogApi.search(locale, { q: item.sku, per_page: 5, facet_values: 0 });
          return result.hits.find((h) => h.url_key === item.url_key) ?? null;
        }),
      );
      hits = found.filter((h): h is ProductHit => h !== null);
    }
    if (hits.length === 0) {
      fromSelection = false;
      const query = { in_stock: true, discount: true, per_page: HOME_SELECTED, facet_values: 0 };
      hits = (await catalogApi.search(locale, query)).hits;
    }
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
  if (hits.length === 0) return null;
  const t = await getTranslations({ locale, namespace: 'home' });
  return (
    <section aria-labelledby="home-selected" className="space-y-3" data-testid="selected-products">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="home-selected" className="text-xl font-bold text-brand">
          {t('selectedTitle')}
        </h2>
        <AppLink
          locale={locale}
          href={fromSelection ? '/selection' : '/search?in_stock=true&discount=true'}
          className="text-sm text-brand underline"
        >
          {t('selectedAll')}
        </AppLink>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {hits.map((hit) => (
          <li key={hit.id}>
            <ProductCard locale={locale} hit={hit} />
          </li>
        ))}
      </ul>
    </section>
  );
}

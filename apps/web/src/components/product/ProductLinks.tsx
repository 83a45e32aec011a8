import { getTranslations } from 'next-intl/server';
import { stockStateSchema, type LinkedProduct, type Locale } from '@vetshop/domain';
import { StockBadge } from '@/components/StockBadge';
import { AppLink } from '@/components/nav/AppLink';

/** Stock states that count as in stock. */
const IN_STOCK = new Set<string>(['in_stock', 'in_limited_stock']);

/** A linked product: name link and its stock badge. */
async function LinkItem({ locale, link }: { locale: Locale; link: LinkedProduct }) {
  const state = stockStateSchema.safeParse(link.stock_state);
  return (
    <li className="flex flex-wrap items-center gap-2" data-testid="product-link" data-kind={link.kind}>
      <AppLink locale={locale} href={`/p/${link.url_key}`} className="text-brand underline">
        {link.name}
      </AppLink>
      {state.success ? <StockBadge state={state.data} /> : null}
    </li>
  );
}

/**
 * Cross-sell, up-sell and related products of the product page (docs/decisions/product-links.md),
 * one list per kind, in the staff's order. With `alternatives`, only the box shown when the
 * product is out of stock: its links in stock (any kind), for the purchase panel. Nothing when
 * there is no link. Test ids: `product-links`, `product-alternatives`, `product-link` (`data-kind`).
 */
export async function ProductLinks({
  locale,
  links,
  alternatives = false,
}: {
  locale: Locale;
  /** The product's links the caller may see (the product answer's `links`, ProductPage). */
  links: LinkedProduct[];
  alternatives?: boolean;
}) {
  const t = await getTranslations({ locale, namespace: 'productLinks' });
  if (alternatives) {
    const inStock = links.filter((l) => IN_STOCK.has(l.stock_state));
    if (inStock.length === 0) return null;
    return (
      <section aria-labelledby="product-alternatives-title" data-testid="product-alternatives">
        <h3 id="product-alternatives-title" className="font-semibold">
          {t('alternatives')}
        </h3>
        <ul className="mt-1 space-y-1 text-sm">
          {inStock.slice(0, 5).map((l) => (
            <LinkItem key={`${l.kind}-${l.id}`} locale={locale} link={l} />
          ))}
        </ul>
      </section>
    );
  }
  const kinds = (['cross', 'up', 'related'] as const)
    .map((kind) => ({ kind, items: links.filter((l) => l.kind === kind) }))
    .filter((g) => g.items.length > 0);
  if (kinds.length === 0) return null;
  return (
    <div className="space-y-4" data-testid="product-links">
      {kinds.map((g) => (
        <section key={g.kind} aria-labelledby={`product-links-${g.kind}`}>
          <h2 id={`product-links-${g.kind}`} className="mb-2 text-xl font-semibold">
            {t(g.kind)}
          </h2>
          <ul className="space-y-1">
            {g.items.map((l) => (
              <LinkItem key={l.id} locale={locale} link={l} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { Locale, ProductHit } from '@vetshop/domain';
import { codeLabel, type Translator } from '@/lib/labels';
import { Price } from './Price';
import { StockBadge } from './StockBadge';
import { AddToCart } from './cart/AddToCart';
import { AddToWishlist } from './wishlists/AddToWishlist';
import { getCurrentUser } from '@/lib/session';

/**
 * One search hit (a model with up to 100 variants) in a result list: name link, key facts, stock
 * and price, and the add-to-cart control of its main variant (spec 5; the others are chosen on
 * the product page), and for signed-in customers the add-to-standard-order control of that variant.
 */
export async function ProductCard({ locale, hit }: { locale: Locale; hit: ProductHit }) {
  const t = (await getTranslations({ locale })) as unknown as Translator;
  const species = hit.species.slice(0, 6).map((s) => codeLabel(t, 'species', s));
  const main = hit.variants.find((v) => v.main) ?? hit.variants[0];
  // Standard orders are for signed-in customers (spec 2); the session is read once per request.
  const isCustomer = Boolean((await getCurrentUser(locale))?.customer);
  return (
    <article className="flex h-full flex-col rounded-lg border border-line p-4" data-testid="product-card">
      <p className="text-xs font-semibold uppercase text-muted">{codeLabel(t, 'family', hit.family)}</p>
      <h3 className="mt-1 text-base font-semibold">
        <Link href={`/${locale}/p/${hit.url_key}`} className="text-brand underline-offset-2 hover:underline">
          {hit.name}
        </Link>
      </h3>
      {hit.brand || hit.manufacturer ? (
        <p className="text-sm text-muted">{[hit.brand, hit.manufacturer].filter(Boolean).join(' · ')}</p>
      ) : null}
      {hit.active_principles.length > 0 ? (
        <p className="mt-1 text-sm">{hit.active_principles.slice(0, 4).join(', ')}</p>
      ) : null}
      {species.length > 0 ? <p className="mt-1 text-sm text-muted">{species.join(', ')}</p> : null}
      {hit.presentation ? <p className="mt-1 text-sm text-muted">{hit.presentation}</p> : null}
      <div className="mt-auto space-y-1 pt-3">
        <div className="flex flex-wrap items-center gap-2">
          <StockBadge locale={locale} state={hit.stock_state} />
          {hit.has_discount ? (
            <span className="rounded bg-bad px-2 py-0.5 text-xs font-semibold text-white">
              {t('search.onDiscount')}
            </span>
          ) : null}
        </div>
        <Price locale={locale} price={hit.price} />
        {hit.variant_count > 1 ? (
          <p className="text-xs text-muted">{t('search.variants', { count: hit.variant_count })}</p>
        ) : null}
        {main ? (
          <AddToCart
            productId={main.id}
            name={hit.variant_count > 1 ? `${hit.name} – ${main.name}` : hit.name}
            urlKey={hit.url_key}
            compact
            testId="card-add-to-cart"
          />
        ) : null}
        {main && isCustomer ? (
          <AddToWishlist
            productId={main.id}
            name={hit.variant_count > 1 ? `${hit.name} – ${main.name}` : hit.name}
            compact
            testId="card-add-to-wishlist"
          />
        ) : null}
      </div>
    </article>
  );
}

import { getTranslations } from 'next-intl/server';
import { packForQuery, type Locale, type ProductHit, type RestrictionReason } from '@vetshop/domain';
import { codeLabel, type Translator } from '@/lib/labels';
import { brandLine } from '@/lib/brand-line';
import { Price, priceTexts } from './Price';
import { StockBadge } from './StockBadge';
import { Card } from './ui/Card';
import { Badge } from './ui/Badge';
import { CardPackChoice, type CardPack, type CardPane } from './product/CardPackChoice';
import { getCurrentUser } from '@/lib/session';
import { cardPanes, discountBadge } from '@/lib/card-panes';
import { ProductPicture } from './media/ProductPicture';
import { RestrictionNotice } from './product/RestrictionNotice';
import { cardFactsHtml } from './product-card-markup';

/**
 * One search hit (a model with up to 100 variants) in a result list: name link, key facts, and
 * the pack choice (CardPackChoice, docs/decisions/variant-choice.md): each pack (variant) with its
 * stock state; the stock badge, the price and the add-to-cart control (for signed-in
 * customers also add-to-standard-order) are those of the pack shown: the main one first, or, in
 * a search whose words name a pack ("metacam 100 ml"), that pack (`packForQuery`, whose page the
 * name links to; docs/decisions/variant-choice.md, "The pack the search asked for").
 * Away from the viewport the card is drawn only as it nears it (`offscreen-skipped` in
 * app/globals.css, docs/decisions/offscreen-cards.md).
 * Test ids: `product-card`, `card-variant`, `card-stock`, `card-price`, `card-add-to-cart`.
 */
export async function ProductCard({
  locale,
  hit,
  restriction,
  q,
}: {
  locale: Locale;
  hit: ProductHit;
  /** The listing's search text, when it is a search: may choose the pack shown first. */
  q?: string | null;
  /** Why the signed-in customer may not order it (search `restrictions`): a notice replaces add-to-cart. */
  restriction?: RestrictionReason;
}) {
  const t = (await getTranslations({ locale })) as unknown as Translator;
  const makers = brandLine(hit.brand, hit.manufacturer);
  const species = hit.species.slice(0, 6).map((s) => codeLabel(t, 'species', s));
  const asked = packForQuery(q, hit.name, hit.variants);
  const shown = hit.variants.find((v) => (asked === null ? v.main : v.id === asked)) ?? hit.variants[0];
  // Standard orders are for signed-in customers; the session is read once per request.
  const isCustomer = Boolean((await getCurrentUser(locale))?.customer);
  // One pane per distinct stock state and price: packs that differ only by size or colour share it.
  const { distinct, paneOf } = cardPanes(hit.variants);
  // The offer badge holds for every pack, whichever the customer picks.
  const badge = discountBadge(hit.has_discount, hit.variants.length > 0 ? hit.variants : [hit]);
  const panes: CardPane[] = distinct.map((v) => ({
    stock: v.stock_state,
    price: v.price ? priceTexts(v.price, locale) : null,
  }));
  const packs: CardPack[] = hit.variants.map((v, i) => ({
    id: v.id,
    label: t('product.variantOption', { name: v.name, stock: t(`stock.${v.stock_state}`) }),
    lineName: hit.variants.length > 1 ? `${hit.name} – ${v.name}` : hit.name,
    pane: paneOf[i] ?? 0,
  }));
  return (
    <Card className="offscreen-skipped flex h-full flex-col p-4" data-testid="product-card">
      {/* Below 640 px the picture stands beside the name and facts, above them from 640 px
          (docs/decisions/responsive-shell.md "Result cards on a phone"). */}
      <div className="flex items-start gap-3 sm:block" data-testid="product-card-head">
        <ProductPicture
          image={hit.image}
          name={hit.name}
          family={hit.family}
          form={hit.form}
          presentation={hit.presentation}
          className="w-20 sm:mx-auto sm:mb-3 sm:w-28"
          sizes="(min-width: 640px) 112px, 80px"
        />
        <div
          className="min-w-0"
          dangerouslySetInnerHTML={{
            __html: cardFactsHtml(locale, {
              family: codeLabel(t, 'family', hit.family),
              path: asked === null ? `/p/${hit.url_key}` : `/p/${hit.url_key}?variant=${asked}`,
              name: hit.name,
              makers: makers || null,
              principles:
                hit.active_principles.length > 0 ? hit.active_principles.slice(0, 4).join(', ') : null,
              species: species.length > 0 ? species.join(', ') : null,
              presentation: hit.presentation
                ? hit.form
                  ? codeLabel(t, 'forms', hit.form, hit.presentation)
                  : hit.presentation
                : null,
            }),
          }}
        />
      </div>
      <div className="mt-auto space-y-2 pt-3">
        {badge ? (
          <Badge tone="promo" data-testid="card-discount" data-badge={badge}>
            {badge === 'all'
              ? t('search.onDiscount')
              : badge === 'some'
                ? t('search.onDiscountSomePacks')
                : t('product.promotion')}
          </Badge>
        ) : null}
        {shown ? (
          <CardPackChoice
            packs={packs}
            panes={panes}
            initialId={shown.id}
            label={t('product.packLabel')}
            urlKey={hit.url_key}
            isCustomer={isCustomer}
            restriction={
              restriction ? <RestrictionNotice locale={locale} reason={restriction} compact /> : undefined
            }
          />
        ) : (
          <>
            <StockBadge state={hit.stock_state} testId="card-stock" />
            <Price locale={locale} price={hit.price} testId="card-price" />
          </>
        )}
      </div>
    </Card>
  );
}

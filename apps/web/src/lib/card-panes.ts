import type { PriceValue, StockState } from '@vetshop/domain';

/** What a result card's pane shows of a pack: its stock state and its price (EUR excl. VAT). */
export interface PaneFacts {
  stock_state: StockState;
  price: PriceValue | null;
}

/**
 * Groups a card's packs by what their pane shows (components/ProductCard.tsx): `distinct` holds the
 * first pack of each group of packs with the same stock state and price, in pack order, and
 * `paneOf[i]` is the index in `distinct` of pack `i`'s group. Packs that differ only by size or
 * colour then share one pane (its stock state and formatted amounts, product/CardPackChoice.tsx
 * `CardPane`), carried once in the page (docs/decisions/web-page-performance.md, "Listing cards and
 * filters", "Result cards' panes as data").
 */
export function cardPanes<P extends PaneFacts>(packs: readonly P[]): { distinct: P[]; paneOf: number[] } {
  const index = new Map<string, number>();
  const distinct: P[] = [];
  const paneOf = packs.map((p) => {
    const { stock_state, price } = p;
    const key = JSON.stringify([
      stock_state,
      price?.value,
      price?.original_value,
      price?.discount,
      price?.tax_included,
    ]);
    let i = index.get(key);
    if (i === undefined) {
      i = distinct.length;
      index.set(key, i);
      distinct.push(p);
    }
    return i;
  });
  return { distinct, paneOf };
}

/**
 * What a result card's offer badge says (components/ProductCard.tsx; docs/decisions/card-discount-badge.md):
 * `all` when every priced pack's price is below its gross ("Remise", the struck-through gross beside
 * each), `some` when only some are ("Remise sur certains conditionnements": the pack shown first may
 * have none), `promotion` when the model is marked as discounted (`has_discount`) but no pack's unit
 * price is (a supplier promotion such as 10 + 2), null when nothing is offered.
 */
export function discountBadge(
  hasDiscount: boolean,
  packs: readonly Pick<PaneFacts, 'price'>[],
): 'all' | 'some' | 'promotion' | null {
  if (!hasDiscount) return null;
  const priced = packs.filter((p) => p.price !== null);
  const discounted = priced.filter((p) => p.price!.original_value > p.price!.value).length;
  if (discounted === 0) return 'promotion';
  return discounted === priced.length ? 'all' : 'some';
}

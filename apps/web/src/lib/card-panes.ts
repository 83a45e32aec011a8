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

'use client';

import { useId, useState, type ReactNode } from 'react';
import type { StockState } from '@vetshop/domain';
import { AddToCart } from '@/components/cart/AddToCart';
import { AddToWishlist } from '@/components/wishlists/AddToWishlist';
import { PriceText, type PriceTexts } from '@/components/PriceText';
import { StockBadge } from '@/components/StockBadge';

/** One pack of a card: the variant id, its option text (name and stock) and its line name. */
export interface CardPack {
  id: number;
  label: string;
  lineName: string;
  /** Index in the card's `panes` of the pack's stock badge and price. */
  pane: number;
}

/** What a card shows of a pack beside its choice: its stock state and its price, formatted on the server. */
export interface CardPane {
  stock: StockState;
  /** Null: price on request. */
  price: PriceTexts | null;
}

/**
 * Pack choice of a result card (docs/decisions/variant-choice.md): a select of the model's packs
 * (each option names its stock state), the chosen pack's stock badge and price (StockBadge and
 * PriceText drawn from the pack's pane: its state and its amounts formatted on the server, so a
 * listing's payload carries ~60 bytes per pane instead of its markup; packs with the same stock
 * state and price share one pane), and the add-to-cart (and, for customers,
 * add-to-standard-order) control of that same pack, or the reason the customer may not order it.
 * With one pack there is no select.
 *
 * It sits inside the listing's GET form: the select has no name, so it is not part of the query
 * and its change does not navigate (components/AutoSubmitForm.tsx follows only named fields).
 * Test ids: `card-variant`, `card-add-to-cart`, `card-add-to-wishlist`.
 */
export function CardPackChoice({
  packs,
  panes,
  initialId,
  label,
  urlKey,
  isCustomer,
  restriction,
}: {
  packs: CardPack[];
  /** The distinct stock states and prices of the packs (lib/card-panes.ts). */
  panes: CardPane[];
  initialId: number;
  label: string;
  urlKey: string;
  isCustomer: boolean;
  /**
   * Why the customer may not order the product (RestrictionNotice), shown instead of add-to-cart
   * and add-to-standard-order.
   */
  restriction?: ReactNode;
}) {
  const id = useId();
  const [chosen, setChosen] = useState(initialId);
  const pack = packs.find((p) => p.id === chosen) ?? packs[0];
  if (!pack) return null;
  return (
    <div className="space-y-2">
      {packs.length > 1 ? (
        <div>
          <label htmlFor={`${id}-pack`} className="block text-xs font-medium text-muted">
            {label}
          </label>
          <select
            // A pack chosen before the page hydrated (a slow phone) changed the select but no
            // state: React leaves the select's choice as it is while hydrating, so it is adopted
            // here, or the badge, the price and the add-to-cart would stay the first pack's. After
            // that the select always shows the state, and this does nothing.
            ref={(select) => {
              const shown = Number(select?.value);
              if (shown && shown !== pack.id) setChosen(shown);
            }}
            id={`${id}-pack`}
            value={pack.id}
            onChange={(e) => setChosen(Number(e.target.value))}
            className="mt-0.5 w-full rounded-md border border-line bg-white px-2 py-1.5 text-sm"
            data-testid="card-variant"
          >
            {packs.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="space-y-1">
        <StockBadge state={panes[pack.pane]!.stock} testId="card-stock" />
        <div>
          <PriceText texts={panes[pack.pane]!.price} testId="card-price" />
        </div>
      </div>
      {restriction ?? (
        <AddToCart
          key={`cart-${pack.id}`}
          productId={pack.id}
          name={pack.lineName}
          urlKey={urlKey}
          compact
          testId="card-add-to-cart"
        />
      )}
      {isCustomer && !restriction ? (
        <AddToWishlist
          key={`wishlist-${pack.id}`}
          productId={pack.id}
          name={pack.lineName}
          compact
          testId="card-add-to-wishlist"
        />
      ) : null}
    </div>
  );
}

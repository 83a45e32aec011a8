'use client';

import { useId, useState, type ReactNode } from 'react';
import { AddToCart } from '@/components/cart/AddToCart';
import { AddToWishlist } from '@/components/wishlists/AddToWishlist';

/** One pack of a card: the variant id, its option text (name and stock) and its line name. */
export interface CardPack {
  id: number;
  label: string;
  lineName: string;
  /** Index in the card's `panes` of the pack's stock badge and price. */
  pane: number;
}

/**
 * Pack choice of a result card (docs/decisions/variant-choice.md): a select of the model's packs
 * (each option names its stock state), the chosen pack's stock badge and price (server-rendered
 * panes, switched here so no formatting code ships to the browser; packs with the same stock state
 * and price share one pane, so the page carries each pane once), and the add-to-cart (and, for
 * customers, add-to-standard-order) control of that same pack. With one pack there is no select.
 *
 * It sits inside the listing's GET form: the select has no name and its change does not bubble
 * to the form (which would navigate). Test ids: `card-variant`, `card-add-to-cart`,
 * `card-add-to-wishlist`.
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
  /** The distinct stock badge and price panes of the packs, rendered on the server. */
  panes: ReactNode[];
  initialId: number;
  label: string;
  urlKey: string;
  isCustomer: boolean;
  /** Why the customer may not order the product (RestrictionNotice), shown instead of add-to-cart. */
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
            id={`${id}-pack`}
            value={pack.id}
            onChange={(e) => {
              e.stopPropagation();
              setChosen(Number(e.target.value));
            }}
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
      {panes[pack.pane]}
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
      {isCustomer ? (
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

'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { lazyComponent } from '@/lib/lazy-component';
import type { WishlistStatus } from './AddToWishlistPanel';

/** The panel's content, fetched the first time the panel opens (its lists and calls). */
const AddToWishlistPanelLazy = lazyComponent(() =>
  import('./AddToWishlistPanel').then((m) => m.AddToWishlistPanel),
);

/**
 * "Add to a standard order" control of one product variant (docs/product/customer-area.md#standard-orders "add to a list from product
 * and search pages", docs/product/customer-area.md#standard-order-rules): a disclosure button opens a panel that loads the customer's
 * lists (GET /wishlists?page=1&page_size=999), lets the user pick one and add the product
 * (POST /wishlists/{id}/add_item, quantity 1), or name a new list (checked for existence by exact
 * name in the browser, then by the api) that is created (POST /wishlists) and receives the product.
 * A product already in the list is refused with 'This product already exists in this wishlist'
 * (docs/product/errors.md). Results are announced in a live region. The panel's content
 * (AddToWishlistPanel.tsx) is fetched the first time it opens, so the product and listing pages
 * carry only this button in their first-load JavaScript (docs/decisions/web-page-performance.md);
 * meanwhile the panel says "Loading…", as it does while the lists load.
 *
 * Render it only for signed-in customers (the api answers 401 to guests and 403 to staff). It may
 * sit inside the listing's GET form: its fields have no name, every button is type="button" and
 * Enter acts on the panel instead of submitting the form.
 *
 * Props: `productId` the variant id (the cart's product_id); `name` the product label used in
 * accessible names; `compact` for result cards; `testId` prefixes the data-testids
 * (`<testId>-toggle`, `-select`, `-submit`, `-new-name`, `-create`, `-status`).
 */
export function AddToWishlist({
  productId,
  name,
  compact = false,
  testId = 'add-to-wishlist',
}: {
  productId: number;
  name: string;
  compact?: boolean;
  testId?: string;
}) {
  const t = useTranslations('wishlists');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [status, setStatus] = useState<WishlistStatus>(null);

  const toggle = () => {
    setOpen(!open);
    setOpened(true);
    setStatus(null);
  };

  const panelId = `${id}-panel`;
  return (
    <div className={compact ? 'text-sm' : ''}>
      <button
        type="button"
        onClick={toggle}
        aria-expanded={open}
        aria-controls={panelId}
        className="rounded border border-brand px-3 py-1.5 text-sm font-semibold text-brand hover:bg-surface"
        data-testid={`${testId}-toggle`}
        aria-label={compact ? t('addOf', { name }) : undefined}
      >
        {t('add')}
      </button>
      <div id={panelId} hidden={!open} className="mt-2 space-y-3 rounded border border-line bg-white p-3">
        {opened ? (
          <AddToWishlistPanelLazy
            productId={productId}
            testId={testId}
            onStatus={setStatus}
            lazyFallback={<p className="text-sm text-muted">{t('loading')}</p>}
          />
        ) : null}
      </div>
      <p
        role="status"
        aria-live="polite"
        className={`mt-1 text-sm ${status?.kind === 'error' ? 'text-bad' : 'text-ok'}`}
        data-testid={`${testId}-status`}
        data-kind={status?.kind}
      >
        {status?.text}
      </p>
    </div>
  );
}

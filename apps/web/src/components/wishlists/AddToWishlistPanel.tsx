'use client';

import { AppAnchor } from '@/components/nav/AppAnchor';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { Locale, Wishlist, WishlistList, WishlistSummary } from '@vetshop/domain';
import { callApi } from '@/lib/api/browser';
import { useNameCheck, useWishlistProblem } from './shared';

/** Outcome of an action of the panel, said by AddToWishlist's live region. */
export type WishlistStatus = { kind: 'success' | 'error'; text: string } | null;

/**
 * Content of AddToWishlist's panel, in a chunk of its own fetched the first time the panel opens
 * (docs/decisions/web-page-performance.md, "Browser bundle"): on mount it loads the customer's
 * lists (GET /wishlists?page=1&page_size=999), then lets the user pick one and add the product
 * (POST /wishlists/{id}/add_item, quantity 1), or name a new list (checked for existence by exact
 * name in the browser, then by the api) that is created (POST /wishlists) and receives the product
 * (docs/product/customer-area.md#standard-orders, docs/product/errors.md "This product already
 * exists in this wishlist").
 *
 * Props: `productId` the variant id; `testId` the prefix of the data-testids (`-select`, `-submit`,
 * `-new-name`, `-create`); `onStatus` receives each outcome (null when an action starts).
 * It stays mounted while the panel is closed, so the lists are loaded once.
 */
export function AddToWishlistPanel({
  productId,
  testId,
  onStatus,
}: {
  productId: number;
  testId: string;
  onStatus: (status: WishlistStatus) => void;
}) {
  const t = useTranslations('wishlists');
  const locale = useLocale() as Locale;
  const problemText = useWishlistProblem();
  const checkName = useNameCheck();
  const id = useId();
  const [lists, setLists] = useState<WishlistSummary[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [newName, setNewName] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let cancelled = false;
    void callApi<WishlistList>('GET', '/wishlists?page=1&page_size=999', { locale }).then((result) => {
      if (cancelled) return;
      if (result.ok && result.data) {
        setLists(result.data.items);
        setChosen((current) => current || String(result.data?.items[0]?.id ?? ''));
      } else if (!result.ok) {
        setLists([]);
        onStatus({ kind: 'error', text: problemText(result.problem) });
      }
    });
    return () => {
      cancelled = true;
    };
    // Loaded once per mount (the panel stays mounted while closed): the callbacks are not deps.
  }, []);

  const addTo = async (list: Pick<WishlistSummary, 'id' | 'name'>) => {
    const result = await callApi<Wishlist>('POST', `/wishlists/${list.id}/add_item`, {
      locale,
      body: { product_id: productId, quantity: 1 },
    });
    if (result.ok) onStatus({ kind: 'success', text: t('addedTo', { name: list.name }) });
    else onStatus({ kind: 'error', text: problemText(result.problem) });
    return result.ok;
  };

  const addToChosen = async () => {
    const list = lists?.find((l) => String(l.id) === chosen);
    if (!list || busy) return;
    setBusy(true);
    onStatus(null);
    await addTo(list);
    setBusy(false);
  };

  const createAndAdd = async () => {
    if (busy) return;
    const error = checkName(newName, lists ?? []);
    if (error) {
      onStatus({ kind: 'error', text: error });
      return;
    }
    setBusy(true);
    onStatus(null);
    const created = await callApi<Wishlist>('POST', '/wishlists', { locale, body: { name: newName.trim() } });
    if (!created.ok || !created.data) {
      onStatus({ kind: 'error', text: created.ok ? t('errors.generic') : problemText(created.problem) });
      setBusy(false);
      return;
    }
    const list = created.data;
    setLists((current) => [...(current ?? []), { ...list, lines_count: 0 }]);
    setChosen(String(list.id));
    setNewName('');
    await addTo(list);
    setBusy(false);
  };

  const onEnter = (action: () => Promise<void>) => (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void action();
    }
  };

  return (
    <>
      {lists === null ? <p className="text-sm text-muted">{t('loading')}</p> : null}
      {lists !== null && lists.length > 0 ? (
        <div className="space-y-2">
          <div>
            <label htmlFor={`${id}-list`} className="block text-sm font-medium">
              {t('chooseList')}
            </label>
            <select
              id={`${id}-list`}
              value={chosen}
              onChange={(e) => setChosen(e.target.value)}
              onKeyDown={onEnter(addToChosen)}
              className="w-full rounded border border-line bg-white px-2 py-1.5 text-sm"
              data-testid={`${testId}-select`}
            >
              {lists.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            onClick={() => void addToChosen()}
            disabled={busy || !chosen}
            className="rounded bg-brand px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
            data-testid={`${testId}-submit`}
          >
            {t('addToList')}
          </button>
        </div>
      ) : null}
      {lists !== null ? (
        <div className="space-y-1">
          {lists.length === 0 ? <p className="text-sm text-muted">{t('noLists')}</p> : null}
          <div className="space-y-2">
            <div>
              <label htmlFor={`${id}-new`} className="block text-sm font-medium">
                {lists.length > 0 ? t('orCreate') : t('newName')}
              </label>
              <input
                id={`${id}-new`}
                type="text"
                value={newName}
                maxLength={120}
                onChange={(e) => setNewName(e.target.value)}
                onKeyDown={onEnter(createAndAdd)}
                className="w-full rounded border border-line px-2 py-1.5 text-sm"
                data-testid={`${testId}-new-name`}
                autoComplete="off"
              />
            </div>
            <button
              type="button"
              onClick={() => void createAndAdd()}
              disabled={busy}
              className="rounded border border-brand px-3 py-1.5 text-sm font-semibold text-brand hover:bg-surface disabled:opacity-60"
              data-testid={`${testId}-create`}
            >
              {t('createAndAdd')}
            </button>
          </div>
        </div>
      ) : null}
      <p className="text-sm">
        <AppAnchor href={`/${locale}/account/wishlists`} className="text-brand underline">
          {t('selectorManage')}
        </AppAnchor>
      </p>
    </>
  );
}

'use client';

// next/link and hand-built /{lang} paths, not i18n/navigation: its client code would put the catalogue
// pages over their first-load JavaScript gate (docs/decisions/web-page-performance.md).
import { AppAnchor } from '@/components/nav/AppAnchor';
import { useId, useState, type KeyboardEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { Locale, Wishlist, WishlistList, WishlistSummary } from '@vetshop/domain';
import { callApi } from '@/lib/api/browser';
import { useNameCheck, useWishlistProblem } from './shared';

type Status = { kind: 'success' | 'error'; text: string } | null;

/**
 * "Add to a standard order" control of one product variant (docs/product/customer-area.md#standard-orders "add to a list from product
 * and search pages", docs/product/customer-area.md#standard-order-rules): a disclosure button opens a panel that loads the customer's
 * lists (GET /wishlists?page=1&page_size=999), lets the user pick one and add the product
 * (POST /wishlists/{id}/add_item, quantity 1), or name a new list (checked for existence by exact
 * name in the browser, then by the api) that is created (POST /wishlists) and receives the product.
 * A product already in the list is refused with 'This product already exists in this wishlist'
 * (docs/product/errors.md). Results are announced in a live region.
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
  const locale = useLocale() as Locale;
  const problemText = useWishlistProblem();
  const checkName = useNameCheck();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [lists, setLists] = useState<WishlistSummary[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [newName, setNewName] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);

  const load = async () => {
    const result = await callApi<WishlistList>('GET', '/wishlists?page=1&page_size=999', { locale });
    if (result.ok && result.data) {
      setLists(result.data.items);
      setChosen((current) => current || String(result.data?.items[0]?.id ?? ''));
    } else if (!result.ok) {
      setLists([]);
      setStatus({ kind: 'error', text: problemText(result.problem) });
    }
  };

  const toggle = () => {
    const next = !open;
    setOpen(next);
    setStatus(null);
    if (next && lists === null) void load();
  };

  const addTo = async (list: Pick<WishlistSummary, 'id' | 'name'>) => {
    const result = await callApi<Wishlist>('POST', `/wishlists/${list.id}/add_item`, {
      locale,
      body: { product_id: productId, quantity: 1 },
    });
    if (result.ok) setStatus({ kind: 'success', text: t('addedTo', { name: list.name }) });
    else setStatus({ kind: 'error', text: problemText(result.problem) });
    return result.ok;
  };

  const addToChosen = async () => {
    const list = lists?.find((l) => String(l.id) === chosen);
    if (!list || busy) return;
    setBusy(true);
    setStatus(null);
    await addTo(list);
    setBusy(false);
  };

  const createAndAdd = async () => {
    if (busy) return;
    const error = checkName(newName, lists ?? []);
    if (error) {
      setStatus({ kind: 'error', text: error });
      return;
    }
    setBusy(true);
    setStatus(null);
    const created = await callApi<Wishlist>('POST', '/wishlists', { locale, body: { name: newName.trim() } });
    if (!created.ok || !created.data) {
      setStatus({ kind: 'error', text: created.ok ? t('errors.generic') : problemText(created.problem) });
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
        {open && lists === null ? <p className="text-sm text-muted">{t('loading')}</p> : null}
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

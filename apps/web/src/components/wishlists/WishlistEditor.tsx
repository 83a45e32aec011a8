'use client';

import { useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import {
  WISHLIST_QTY_MAX,
  wishlistSchema,
  type Locale,
  type RestrictionReason,
  type Wishlist,
  type WishlistLine,
} from '@vetshop/domain';
import { callApi } from '@/lib/api/browser';
import { formatPrice } from '@/lib/format';
import { useCart } from '@/components/cart/CartProvider';
import {
  FormMessage,
  dangerButtonClass,
  inputClass,
  primaryButtonClass,
  secondaryButtonClass,
} from '@/components/account/fields';
import { addLinesToCart, useNameCheck, useWishlistProblem, validQty } from './shared';
import { LineThumb } from '@/components/media/LineThumb';
import { Link, useRouter } from '@/i18n/navigation';

type Message = { kind: 'success' | 'error'; text: string } | null;

/**
 * The edit part of /{lang}/account/wishlists/{id} (docs/product/customer-area.md#standard-orders "Standard order edit", docs/product/customer-area.md
 * POST wishlists/{id}/update and DELETE wishlists/{id}): rename (409 `wishlist_name_exists` shown
 * next to the name), a table of the lines (product link, reference, availability, quantity field,
 * unit price and amount EUR excl. VAT for the user's price list, a selection checkbox and a
 * remove button), "save the quantities" (only the changed lines are sent), "add the selected
 * lines" / "add the whole list" to the cart (one cart transaction per line, docs/product/cart-and-checkout.md#sync) and delete
 * (confirmed inline, then back to the list page). Every api answer replaces the shown list.
 *
 * Renders the page's h1 ("Standard order: <name>", kept current after a rename).
 *
 * testids: `wishlist-title`, `wishlist-rename-form`, `wishlist-rename-name`, `wishlist-rename-submit`,
 * `wishlist-message`, `wishlist-lines`, `wishlist-line` (data-product-id), `wishlist-line-qty`,
 * `wishlist-line-select`, `wishlist-line-remove`, `wishlist-save`, `wishlist-add-selected`,
 * `wishlist-add-all`, `wishlist-total`, `wishlist-delete`, `wishlist-delete-confirm`,
 * `wishlist-empty`, `restriction-notice` (data-reason).
 *
 * `restrictions` {variant id: reason} (GET /catalog/restrictions): a line the customer may not
 * order shows the reason and is left out when lines are added to the cart
 * (docs/decisions/regulated-products.md).
 */
export function WishlistEditor({
  locale,
  initial,
  restrictions = {},
}: {
  locale: Locale;
  initial: Wishlist;
  restrictions?: Readonly<Record<string, RestrictionReason>>;
}) {
  const t = useTranslations('wishlists');
  const tr = useTranslations('regulated');
  const tStock = useTranslations('stock');
  const problemText = useWishlistProblem();
  const checkName = useNameCheck();
  const cart = useCart();
  const router = useRouter();
  const [list, setList] = useState<Wishlist>(initial);
  const [name, setName] = useState(initial.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const [qty, setQty] = useState<Record<number, string>>(() => quantities(initial.lines));
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const messageRef = useRef<HTMLDivElement>(null);

  const show = (next: Message) => {
    setMessage(next);
    requestAnimationFrame(() => messageRef.current?.focus());
  };

  /** Sends an update; on success shows `success` and replaces the list (quantities re-read). */
  const update = async (
    body: { name?: string; lines?: { id: number; quantity: number }[] },
    success: string,
  ) => {
    setBusy(true);
    setMessage(null);
    const result = await callApi('POST', `/wishlists/${list.id}/update`, {
      locale,
      body,
      schema: wishlistSchema,
    });
    setBusy(false);
    if (!result.ok || !result.data) {
      if (result.ok) show({ kind: 'error', text: t('errors.generic') });
      else if (result.problem.code === 'wishlist_name_exists') setNameError(problemText(result.problem));
      else show({ kind: 'error', text: problemText(result.problem) });
      return false;
    }
    const next = result.data;
    setList(next);
    setName(next.name);
    setQty(quantities(next.lines));
    setSelected((current) => new Set([...current].filter((id) => next.lines.some((l) => l.id === id))));
    show({ kind: 'success', text: success });
    return true;
  };

  const rename = async () => {
    setNameError(null);
    if (name.trim() === list.name) return;
    const error = checkName(name, []);
    if (error) {
      setNameError(error);
      return;
    }
    await update({ name: name.trim() }, t('renamed'));
  };

  const saveQuantities = async () => {
    const invalid = list.lines.find((l) => !validQty(qty[l.id] ?? ''));
    if (invalid) {
      show({ kind: 'error', text: t('errors.qty_invalid', { max: WISHLIST_QTY_MAX }) });
      document.getElementById(`wishlist-qty-${invalid.id}`)?.focus();
      return;
    }
    const lines = list.lines
      .filter((l) => Number(qty[l.id]) !== l.quantity)
      .map((l) => ({ id: l.id, quantity: Number(qty[l.id]) }));
    if (lines.length === 0) {
      show({ kind: 'success', text: t('saved') });
      return;
    }
    await update({ lines }, t('saved'));
  };

  const removeLine = (line: WishlistLine) => update({ lines: [{ id: line.id, quantity: 0 }] }, t('saved'));

  const addToCart = (all: readonly WishlistLine[]) => {
    const lines = all.filter((l) => !restrictions[String(l.product_id)]);
    if (lines.length === 0) {
      show({ kind: 'error', text: t('nothingSelected') });
      return;
    }
    const count = addLinesToCart(cart.store, lines);
    show({ kind: 'success', text: t('addedToCart', { count }) });
  };

  const deleteList = async () => {
    setBusy(true);
    const result = await callApi('DELETE', `/wishlists/${list.id}`, { locale });
    setBusy(false);
    if (!result.ok && result.problem.code !== 'not_found') {
      setConfirmDelete(false);
      show({ kind: 'error', text: problemText(result.problem) });
      return;
    }
    router.push('/account/wishlists');
    router.refresh();
  };

  const allSelected = list.lines.length > 0 && list.lines.every((l) => selected.has(l.id));
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="space-y-8">
      <h1 className="text-3xl font-bold text-brand" data-testid="wishlist-title">
        {t('detailHeading', { name: list.name })}
      </h1>
      {message ? (
        <FormMessage kind={message.kind} ref={messageRef} testId="wishlist-message">
          {message.text}
        </FormMessage>
      ) : null}

      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void rename();
        }}
        className="flex flex-wrap items-end gap-3"
        data-testid="wishlist-rename-form"
      >
        <div className="min-w-0 flex-1">
          <label htmlFor="wishlist-rename-name" className="block text-sm font-medium">
            {t('renameTitle')}
          </label>
          <input
            id="wishlist-rename-name"
            type="text"
            autoComplete="off"
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-required="true"
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? 'wishlist-rename-error' : undefined}
            className={inputClass}
            data-testid="wishlist-rename-name"
          />
          {nameError ? (
            <p
              id="wishlist-rename-error"
              className="mt-1 text-sm text-bad"
              data-testid="wishlist-rename-error"
            >
              {nameError}
            </p>
          ) : null}
        </div>
        <button
          type="submit"
          disabled={busy}
          className={secondaryButtonClass}
          data-testid="wishlist-rename-submit"
        >
          {t('rename')}
        </button>
      </form>

      <section aria-labelledby="wishlist-lines-title" className="space-y-4">
        <h2 id="wishlist-lines-title" className="text-xl font-semibold">
          {t('linesTitle')}
        </h2>
        {list.lines.length === 0 ? (
          <p data-testid="wishlist-empty">{t('emptyLines')}</p>
        ) : (
          <>
            <div className="relative overflow-x-auto">
              {/* Below 640 px each line is a card (docs/decisions/responsive-shell.md "A standard order's
                  lines on a phone"): its box and the product on a first row, the quantity, the
                  amount and the remove button on a second; the header keeps only "select all". */}
              <table className="w-full border-collapse text-left max-sm:block" data-testid="wishlist-lines">
                <caption className="sr-only">{t('linesTitle')}</caption>
                <thead className="max-sm:block">
                  <tr className="border-b border-line text-sm text-muted max-sm:flex max-sm:items-center">
                    <th scope="col" className="py-2 pr-2">
                      <input
                        type="checkbox"
                        checked={allSelected}
                        onChange={() =>
                          setSelected(allSelected ? new Set() : new Set(list.lines.map((l) => l.id)))
                        }
                        aria-label={t('selectAll')}
                        data-testid="wishlist-select-all"
                      />
                    </th>
                    <th scope="col" className="py-2 pr-4">
                      {t('product')}
                    </th>
                    {/* Below 640 px availability and unit price go under the product's name. */}
                    <th scope="col" className="hidden py-2 pr-4 sm:table-cell">
                      {t('stock')}
                    </th>
                    <th scope="col" className="py-2 pr-2 max-sm:hidden sm:pr-4">
                      {t('quantity')}
                    </th>
                    <th scope="col" className="hidden py-2 pr-4 text-right sm:table-cell">
                      {t('unitPrice')}
                    </th>
                    <th scope="col" className="py-2 pr-2 text-right max-sm:hidden sm:pr-4">
                      {t('amount')}
                    </th>
                    <th scope="col" className="py-2 max-sm:hidden">
                      <span className="sr-only">{t('actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="max-sm:block">
                  {list.lines.map((line) => (
                    <tr
                      key={line.id}
                      className="border-b border-line align-top max-sm:grid max-sm:grid-cols-[auto_minmax(0,1fr)_auto_auto] max-sm:items-end max-sm:gap-x-3 max-sm:gap-y-2 max-sm:py-3"
                      data-testid="wishlist-line"
                      data-product-id={line.product_id}
                    >
                      <td className="py-2 pr-2 max-sm:self-start max-sm:p-0">
                        <input
                          type="checkbox"
                          checked={selected.has(line.id)}
                          onChange={() => toggle(line.id)}
                          aria-label={t('selectLine', { name: line.name })}
                          data-testid="wishlist-line-select"
                        />
                      </td>
                      <td className="py-2 pr-2 max-sm:col-span-3 max-sm:p-0 sm:pr-4">
                        <div className="flex gap-3">
                          <div className="shrink-0">
                            <LineThumb picture={line.picture} name={line.name} />
                          </div>
                          <div className="min-w-0 wrap-anywhere">
                            {line.url_key ? (
                              <Link
                                href={`/p/${line.url_key}`}
                                className="font-semibold text-brand underline"
                              >
                                {line.name}
                              </Link>
                            ) : (
                              <span className="font-semibold">{line.name}</span>
                            )}
                            <span className="block text-sm text-muted">{t('sku', { sku: line.sku })}</span>
                            <span className="block text-sm sm:hidden" data-testid="wishlist-line-phone-facts">
                              {tStock(line.stock_state)}
                              <span className="block text-muted">
                                {t('unitPriceLine', {
                                  price:
                                    line.price_unit_discounted === null
                                      ? t('noPrice')
                                      : formatPrice(line.price_unit_discounted, locale),
                                })}
                              </span>
                            </span>
                            {line.made_to_order ? (
                              <span className="block text-sm text-warn">{t('madeToOrder')}</span>
                            ) : null}
                            {restrictions[String(line.product_id)] ? (
                              <span
                                role="note"
                                className="mt-1 block rounded-control border border-warn bg-warn-soft p-2 text-xs text-warn"
                                data-testid="restriction-notice"
                                data-reason={restrictions[String(line.product_id)]}
                              >
                                <span className="block font-semibold">{tr('notice')}</span>
                                {tr(`reasons.${restrictions[String(line.product_id)]!}`)}
                              </span>
                            ) : null}
                          </div>
                        </div>
                      </td>
                      <td className="hidden py-2 pr-4 text-sm sm:table-cell">{tStock(line.stock_state)}</td>
                      <td className="py-2 pr-2 max-sm:col-start-2 max-sm:p-0 sm:pr-4">
                        {/* On a phone the column's name, shown: the input's own name is the sentence below. */}
                        <span aria-hidden="true" className="block text-xs text-muted sm:hidden">
                          {t('quantity')}
                        </span>
                        <label htmlFor={`wishlist-qty-${line.id}`} className="sr-only">
                          {t('quantityOf', { name: line.name })}
                        </label>
                        <input
                          id={`wishlist-qty-${line.id}`}
                          type="number"
                          inputMode="numeric"
                          min={1}
                          max={WISHLIST_QTY_MAX}
                          step={1}
                          value={qty[line.id] ?? ''}
                          onChange={(e) => setQty((current) => ({ ...current, [line.id]: e.target.value }))}
                          aria-invalid={validQty(qty[line.id] ?? '') ? undefined : true}
                          className="w-16 rounded border border-line px-2 py-1.5 sm:w-24"
                          data-testid="wishlist-line-qty"
                        />
                      </td>
                      <td className="hidden py-2 pr-4 text-right tabular-nums sm:table-cell">
                        {line.price_unit_discounted === null
                          ? t('noPrice')
                          : formatPrice(line.price_unit_discounted, locale)}
                      </td>
                      <td className="py-2 pr-2 text-right tabular-nums max-sm:p-0 sm:pr-4">
                        <span className="block text-xs text-muted sm:hidden">{t('amount')}</span>
                        {line.amount === null ? '—' : formatPrice(line.amount, locale)}
                      </td>
                      <td className="py-2 max-sm:p-0">
                        <button
                          type="button"
                          disabled={busy}
                          onClick={() => void removeLine(line)}
                          aria-label={t('removeLine', { name: line.name })}
                          className="min-h-8 min-w-8 text-sm font-semibold text-bad underline disabled:opacity-60 sm:min-h-0 sm:min-w-0"
                          data-testid="wishlist-line-remove"
                        >
                          {/* A phone shows the cross only; the button's name stays the whole sentence. */}
                          <span className="hidden sm:inline">{t('remove')}</span>
                          <span
                            aria-hidden="true"
                            className="inline-block px-1 text-lg leading-none no-underline sm:hidden"
                          >
                            ×
                          </span>
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
                <tfoot className="max-sm:block">
                  <tr className="max-sm:flex max-sm:justify-end max-sm:gap-3">
                    {/* On a phone the label and the total at the right, under the cards; five columns before the amount from 640 px. */}
                    <th scope="row" colSpan={5} className="hidden py-2 pr-4 text-right sm:table-cell">
                      {t('total')}
                    </th>
                    <th scope="row" colSpan={3} className="py-2 pr-2 text-right sm:hidden">
                      {t('total')}
                    </th>
                    <td
                      className="py-2 pr-2 text-right font-semibold tabular-nums sm:pr-4"
                      data-testid="wishlist-total"
                    >
                      {formatPrice(list.amount, locale)}
                    </td>
                    <td className="max-sm:hidden" />
                  </tr>
                </tfoot>
              </table>
            </div>
            <div className="flex flex-wrap gap-3">
              <button
                type="button"
                disabled={busy}
                onClick={() => void saveQuantities()}
                className={secondaryButtonClass}
                data-testid="wishlist-save"
              >
                {t('saveQuantities')}
              </button>
              {cart.canOrder ? (
                <>
                  <button
                    type="button"
                    disabled={cart.store === null}
                    onClick={() => addToCart(list.lines.filter((l) => selected.has(l.id)))}
                    className={secondaryButtonClass}
                    data-testid="wishlist-add-selected"
                  >
                    {t('addSelectedToCart')}
                  </button>
                  <button
                    type="button"
                    disabled={cart.store === null}
                    onClick={() => addToCart(list.lines)}
                    className={primaryButtonClass}
                    data-testid="wishlist-add-all"
                  >
                    {t('addAllToCart')}
                  </button>
                </>
              ) : (
                <p className="text-sm text-muted">{t('cannotOrder')}</p>
              )}
            </div>
          </>
        )}
      </section>

      <section aria-labelledby="wishlist-delete-title" className="border-t border-line pt-4">
        <h2 id="wishlist-delete-title" className="sr-only">
          {t('deleteList', { name: list.name })}
        </h2>
        {confirmDelete ? (
          <div className="space-y-2">
            <p>{t('confirmDelete', { name: list.name })}</p>
            <div className="flex gap-2">
              <button
                type="button"
                disabled={busy}
                onClick={() => void deleteList()}
                className={dangerButtonClass}
                data-testid="wishlist-delete-confirm"
              >
                {t('delete')}
              </button>
              <button type="button" onClick={() => setConfirmDelete(false)} className={secondaryButtonClass}>
                {t('cancel')}
              </button>
            </div>
          </div>
        ) : (
          <button
            type="button"
            onClick={() => setConfirmDelete(true)}
            className={dangerButtonClass}
            data-testid="wishlist-delete"
          >
            {t('deleteList', { name: list.name })}
          </button>
        )}
      </section>
    </div>
  );
}

/** Quantity fields of `lines` (line id → text). */
function quantities(lines: readonly WishlistLine[]): Record<number, string> {
  return Object.fromEntries(lines.map((l) => [l.id, String(l.quantity)]));
}

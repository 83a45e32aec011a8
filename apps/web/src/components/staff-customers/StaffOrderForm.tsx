'use client';

import { useState, type FormEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import {
  CART_LINE_QTY_MAX,
  cartSchema,
  confirmResponseSchema,
  STAFF_SALE_CHANNELS,
  staffOrderProductListSchema,
  type Cart,
  type ConfirmResponse,
  type Locale,
  type StaffOrderProduct,
} from '@vetshop/domain';
import { callApi } from '@/lib/api/browser';
import { formatPrice } from '@/lib/format';
import { useProblemText } from '@/components/staff/StaffAction';
import { Link } from '@/i18n/navigation';

const control = 'rounded border border-line bg-white px-3 py-2';
const label = 'mb-1 block text-sm font-medium';
const button = 'rounded px-4 py-2 font-semibold disabled:opacity-60';

/** A line of the order being entered: the variant found and its quantity (units). */
interface Line {
  product: StaffOrderProduct;
  qty: number;
}

/**
 * The order form of staff for one customer (docs/decisions/staff-orders-on-behalf.md):
 * 1. the customer's user it is placed as (default: the first active user allowed to order);
 * 2. a product search (SKU, CNK, EAN or name: GET /staff/customers/{id}/products) whose results
 *    are added as lines, each with its quantity (1 to CART_LINE_QTY_MAX units) or removed;
 * 3. "Price" → POST /staff/customers/{id}/orders/preview: the lines priced with the customer's
 *    price list (EUR excl. VAT) and the totals incl. VAT;
 * 4. sale channel (phone, fax, mail), note and customer reference, then "Confirm" → POST
 *    /staff/customers/{id}/orders; the order number links to the staff order page.
 * Problems are shown in an alert (staff.errors.<code> or the api's detail). Test ids
 * `staff-order-q`, `staff-order-search`, `staff-order-result` (data-sku), `staff-order-line`
 * (data-sku), `staff-order-qty`, `staff-order-preview`, `staff-order-total`, `staff-order-channel`,
 * `staff-order-confirm`, `staff-order-done`, `staff-order-error`.
 */
export function StaffOrderForm({
  customerId,
  users,
}: {
  customerId: number;
  users: { id: number; name: string; login: string; can_order: boolean }[];
}) {
  const t = useTranslations('staffCustomers.order');
  const locale = useLocale() as Locale;
  const problemText = useProblemText();
  const firstOrdering = users.find((u) => u.can_order)?.id ?? users[0]?.id;
  const [userId, setUserId] = useState<number | undefined>(firstOrdering);
  const [q, setQ] = useState('');
  const [results, setResults] = useState<StaffOrderProduct[] | null>(null);
  const [lines, setLines] = useState<Line[]>([]);
  const [preview, setPreview] = useState<Cart | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<ConfirmResponse | null>(null);
  const base = `/staff/customers/${customerId}`;

  async function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const query = new URLSearchParams({ q: q.trim() });
    if (userId) query.set('user_id', String(userId));
    const res = await callApi('GET', `${base}/products?${query}`, {
      locale,
      schema: staffOrderProductListSchema,
    });
    if (!res.ok) {
      setError(problemText(res.problem));
      return;
    }
    setResults(res.data?.items ?? []);
  }

  function change(next: Line[]) {
    setLines(next);
    setPreview(null);
    setDone(null);
  }

  function add(product: StaffOrderProduct) {
    const existing = lines.find((l) => l.product.variant_id === product.variant_id);
    if (existing)
      change(lines.map((l) => (l === existing ? { ...l, qty: Math.min(l.qty + 1, CART_LINE_QTY_MAX) } : l)));
    else change([...lines, { product, qty: 1 }]);
  }

  const body = () => ({
    ...(userId ? { user_id: userId } : {}),
    lines: lines.map((l) => ({ variant_id: l.product.variant_id, qty: l.qty })),
  });

  async function price() {
    setBusy(true);
    setError(null);
    const res = await callApi('POST', `${base}/orders/preview`, {
      locale,
      body: body(),
      schema: cartSchema,
    });
    setBusy(false);
    if (!res.ok) setError(problemText(res.problem));
    else setPreview(res.data ?? null);
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    const res = await callApi('POST', `${base}/orders`, {
      locale,
      schema: confirmResponseSchema,
      body: {
        ...body(),
        sale_channel: String(form.get('sale_channel')),
        note: String(form.get('note') ?? ''),
        customer_ref: String(form.get('customer_ref') ?? ''),
      },
    });
    setBusy(false);
    if (!res.ok) {
      setError(problemText(res.problem));
      return;
    }
    setDone(res.data ?? null);
    setLines([]);
    setPreview(null);
    setResults(null);
  }

  const priceOf = (variantId: number) => preview?.lines.find((l) => l.product_id === variantId);

  return (
    <div className="space-y-6">
      {users.length > 1 ? (
        <div>
          <label htmlFor="staff-order-user" className={label}>
            {t('user')}
          </label>
          <select
            id="staff-order-user"
            value={userId}
            onChange={(e) => {
              setUserId(Number(e.target.value));
              change(lines);
            }}
            className={`${control} w-full max-w-xl`}
          >
            {users.map((u) => (
              <option key={u.id} value={u.id}>
                {`${u.name} (${u.login})`}
              </option>
            ))}
          </select>
        </div>
      ) : null}

      <form onSubmit={search} className="flex flex-wrap items-end gap-3" role="search">
        <div className="min-w-0 flex-1">
          <label htmlFor="staff-order-q" className={label}>
            {t('search')}
          </label>
          <input
            id="staff-order-q"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            minLength={2}
            maxLength={100}
            required
            className={`${control} w-full`}
            data-testid="staff-order-q"
          />
        </div>
        <button type="submit" className={`${button} bg-brand text-white`} data-testid="staff-order-search">
          {t('find')}
        </button>
      </form>

      {results !== null ? (
        results.length === 0 ? (
          <p className="text-muted">{t('noProduct')}</p>
        ) : (
          <ul className="divide-y divide-line rounded border border-line" aria-label={t('results')}>
            {results.map((p) => (
              <li
                key={p.variant_id}
                className="flex flex-wrap items-center justify-between gap-2 px-3 py-2"
                data-testid="staff-order-result"
                data-sku={p.sku}
              >
                <span className="min-w-0">
                  <span className="font-semibold">{p.name}</span> — {p.variant_name}
                  <span className="block text-sm text-muted">
                    {p.sku}
                    {p.cnk ? ` · CNK ${p.cnk}` : ''}
                  </span>
                </span>
                <button
                  type="button"
                  onClick={() => add(p)}
                  className={`${button} border border-brand text-brand`}
                >
                  {t('add')}
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}

      <section className="space-y-3">
        <h2 className="text-xl font-semibold">{t('lines')}</h2>
        {lines.length === 0 ? <p className="text-muted">{t('noLine')}</p> : null}
        <ul className="space-y-2">
          {lines.map((l, i) => {
            const priced = priceOf(l.product.variant_id);
            return (
              <li
                key={l.product.variant_id}
                className="flex flex-wrap items-end gap-3 rounded border border-line p-3"
                data-testid="staff-order-line"
                data-sku={l.product.sku}
              >
                <span className="min-w-0 flex-1">
                  <span className="font-semibold">{l.product.name}</span> — {l.product.variant_name}
                  <span className="block text-sm text-muted">{l.product.sku}</span>
                  {priced ? (
                    <span className="block text-sm">
                      {t('unitPrice', { price: formatPrice(priced.price_unit_discounted, locale) })} ·{' '}
                      {t('amount', { amount: formatPrice(priced.amount, locale) })}
                    </span>
                  ) : null}
                </span>
                <span>
                  <label htmlFor={`staff-order-qty-${i}`} className={label}>
                    {t('qty')}
                  </label>
                  <input
                    id={`staff-order-qty-${i}`}
                    type="number"
                    min={1}
                    max={CART_LINE_QTY_MAX}
                    value={l.qty}
                    onChange={(e) => {
                      const qty = Math.max(
                        1,
                        Math.min(CART_LINE_QTY_MAX, Math.trunc(Number(e.target.value)) || 1),
                      );
                      change(lines.map((x) => (x === l ? { ...x, qty } : x)));
                    }}
                    className={`${control} w-24`}
                    data-testid="staff-order-qty"
                  />
                </span>
                <button
                  type="button"
                  onClick={() => change(lines.filter((x) => x !== l))}
                  className={`${button} border border-line`}
                >
                  {t('remove')}
                </button>
              </li>
            );
          })}
        </ul>
        {lines.length ? (
          <button
            type="button"
            onClick={price}
            disabled={busy}
            className={`${button} border border-brand text-brand`}
            data-testid="staff-order-preview"
          >
            {t('price')}
          </button>
        ) : null}
        {preview ? (
          <p className="font-semibold" data-testid="staff-order-total">
            {t('totals', {
              untaxed: formatPrice(preview.totals.untaxed, locale),
              total: formatPrice(preview.totals.total, locale),
            })}
          </p>
        ) : null}
      </section>

      {lines.length ? (
        <form onSubmit={confirm} className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="staff-order-channel" className={label}>
              {t('channel')}
            </label>
            <select
              id="staff-order-channel"
              name="sale_channel"
              defaultValue="phone"
              className={control}
              data-testid="staff-order-channel"
            >
              {STAFF_SALE_CHANNELS.map((c) => (
                <option key={c} value={c}>
                  {t(`channels.${c}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="staff-order-ref" className={label}>
              {t('customerRef')}
            </label>
            <input id="staff-order-ref" name="customer_ref" maxLength={120} className={control} />
          </div>
          <div className="min-w-0 flex-1">
            <label htmlFor="staff-order-note" className={label}>
              {t('note')}
            </label>
            <input id="staff-order-note" name="note" maxLength={2000} className={`${control} w-full`} />
          </div>
          <button
            type="submit"
            disabled={busy}
            aria-busy={busy}
            className={`${button} bg-brand text-white`}
            data-testid="staff-order-confirm"
          >
            {t('confirm')}
          </button>
        </form>
      ) : null}

      {error ? (
        <p role="alert" className="text-sm text-red-700" data-testid="staff-order-error">
          {error}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="text-green-800" data-testid="staff-order-done">
          {t('done', { name: done.name })}{' '}
          <Link href={`/staff/orders/${done.sale_id}`} className="underline">
            {t('open')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

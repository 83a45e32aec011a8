'use client';

import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { STOCK_QTY_MAX, stockChangeResultSchema, type Locale } from '@vetshop/domain';
import { callApi } from '@/lib/api/browser';
import { messageOr } from '@/i18n/keys';

/**
 * Sets or adjusts the free units of one variant (POST /staff/stock/{variantId} {mode, qty};
 * docs/decisions/stock-moves.md): `set` replaces the free units, `adjust` adds a signed quantity.
 * Units added serve the oldest backorders first; the answer names the pickings made, announced
 * with the new figures. Errors (stock_negative, stock_too_large, others) are shown from the
 * stockStaff.errors messages. Test ids `stock-edit-<variantId>(-mode|-qty|-submit|-error|-done)`.
 */
export function StockRowEditor({ variantId, sku }: { variantId: number; sku: string }) {
  const t = useTranslations('stockStaff');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const id = `stock-edit-${variantId}`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    setDone(null);
    const result = await callApi('POST', `/staff/stock/${variantId}`, {
      locale,
      schema: stockChangeResultSchema,
      body: { mode: form.get('mode'), qty: Number(form.get('qty')) },
    });
    setBusy(false);
    if (!result.ok) {
      const code = result.problem.errors[0]?.code ?? result.problem.code;
      setError(messageOr(t, `errors.${code}`, t('errors.generic')));
      return;
    }
    const row = result.data?.row;
    setDone(
      t('saved', {
        available: row?.qty_available ?? 0,
        pickings: result.data?.pickings.length ?? 0,
      }),
    );
    router.refresh();
  }

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" data-testid={id}>
      <div>
        <label htmlFor={`${id}-mode`} className="block text-xs font-medium">
          {t('mode')}
        </label>
        <select
          id={`${id}-mode`}
          name="mode"
          defaultValue="adjust"
          className="rounded border border-line px-2 py-1"
          data-testid={`${id}-mode`}
        >
          <option value="adjust">{t('modeAdjust')}</option>
          <option value="set">{t('modeSet')}</option>
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-qty`} className="block text-xs font-medium">
          {t('quantityOf', { sku })}
        </label>
        <input
          id={`${id}-qty`}
          name="qty"
          type="number"
          inputMode="numeric"
          required
          step={1}
          min={-STOCK_QTY_MAX}
          max={STOCK_QTY_MAX}
          className="w-24 rounded border border-line px-2 py-1"
          data-testid={`${id}-qty`}
        />
      </div>
      <button
        type="submit"
        disabled={busy}
        aria-busy={busy}
        className="rounded bg-brand px-3 py-1 font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
        data-testid={`${id}-submit`}
      >
        {t('save')}
      </button>
      {error ? (
        <p role="alert" className="w-full text-sm text-red-700" data-testid={`${id}-error`}>
          {error}
        </p>
      ) : null}
      {done ? (
        <p role="status" className="w-full text-sm text-green-800" data-testid={`${id}-done`}>
          {done}
        </p>
      ) : null}
    </form>
  );
}

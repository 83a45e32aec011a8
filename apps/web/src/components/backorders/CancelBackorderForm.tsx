'use client';

import { useEffect, useRef, useState, useTransition } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { z } from 'zod';
import {
  backorderCancelResultSchema,
  backorderProblemSchema,
  isValidCancelQuantity,
  type BackorderCancelResult,
  type BackorderNotCancelableReason,
  type Locale,
  type ProductOnOrder,
} from '@vetshop/domain';
import { expiredHref } from '@/lib/auth-paths';
import { lineLabel } from '@/lib/line-title';
import { formatPrice } from '@/lib/format';
import { SubmitButton, TextInput } from '@/components/ui/form';
import { buttonClass } from '@/components/ui/styles';

/** Steps of docs/product/orders-and-documents.md#backorder-cancel: pick a quantity, confirm, send, then success or refusal. */
type Step =
  | { name: 'edit' }
  | { name: 'confirm'; quantity: number }
  | { name: 'done'; result: BackorderCancelResult }
  | { name: 'refused'; reason: BackorderNotCancelableReason }
  | { name: 'failed'; quantity: number };

/** The quantity field: a whole number between 1 and `max` (docs/product/community-and-content.md), else the range message. */
const quantityForm = (max: number) =>
  z.object({
    quantity: z
      .string()
      .trim()
      .refine((v) => /^\d{1,9}$/.test(v) && isValidCancelQuantity(Number(v), max), 'range'),
  });
type QuantityValues = { quantity: string };

/** Outcome of POST /api/products_on_order/cancel/{id}. */
type CancelOutcome =
  | { kind: 'ok'; result: BackorderCancelResult }
  | { kind: 'range'; max: number }
  | { kind: 'refused'; reason: BackorderNotCancelableReason }
  | { kind: 'error' };

/**
 * POSTs the cancellation through the same-origin /api proxy (the session cookie goes with it).
 * 400 `backorder_cancel_quantity` → the api's `max`; 409 `backorder_not_cancelable` → its
 * `reason`; 401 → the sign-in again page (docs/product/accounts.md#session); anything else (network too) → error.
 */
async function postCancel(locale: Locale, id: number, quantity: number): Promise<CancelOutcome> {
  let res: Response;
  try {
    res = await fetch(`/api/products_on_order/cancel/${id}?lang=${locale}`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', 'accept-language': locale },
      body: JSON.stringify({ quantity }),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    return { kind: 'error' };
  }
  const body: unknown = await res.json().catch(() => null);
  if (res.ok) {
    const parsed = backorderCancelResultSchema.safeParse(body);
    return parsed.success ? { kind: 'ok', result: parsed.data } : { kind: 'error' };
  }
  if (res.status === 401) {
    window.location.assign(expiredHref(`${window.location.pathname}${window.location.search}`));
    return { kind: 'error' };
  }
  const problem = backorderProblemSchema.safeParse(body);
  if (!problem.success) return { kind: 'error' };
  if (problem.data.code === 'backorder_cancel_quantity' && problem.data.max !== undefined)
    return { kind: 'range', max: problem.data.max };
  if (problem.data.code === 'backorder_not_cancelable' && problem.data.reason)
    return { kind: 'refused', reason: problem.data.reason };
  return { kind: 'error' };
}

/**
 * The cancel-backorder form (docs/product/orders-and-documents.md#screens /{lang}/account/products_on_order/{id}/cancel, docs/product/orders-and-documents.md#backorder-cancel Backorder
 * cancel, docs/product/community-and-content.md, docs/product/errors.md), used by the dialog over the list and by the full page:
 * 1. quantity (1..units on order, validated with react-hook-form + zod: 'The quantity must be
 *    between 1 and {max}'), 2. confirmation, 3. request → success (units cancelled, the credit note
 *    when the units had been invoiced; the list behind is refreshed) or 'This product order cannot
 *    be canceled: {reason}'. A line that cannot be cancelled shows the refusal at once.
 * `onClose` (dialog) closes; without it (page) a link goes back to `listHref`.
 */
export function CancelBackorderForm({
  locale,
  line,
  listHref,
  onClose,
}: {
  locale: Locale;
  line: ProductOnOrder;
  listHref: string;
  onClose?: () => void;
}) {
  const t = useTranslations('backorders');
  const router = useRouter();
  const [max, setMax] = useState(line.qty_backorder);
  // The resolver reads the current maximum (the api may answer a smaller one after a delivery).
  const maxRef = useRef(line.qty_backorder);
  const [step, setStep] = useState<Step>(
    line.not_cancelable_reason ? { name: 'refused', reason: line.not_cancelable_reason } : { name: 'edit' },
  );
  const [pending, startTransition] = useTransition();
  const [sending, setSending] = useState(false);
  const messageRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<QuantityValues>({
    resolver: (values, context, options) =>
      zodResolver(quantityForm(maxRef.current))(values, context, options),
    defaultValues: { quantity: String(Math.min(1, max)) },
  });

  useEffect(() => {
    if (step.name === 'edit') return;
    messageRef.current?.focus();
  }, [step]);

  const send = async (quantity: number) => {
    setSending(true);
    const outcome = await postCancel(locale, line.id, quantity);
    setSending(false);
    if (outcome.kind === 'ok') {
      setStep({ name: 'done', result: outcome.result });
      // The list (behind the dialog, or on the next visit) shows the new quantities.
      startTransition(() => router.refresh());
    } else if (outcome.kind === 'range') {
      maxRef.current = outcome.max;
      setMax(outcome.max);
      setStep({ name: 'edit' });
      setTimeout(() => {
        setError('quantity', { type: 'range', message: 'range' });
        setFocus('quantity');
      }, 0);
    } else if (outcome.kind === 'refused') setStep({ name: 'refused', reason: outcome.reason });
    else setStep({ name: 'failed', quantity });
  };

  const closeControl = onClose ? (
    <button
      type="button"
      className={buttonClass('secondary', 'md')}
      onClick={onClose}
      data-testid="backorder-cancel-close"
    >
      {t('close')}
    </button>
  ) : (
    <a href={listHref} className={buttonClass('secondary', 'md')} data-testid="backorder-cancel-back-to-list">
      {t('backToList')}
    </a>
  );

  // The product as the order pages name it: "product — pack size" in the page's language.
  const name = lineLabel(line);
  const summary = (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="backorder-cancel-summary">
      <dt className="text-muted">{t('product')}</dt>
      <dd className="font-semibold">
        {name}
        {line.sku ? (
          <span className="block text-xs font-normal wrap-anywhere text-muted">{line.sku}</span>
        ) : null}
      </dd>
      <dt className="text-muted">{t('order')}</dt>
      <dd>{line.sale.name}</dd>
      <dt className="text-muted">{t('onOrder')}</dt>
      <dd data-testid="backorder-cancel-on-order">{max}</dd>
    </dl>
  );

  if (step.name === 'done') {
    const { result } = step;
    return (
      <div className="space-y-4">
        <div
          ref={messageRef}
          tabIndex={-1}
          role="status"
          className="rounded border border-ok bg-green-50 p-3 text-ok"
          data-testid="backorder-cancel-success"
        >
          <p>{t('success', { quantity: result.canceled, name })}</p>
          {result.credit_note ? (
            <p data-testid="backorder-cancel-credit-note">
              {t('creditNote', {
                name: result.credit_note.name,
                amount: formatPrice(result.credit_note.amount_total, locale),
              })}
            </p>
          ) : null}
        </div>
        <div className="flex gap-3">{closeControl}</div>
      </div>
    );
  }

  if (step.name === 'refused') {
    return (
      <div className="space-y-4">
        {summary}
        <div
          ref={messageRef}
          tabIndex={-1}
          role="alert"
          className="rounded border border-bad bg-red-50 p-3 text-bad"
          data-testid="backorder-cancel-refused"
          data-reason={step.reason}
        >
          {t('refused', { reason: t(`reasons.${step.reason}`) })}
        </div>
        <div className="flex gap-3">{closeControl}</div>
      </div>
    );
  }

  if (step.name === 'confirm' || step.name === 'failed') {
    const quantity = step.quantity;
    return (
      <div className="space-y-4">
        {summary}
        <div ref={messageRef} tabIndex={-1} className="space-y-2 outline-none">
          <p data-testid="backorder-cancel-question">
            {t('confirmQuestion', { quantity, name, order: line.sale.name })}
          </p>
          {step.name === 'failed' ? (
            <p role="alert" className="text-bad" data-testid="backorder-cancel-failed">
              {t('failed')}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            className={buttonClass('danger', 'md')}
            disabled={sending || pending}
            aria-busy={sending}
            onClick={() => void send(quantity)}
            data-testid="backorder-cancel-confirm"
          >
            {sending ? t('sending') : t('confirm')}
          </button>
          <button
            type="button"
            className={buttonClass('secondary', 'md')}
            disabled={sending}
            onClick={() => setStep({ name: 'edit' })}
            data-testid="backorder-cancel-back"
          >
            {t('back')}
          </button>
        </div>
      </div>
    );
  }

  const fieldId = `backorder-cancel-quantity-${line.id}`;
  const error = errors.quantity ? t('quantityRange', { max }) : null;
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit((values) => setStep({ name: 'confirm', quantity: Number(values.quantity) }))}
      data-testid="backorder-cancel-form"
    >
      {summary}
      <TextInput
        id={fieldId}
        label={t('quantityLabel')}
        hint={t('quantityHint', { max })}
        error={error}
        errorTestId="backorder-cancel-error"
        aria-required
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
        className="max-w-40"
        data-testid="backorder-cancel-quantity"
        {...register('quantity')}
      />
      <div className="flex flex-wrap gap-3">
        <SubmitButton data-testid="backorder-cancel-continue">{t('continue')}</SubmitButton>
        {closeControl}
      </div>
    </form>
  );
}

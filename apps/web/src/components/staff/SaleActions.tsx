'use client';

import { useTranslations } from 'next-intl';
import type { SaleLine } from '@vetshop/domain';
import { lineQuantities, nextStates, remainingQty } from '@/lib/staff-list';
import { lineLabel } from '@/lib/line-title';
import { StaffAction } from './StaffAction';
import { messageOr } from '@/i18n/keys';
import { useConfirm } from '@/components/shell/ConfirmDialog';

/** `before` of an action that cannot be undone: asks with a red confirm button, labels given. */
function useIrreversible() {
  const confirm = useConfirm();
  return (options: { title: string; message: string; confirmLabel: string; cancelLabel?: string }) => () =>
    confirm({ ...options, tone: 'danger' });
}

/**
 * Move an order to another state (docs/product/back-office.md#orders "orders (move through states)"): a select of the allowed
 * next states → POST /staff/sales/{id}/state. Nothing when no move is allowed (delivered,
 * cancelled). A cancellation, which cannot be undone, is confirmed first (the order's number
 * `name` in the question). Test ids `sale-state-select`, `sale-state(-submit)`.
 */
export function SaleStateForm({ id, name, state }: { id: number; name: string; state: string }) {
  const t = useTranslations('staff.orders');
  const to = useTranslations('orders.states');
  const irreversible = useIrreversible();
  const options = nextStates(state);
  const confirmCancel = irreversible({
    title: t('cancelTitle', { name }),
    message: t('cancelMessage'),
    confirmLabel: t('cancelConfirm'),
    cancelLabel: t('cancelKeep'),
  });
  if (options.length === 0) return <p className="text-muted">{t('noMove')}</p>;
  return (
    <StaffAction
      path={`/staff/sales/${id}/state`}
      testId="sale-state"
      label={t('move')}
      done={t('moved')}
      body={(form) => ({ state: String(form.get('state')) })}
      before={(form) => form.get('state') !== 'cancel' || confirmCancel()}
    >
      <div>
        <label htmlFor="sale-state-select" className="mb-1 block text-sm font-medium">
          {t('newState')}
        </label>
        <select
          id="sale-state-select"
          name="state"
          defaultValue={options[0]}
          className="rounded border border-line bg-white px-3 py-2"
          data-testid="sale-state-select"
        >
          {options.map((s) => (
            <option key={s} value={s}>
              {messageOr(to, s, s)}
            </option>
          ))}
        </select>
      </div>
    </StaffAction>
  );
}

/**
 * Record a delivery (docs/product/back-office.md#orders "add pickings with tracking reference"): tracking reference, carrier
 * (left empty: the order's carrier, named under the field) and the delivered quantity per product
 * line (default: what remains) → POST
 * /staff/sales/{id}/pickings with the lines > 0. Test ids `picking-tracking`, `picking-carrier`,
 * `picking-qty-<lineId>`, `picking(-submit)`.
 */
export function PickingForm({
  id,
  lines,
  carrier,
}: {
  id: number;
  lines: SaleLine[];
  /** The order's carrier, which the api records when the field is left empty (shown as a hint). */
  carrier: string | null;
}) {
  const t = useTranslations('staff.orders');
  const open = lines.filter((l) => !l.is_delivery && remainingQty(l) > 0);
  if (open.length === 0) return <p className="text-muted">{t('nothingToDeliver')}</p>;
  const input = 'rounded border border-line bg-white px-3 py-2';
  return (
    <StaffAction
      path={`/staff/sales/${id}/pickings`}
      testId="picking"
      label={t('addPicking')}
      done={t('pickingAdded')}
      className="space-y-3"
      body={(form) => {
        const tracking = String(form.get('tracking_ref') ?? '').trim();
        const carrier = String(form.get('carrier_name') ?? '').trim();
        return {
          lines: lineQuantities(form.entries()),
          ...(tracking ? { tracking_ref: tracking } : {}),
          ...(carrier ? { carrier_name: carrier } : {}),
        };
      }}
    >
      <div className="flex flex-wrap gap-4">
        <div>
          <label htmlFor="picking-tracking" className="mb-1 block text-sm font-medium">
            {t('tracking')}
          </label>
          <input
            id="picking-tracking"
            name="tracking_ref"
            maxLength={100}
            className={input}
            data-testid="picking-tracking"
          />
        </div>
        <div>
          <label htmlFor="picking-carrier" className="mb-1 block text-sm font-medium">
            {t('carrier')}
          </label>
          <input
            id="picking-carrier"
            name="carrier_name"
            maxLength={100}
            placeholder={carrier ?? undefined}
            aria-describedby={carrier ? 'picking-carrier-default' : undefined}
            className={input}
            data-testid="picking-carrier"
          />
          {carrier ? (
            <p
              id="picking-carrier-default"
              className="mt-1 text-xs text-muted"
              data-testid="picking-carrier-default"
            >
              {t('carrierDefault', { carrier })}
            </p>
          ) : null}
        </div>
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{t('deliveredQty')}</legend>
        {open.map((l) => (
          <div key={l.id} className="flex items-center gap-3">
            <input
              id={`picking-qty-${l.id}`}
              name={`qty-${l.id}`}
              type="number"
              min={0}
              max={remainingQty(l)}
              defaultValue={remainingQty(l)}
              className={`${input} w-24 shrink-0`}
              data-testid={`picking-qty-${l.id}`}
            />
            <label htmlFor={`picking-qty-${l.id}`}>
              {lineLabel(l)} <span className="text-muted">({t('remaining', { qty: remainingQty(l) })})</span>
            </label>
          </div>
        ))}
      </fieldset>
    </StaffAction>
  );
}

/**
 * Issue the invoice of the delivered quantities not invoiced yet (POST /staff/sales/{id}/invoices;
 * 409 nothing_to_invoice is shown as a message), once confirmed: an invoice cannot be withdrawn
 * (order number `name` in the question). Test id `invoice(-submit)`.
 */
export function InvoiceButton({ id, name }: { id: number; name: string }) {
  const t = useTranslations('staff.orders');
  const irreversible = useIrreversible();
  return (
    <StaffAction
      path={`/staff/sales/${id}/invoices`}
      testId="invoice"
      label={t('issueInvoice')}
      done={t('invoiced')}
      before={irreversible({
        title: t('invoiceTitle', { name }),
        message: t('invoiceMessage'),
        confirmLabel: t('issueInvoice'),
      })}
    />
  );
}

/**
 * Credit quantities of an invoice (docs/product/back-office.md#orders "credit notes"): a quantity per product line (default
 * 0) → POST /staff/invoices/{invoiceId}/credit_note with the lines > 0; the api refuses more than
 * the invoice billed (400 qty_exceeds_invoiced); confirmed first, naming the invoice
 * (`invoiceName`), as a credit note cannot be withdrawn. Test ids `credit-note-<invoiceId>(-submit)`,
 * `credit-qty-<invoiceId>-<lineId>`.
 */
export function CreditNoteForm({
  invoiceId,
  invoiceName,
  lines,
}: {
  invoiceId: number;
  invoiceName: string;
  lines: SaleLine[];
}) {
  const t = useTranslations('staff.orders');
  const irreversible = useIrreversible();
  const products = lines.filter((l) => !l.is_delivery && l.qty_delivered > 0);
  if (products.length === 0) return null;
  const confirmCredit = irreversible({
    title: t('creditTitle', { name: invoiceName }),
    message: t('creditMessage'),
    confirmLabel: t('issueCreditNote'),
  });
  return (
    <StaffAction
      path={`/staff/invoices/${invoiceId}/credit_note`}
      testId={`credit-note-${invoiceId}`}
      label={t('issueCreditNote')}
      done={t('credited')}
      variant="secondary"
      className="space-y-2"
      body={(form) => ({ lines: lineQuantities(form.entries()) })}
      // No quantity: said before the "cannot be undone" question (it came after it, as "fill in
      // the required field").
      before={(form) =>
        Object.keys(lineQuantities(form.entries())).length === 0 ? t('creditNothing') : confirmCredit()
      }
    >
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{t('creditQty')}</legend>
        {products.map((l) => (
          <div key={l.id} className="flex items-center gap-3">
            <input
              id={`credit-qty-${invoiceId}-${l.id}`}
              name={`qty-${l.id}`}
              type="number"
              min={0}
              max={l.qty_delivered}
              defaultValue={0}
              className="w-24 shrink-0 rounded border border-line bg-white px-3 py-2"
              data-testid={`credit-qty-${invoiceId}-${l.id}`}
            />
            <label htmlFor={`credit-qty-${invoiceId}-${l.id}`}>{lineLabel(l)}</label>
          </div>
        ))}
      </fieldset>
    </StaffAction>
  );
}

'use client';

import { useId, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { messageKey } from '@/i18n/keys';
import {
  centsToEur,
  confirmResponseSchema,
  ORDER_TOTAL_MAX_CENTS,
  paymentTransactionSchema,
  type ConfirmBlocker,
  type Locale,
  type PaymentProvider,
} from '@vetshop/domain';
import { callApi } from '@/lib/api/browser';
import { formatPrice } from '@/lib/format';
import { paymentRedirectTarget } from '@/lib/orders-list';
import { inputClass, primaryButtonClass } from '@/components/account/fields';
import { useCheckoutCart } from './cart-bridge';
import { SuiteNameInput } from './SuiteNameInput';
import { getPathname } from '@/i18n/navigation';

/** Provider codes whose order carries a structured communication (bank transfer). */
const BANK_TRANSFER = 'bank_transfer';
/** The default provider (on account by default). */
const ON_ACCOUNT = 'on_account';

/**
 * The interactive part of /{lang}/cart-confirm (docs/product/cart-and-checkout.md#screens checkout confirmation; docs/product/cart-and-checkout.md#payment;
 * docs/product/cart-and-checkout.md#made-to-order-consent consent; docs/product/cart-and-checkout.md#sync "Checkout cannot be validated while a site-update
 * (pending transaction) is in progress"): payment method (GET payment/methods, on account chosen
 * by default; bank transfer says the structured communication comes on the order), note, customer
 * reference and suite number, the made-to-order consent, and the confirm button.
 *
 * Confirm: refused with the docs/product/errors.md#cart message while the cart store has pending transactions; saves
 * the consent (POST carts/current/update) when needed; then POST payment/transactions {payable,
 * flow: 'redirect', provider_id, frontend_redirect_url: /{lang}/cart-validated, provider_input}
 * and goes to its redirect_url (without providers, POST carts/confirm and the thank-you page with
 * the order number). A confirmed order empties the client cart store. Failures are shown in an
 * alert (blockers and known problems such as `cart_changed` with their own text, network errors,
 * other problems generically).
 */
export function ConfirmForm({
  locale,
  uuid,
  payable,
  providers,
  initial,
  hasMadeToOrder,
  consentGiven,
  blockers,
}: {
  locale: Locale;
  /** The server cart's uuid (POST carts/confirm). */
  uuid: string;
  /** The payable reference of GET carts/current/payable (null: payment methods unavailable). */
  payable: string | null;
  providers: PaymentProvider[];
  initial: { note: string; customerRef: string; suiteName: string };
  hasMadeToOrder: boolean;
  consentGiven: boolean;
  /** Server-side reasons the cart cannot be confirmed now (consent is handled here). */
  blockers: ConfirmBlocker[];
}) {
  const t = useTranslations('checkout');
  // A product the customer may no longer order (docs/decisions/regulated-products.md).
  const regulated = useTranslations('regulated.reasons');
  const id = useId();
  const cartStore = useCheckoutCart();
  const defaultProvider = providers.find((p) => p.code === ON_ACCOUNT) ?? providers[0];
  const [providerId, setProviderId] = useState<number | undefined>(defaultProvider?.id);
  const [note, setNote] = useState(initial.note);
  const [customerRef, setCustomerRef] = useState(initial.customerRef);
  const [suiteName, setSuiteName] = useState(initial.suiteName);
  const [consent, setConsent] = useState(consentGiven);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const provider = providers.find((p) => p.id === providerId);
  const otherBlockers = blockers.filter((b) => b !== 'made_to_order_consent_required');
  const pendingUpdate = cartStore.hasPendingTransactions;

  /** Values of the blocker messages: the largest order total (amount_too_large). */
  const blockerValues = { max: formatPrice(centsToEur(ORDER_TOTAL_MAX_CENTS), locale) };
  const fail = (problem: { status: number; code: string }) => {
    if (problem.status === 0) return setError(t('networkError'));
    const blocker = messageKey(t, `blockers.${problem.code}`);
    if (blocker) return setError(t(blocker, blockerValues));
    const known = messageKey(t, `problems.${problem.code}`);
    if (known) return setError(t(known));
    const reason = messageKey(regulated, problem.code);
    if (reason) return setError(regulated(reason));
    setError(t('error'));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (cartStore.hasPendingTransactions) return setError(t('pendingUpdate'));
    if (hasMadeToOrder && !consent) return setError(t('madeToOrderRequired'));
    setBusy(true);
    let leaving = false;
    try {
      if (hasMadeToOrder && !consentGiven) {
        const saved = await callApi('POST', '/carts/current/update', {
          locale,
          body: { made_to_order_consent: true },
        });
        if (!saved.ok) return fail(saved.problem);
      }
      const thanks = getPathname({ href: '/cart-validated', locale });
      const references = {
        note: note.trim() || undefined,
        customer_ref: customerRef.trim() || undefined,
        suite_name: suiteName.trim() || undefined,
      };
      if (payable && provider) {
        const res = await callApi('POST', '/payment/transactions', {
          locale,
          schema: paymentTransactionSchema,
          body: {
            payable,
            flow: 'redirect',
            provider_id: provider.id,
            frontend_redirect_url: `${window.location.origin}${thanks}`,
            provider_input: references,
          },
        });
        if (!res.ok || !res.data) return fail(res.ok ? { status: 502, code: 'bad_response' } : res.problem);
        const fallback = `${thanks}?status=success${res.data.sale_name ? `&reference=${encodeURIComponent(res.data.sale_name)}` : ''}`;
        if (res.data.sale_name) cartStore.empty();
        leaving = true;
        window.location.assign(
          paymentRedirectTarget(res.data.redirect_url, window.location.origin, fallback),
        );
        return;
      }
      const res = await callApi('POST', '/carts/confirm', {
        locale,
        schema: confirmResponseSchema,
        body: { uuid, ...references },
      });
      if (!res.ok || !res.data) return fail(res.ok ? { status: 502, code: 'bad_response' } : res.problem);
      cartStore.empty();
      leaving = true;
      window.location.assign(`${thanks}?status=success&reference=${encodeURIComponent(res.data.name)}`);
    } finally {
      // The button keeps its progress text until the thank-you page replaces this one.
      if (!leaving) setBusy(false);
    }
  }

  const fieldClass = 'block';
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" data-testid="confirm-form" aria-busy={busy}>
      <fieldset className="rounded-lg border border-line p-4">
        <legend className="px-1 text-lg font-semibold">{t('paymentTitle')}</legend>
        {providers.length === 0 ? (
          <p>{t('noPaymentMethods')}</p>
        ) : (
          <ul className="space-y-2">
            {providers.map((p) => (
              <li key={p.id} className="flex items-center gap-2">
                <input
                  type="radio"
                  id={`${id}-provider-${p.id}`}
                  name="provider"
                  value={p.id}
                  checked={providerId === p.id}
                  onChange={() => setProviderId(p.id)}
                  className="h-4 w-4 accent-brand"
                  data-testid={`confirm-provider-${p.code}`}
                />
                <label htmlFor={`${id}-provider-${p.id}`}>{p.name}</label>
              </li>
            ))}
          </ul>
        )}
        {provider?.code === BANK_TRANSFER ? (
          <p className="mt-3 text-sm text-muted" data-testid="confirm-bank-transfer-note">
            {t('bankTransferNote')}
          </p>
        ) : null}
      </fieldset>

      <fieldset className="grid gap-4 rounded-lg border border-line p-4 md:grid-cols-2">
        <legend className="px-1 text-lg font-semibold">{t('referencesTitle')}</legend>
        <div className={fieldClass}>
          <label htmlFor={`${id}-ref`} className="block text-sm font-medium">
            {t('customerRef')}
          </label>
          <input
            id={`${id}-ref`}
            value={customerRef}
            maxLength={100}
            onChange={(e) => setCustomerRef(e.target.value)}
            className={inputClass}
            data-testid="confirm-customer-ref"
          />
        </div>
        <div className={fieldClass}>
          <label htmlFor={`${id}-suite`} className="block text-sm font-medium">
            {t('suiteName')}
          </label>
          <SuiteNameInput id={`${id}-suite`} value={suiteName} onChange={setSuiteName} />
        </div>
        <div className="md:col-span-2">
          <label htmlFor={`${id}-note`} className="block text-sm font-medium">
            {t('note')}
          </label>
          <textarea
            id={`${id}-note`}
            value={note}
            rows={3}
            maxLength={2000}
            onChange={(e) => setNote(e.target.value)}
            className={inputClass}
            data-testid="confirm-note"
          />
        </div>
      </fieldset>

      {hasMadeToOrder ? (
        <section aria-labelledby={`${id}-mto`} className="rounded-lg border border-amber-600 bg-amber-50 p-4">
          <h2 id={`${id}-mto`} className="font-semibold">
            {t('madeToOrderTitle')}
          </h2>
          <p className="mt-1">{t('madeToOrderText')}</p>
          <p className="mt-2 flex items-start gap-2">
            <input
              type="checkbox"
              id={`${id}-consent`}
              checked={consent}
              onChange={(e) => setConsent(e.target.checked)}
              className="mt-1 h-4 w-4 accent-brand"
              aria-required="true"
              data-testid="confirm-made-to-order-consent"
            />
            <label htmlFor={`${id}-consent`}>{t('madeToOrderConsent')}</label>
          </p>
        </section>
      ) : null}

      {pendingUpdate ? (
        <p
          role="status"
          className="rounded border border-line bg-surface p-3"
          data-testid="confirm-pending-update"
        >
          {t('pendingUpdate')}
        </p>
      ) : null}
      {otherBlockers.map((b) => (
        <p key={b} className="rounded border border-bad p-3 text-bad" data-testid={`confirm-blocker-${b}`}>
          {t(`blockers.${b}`, blockerValues)}
        </p>
      ))}
      <div
        role="alert"
        data-testid="confirm-error"
        className={error ? 'rounded border border-bad p-3 text-bad' : ''}
      >
        {error}
      </div>
      <button
        type="submit"
        className={primaryButtonClass}
        disabled={busy || otherBlockers.length > 0}
        data-testid="confirm-submit"
      >
        {busy ? t('confirming') : t('confirm')}
      </button>
    </form>
  );
}

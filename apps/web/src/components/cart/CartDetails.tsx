'use client';

import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import {
  carrierListSchema,
  pickupListSchema,
  type Address,
  type Cart,
  type Carrier,
  type CartUpdate,
  type Pickup,
} from '@vetshop/domain';
import { callApi, type ApiResult } from '@/lib/api/browser';
import { cartFromBody } from '@/lib/cart/transport';
import { addressLabel, awaitsPickupPoint, shippingChoices, type ShippingChoice } from '@/lib/cart/addresses';
import { messageKey } from '@/i18n/keys';
import { formatDate, formatPrice } from '@/lib/format';
import { expectedDeliveryKind } from '@/lib/cart/expected-delivery';
import { ExpectedDelivery } from '@/components/orders/ExpectedDelivery';
import { useCart } from './CartProvider';
import { Link } from '@/i18n/navigation';

const field = 'w-full rounded border border-line bg-white px-2 py-1.5';
const button =
  'rounded border border-brand px-3 py-1.5 text-sm font-semibold text-brand hover:bg-surface disabled:opacity-60';

/**
 * The order details of the cart page (docs/product/cart-and-checkout.md#cart "delivery, addresses and references", docs/product/cart-and-checkout.md
 * address validity, made-to-order consent and coupon, docs/product/cart-and-checkout.md#cart-calls, docs/product/errors.md#cart cart
 * messages): invoicing address choice, and the delivery address among every address the customer
 * may ship to (lib/cart/addresses.ts: the main address and each delivery address; the cart's own
 * address is always the selected option, so what is shown is where the order goes), with the full
 * address shown below it; a warning when `addresses_valid` is false; carriers with their expected
 * delivery date (none charges anything on top of the handling fee) and, for a carrier with
 * dropoff sites, pickup points searchable by name; the made-to-order consent; note and client order reference; the promo code (nothing is
 * sent without a code). Each change calls the api and then shows the cart it answers (or asks a
 * forced sync); failures show "Service unavailable." or the delivery message.
 */
export function CartDetails({
  cart,
  invoicingAddresses,
  deliveryAddresses,
}: {
  cart: Cart;
  invoicingAddresses: Address[];
  deliveryAddresses: Address[];
}) {
  const t = useTranslations('cart');
  const o = useTranslations('orderTotals');
  const { store, locale } = useCart();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const invoicingChoices = shippingChoices([], invoicingAddresses, cart.invoicing.address).map((c) => ({
    ...c,
    main: c.address.main,
  }));
  const deliveryChoices = shippingChoices(invoicingAddresses, deliveryAddresses, cart.delivery.address);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  /** Applies the answer of a cart call: the cart it returns, else a forced sync. */
  const applied = (result: ApiResult): boolean => {
    if (!result.ok) {
      setError(t('serviceUnavailable'));
      return false;
    }
    setError(null);
    const fresh = cartFromBody(result.data);
    if (fresh) store?.setServerCart(fresh);
    else store?.refresh();
    return true;
  };
  const update = async (body: CartUpdate): Promise<boolean> => {
    setBusy(true);
    setSaved(false);
    const ok = applied(await callApi('POST', '/carts/current/update', { locale, body }));
    setBusy(false);
    return ok;
  };

  const onReferences = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const ok = await update({
      note: String(data.get('note') ?? ''),
      client_order_ref: String(data.get('client_order_ref') ?? ''),
    });
    setSaved(ok);
  };

  // Where the parcel goes: the chosen pickup point, else the delivery address; nowhere yet while
  // the carrier waits for a pickup point (its box says so).
  const { address, pickup } = cart.delivery;
  const shipsTo = pickup
    ? addressLabel(pickup)
    : awaitsPickupPoint(cart)
      ? null
      : address && `${addressLabel(address)}${address.street2 ? `, ${address.street2}` : ''}`;

  return (
    <div className="space-y-6">
      {error ? (
        <p
          role="alert"
          className="rounded border border-bad bg-red-50 p-3 text-sm text-bad"
          data-testid="cart-details-error"
        >
          {error}
        </p>
      ) : null}

      <section aria-labelledby={`${id}-addresses`} className="space-y-3">
        <h2 id={`${id}-addresses`} className="text-lg font-semibold">
          {t('addressesTitle')}
        </h2>
        <AddressSelect
          label={t('invoicingAddress')}
          choices={invoicingChoices}
          value={cart.invoicing.address?.id ?? null}
          emptyLabel={t('noAddress')}
          disabled={busy}
          testId="cart-invoicing-address"
          onChange={(addressId) => void update({ invoicing: { address_id: addressId } })}
        />
        <AddressSelect
          label={t('deliveryAddress')}
          choices={deliveryChoices}
          value={cart.delivery.address?.id ?? null}
          emptyLabel={t('noAddress')}
          disabled={busy}
          testId="cart-delivery-address"
          onChange={(addressId) => void update({ delivery: { address_id: addressId } })}
        />
        {shipsTo ? (
          <address className="text-sm not-italic text-muted" data-testid="cart-ships-to">
            <span className="font-medium text-inherit">{o('shipsTo')}</span> {shipsTo}
          </address>
        ) : null}
        {!cart.addresses_valid ? (
          <p
            className="rounded border border-warn bg-amber-50 p-3 text-sm text-warn"
            data-testid="cart-addresses-invalid"
          >
            {t('addressesInvalid')}{' '}
            <Link href="/account/profile" className="font-semibold underline">
              {t('manageAddresses')}
            </Link>
          </p>
        ) : null}
      </section>

      <Delivery cart={cart} onResult={applied} />

      {cart.has_made_to_order ? (
        <section aria-labelledby={`${id}-mto`} className="space-y-2">
          <h2 id={`${id}-mto`} className="text-lg font-semibold">
            {t('madeToOrderTitle')}
          </h2>
          <div className="flex items-start gap-2">
            <input
              id={`${id}-mto-consent`}
              type="checkbox"
              checked={cart.made_to_order_consent}
              disabled={busy}
              onChange={(e) => void update({ made_to_order_consent: e.target.checked })}
              className="mt-1 h-4 w-4 accent-brand"
              data-testid="cart-made-to-order-consent"
            />
            <label htmlFor={`${id}-mto-consent`}>{t('madeToOrderConsent')}</label>
          </div>
        </section>
      ) : null}

      <section aria-labelledby={`${id}-details`}>
        <h2 id={`${id}-details`} className="mb-2 text-lg font-semibold">
          {t('detailsTitle')}
        </h2>
        <form
          onSubmit={(e) => void onReferences(e)}
          className="space-y-3"
          key={`${cart.note}|${cart.client_order_ref}`}
        >
          <div>
            <label htmlFor={`${id}-ref`} className="block text-sm font-medium">
              {t('clientOrderRef')}
            </label>
            <input
              id={`${id}-ref`}
              name="client_order_ref"
              defaultValue={cart.client_order_ref}
              maxLength={120}
              className={field}
              data-testid="cart-client-order-ref"
            />
          </div>
          <div>
            <label htmlFor={`${id}-note`} className="block text-sm font-medium">
              {t('note')}
            </label>
            <textarea
              id={`${id}-note`}
              name="note"
              defaultValue={cart.note}
              maxLength={2000}
              rows={3}
              className={field}
              data-testid="cart-note"
            />
          </div>
          <div className="flex items-center gap-3">
            <button type="submit" className={button} disabled={busy} data-testid="cart-details-save">
              {t('save')}
            </button>
            <span role="status" className="text-sm text-ok">
              {saved ? t('saved') : ''}
            </span>
          </div>
        </form>
      </section>

      <Coupon cart={cart} onResult={applied} />
    </div>
  );
}

/**
 * A select of addresses whose selected option is always the cart's value (`value` is among
 * `choices`, see shippingChoices); a choice is saved at once through `onChange`.
 */
function AddressSelect({
  label,
  choices,
  value,
  emptyLabel,
  disabled,
  testId,
  onChange,
}: {
  label: string;
  choices: ShippingChoice[];
  value: number | null;
  emptyLabel: string;
  disabled: boolean;
  testId: string;
  onChange: (id: number) => void;
}) {
  const id = useId();
  const o = useTranslations('orderTotals');
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value === null ? '' : String(value)}
        disabled={disabled}
        onChange={(e) => {
          const n = Number(e.target.value);
          if (e.target.value !== '' && Number.isInteger(n)) onChange(n);
        }}
        className={field}
        data-testid={testId}
      >
        {value === null ? <option value="">{emptyLabel}</option> : null}
        {choices.map(({ address, main }) => (
          <option key={address.id} value={address.id}>
            {main ? o('mainAddress', { label: addressLabel(address) }) : addressLabel(address)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Carriers (price applied to the cart) and pickup points (docs/product/cart-and-checkout.md#delivery-and-carriers, docs/product/cart-and-checkout.md). */
function Delivery({ cart, onResult }: { cart: Cart; onResult: (r: ApiResult) => boolean }) {
  const t = useTranslations('cart');
  const o = useTranslations('orderTotals');
  const { locale } = useCart();
  const id = useId();
  const [carriers, setCarriers] = useState<Carrier[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [pickups, setPickups] = useState<Pickup[] | null>(null);
  const [busy, setBusy] = useState(false);
  const amountKey = `${cart.uuid}|${cart.lines_amount}`;

  useEffect(() => {
    let live = true;
    void callApi('GET', '/carts/current/delivery_carriers', { locale }).then((r) => {
      if (!live) return;
      const parsed = r.ok ? carrierListSchema.safeParse(r.data) : null;
      setFailed(!parsed?.success);
      setCarriers(parsed?.success ? parsed.data.data : []);
    });
    return () => {
      live = false;
    };
  }, [amountKey, locale]);

  const [choosing, setChoosing] = useState<number | null>(null);
  const chosen = cart.delivery.carrier?.id ?? null;
  const shown = choosing ?? chosen;
  const chosenCarrier = carriers?.find((c) => c.id === chosen) ?? null;
  const choose = async (carrierId: number) => {
    setBusy(true);
    setChoosing(carrierId);
    setPickups(null);
    onResult(
      await callApi('POST', '/carts/current/set_carrier', { locale, body: { carrier_id: carrierId } }),
    );
    setChoosing(null);
    setBusy(false);
  };
  const search = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (chosen === null) return;
    const name = String(new FormData(e.currentTarget).get('name') ?? '');
    const r = await callApi(
      'GET',
      `/delivery_pickups?carrier_id=${chosen}&name=${encodeURIComponent(name)}`,
      { locale },
    );
    const parsed = r.ok ? pickupListSchema.safeParse(r.data) : null;
    setFailed(!parsed?.success);
    setPickups(parsed?.success ? parsed.data.data : []);
  };
  const pick = async (pickupId: number) => {
    setBusy(true);
    onResult(
      await callApi('POST', '/carts/current/set_pickup', { locale, body: { pickup_site_id: pickupId } }),
    );
    setBusy(false);
  };

  return (
    <section aria-labelledby={`${id}-delivery`} className="space-y-3">
      <h2 id={`${id}-delivery`} className="text-lg font-semibold">
        {t('deliveryTitle')}
      </h2>
      {failed ? (
        <p
          className="rounded border border-warn bg-amber-50 p-3 text-sm text-warn"
          data-testid="cart-delivery-unavailable"
        >
          {t('deliveryUnavailable')}
        </p>
      ) : null}
      {carriers && carriers.length === 0 && !failed ? <p className="text-sm">{t('noCarriers')}</p> : null}
      {carriers && carriers.length > 0 ? (
        <fieldset className="space-y-1" data-testid="cart-carriers">
          <legend className="font-medium">{t('carrier')}</legend>
          {carriers.map((c) => (
            <div key={c.id} className="flex items-start gap-2">
              <input
                id={`${id}-carrier-${c.id}`}
                type="radio"
                name={`${id}-carrier`}
                value={c.id}
                checked={shown === c.id}
                disabled={busy}
                onChange={() => void choose(c.id)}
                className="mt-1 h-4 w-4 accent-brand"
                data-testid="cart-carrier"
                data-carrier-code={c.code}
              />
              <label htmlFor={`${id}-carrier-${c.id}`}>
                <span className="font-medium">{c.name}</span>
                {c.expected_date ? (
                  <span data-testid="cart-carrier-expected">
                    {' '}
                    – {o('carrierExpected', { date: formatDate(c.expected_date, locale) })}
                  </span>
                ) : null}
                {c.description ? <span className="block text-xs text-muted">{c.description}</span> : null}
              </label>
            </div>
          ))}
        </fieldset>
      ) : null}
      {cart.delivery.expected_date ? (
        <ExpectedDelivery
          kind={expectedDeliveryKind(cart.lines)}
          text={(key) => o(key, { date: formatDate(cart.delivery.expected_date!, locale) })}
          className="text-sm font-medium"
          testId="cart-expected-date"
        />
      ) : null}
      {chosenCarrier?.with_dropoff_site ? (
        <div className="space-y-2 rounded border border-line p-3">
          <h3 className="font-medium">{t('pickupTitle')}</h3>
          {cart.delivery.pickup ? (
            <p className="text-sm" data-testid="cart-pickup-chosen">
              {t('pickupChosen', { name: addressLabel(cart.delivery.pickup) })}
            </p>
          ) : (
            <p
              className="rounded border border-warn bg-amber-50 p-3 text-sm text-warn"
              data-testid="cart-pickup-required"
            >
              {t('pickupRequired')}
            </p>
          )}
          <form onSubmit={(e) => void search(e)} className="flex flex-wrap items-end gap-2" role="search">
            <div className="min-w-0 flex-1">
              <label htmlFor={`${id}-pickup-q`} className="block text-sm font-medium">
                {t('pickupSearch')}
              </label>
              <input
                id={`${id}-pickup-q`}
                name="name"
                type="search"
                maxLength={100}
                className={field}
                data-testid="cart-pickup-search"
              />
            </div>
            <button type="submit" className={button} data-testid="cart-pickup-search-submit">
              {t('pickupSearchButton')}
            </button>
          </form>
          {pickups !== null ? (
            pickups.length === 0 ? (
              <p role="status" className="text-sm">
                {t('pickupNone')}
              </p>
            ) : (
              <ul className="space-y-1" data-testid="cart-pickups">
                {pickups.map((p) => (
                  <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                    <span>
                      <span className="font-medium">{p.name}</span>, {p.street}, {p.zip} {p.city}
                    </span>
                    <button
                      type="button"
                      className={button}
                      disabled={busy}
                      onClick={() => void pick(p.id)}
                      data-testid="cart-pickup-choose"
                    >
                      {t('pickupChoose', { name: p.name })}
                    </button>
                  </li>
                ))}
              </ul>
            )
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/**
 * Promo code (docs/decisions/coupons.md; an empty code does nothing): POST carts/current/coupon.
 * A refused code shows the message of its code (coupons.errors: unknown, expired, minimum with the
 * amount, already used, not applicable) in the user's language; an applied code shows its reward
 * excl. and incl. VAT and a button that removes it (DELETE carts/current/coupon). Test ids
 * `cart-coupon(-apply|-error|-reward|-remove)`, `cart-promo-codes`.
 */
function Coupon({ cart, onResult }: { cart: Cart; onResult: (r: ApiResult) => boolean }) {
  const t = useTranslations('cart');
  const c = useTranslations('coupons');
  const { locale } = useCart();
  const id = useId();
  const [refused, setRefused] = useState<string | null>(null);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const code = String(new FormData(form).get('code') ?? '').trim();
    if (code === '') return;
    const result = await callApi('POST', '/carts/current/coupon', { locale, body: { code } });
    if (result.ok) {
      setRefused(null);
      onResult(result);
      form.reset();
      return;
    }
    const reason = messageKey(c, `errors.${result.problem.code}`);
    setRefused(
      reason
        ? c(reason, { min: formatPrice(result.problem.values?.min_order ?? 0, locale) })
        : t('couponRefused'),
    );
  };
  return (
    <section aria-labelledby={`${id}-coupon`} className="space-y-2">
      <h2 id={`${id}-coupon`} className="text-lg font-semibold">
        {t('couponTitle')}
      </h2>
      <form onSubmit={(e) => void submit(e)} className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={`${id}-code`} className="block text-sm font-medium">
            {t('couponLabel')}
          </label>
          <input
            id={`${id}-code`}
            name="code"
            maxLength={60}
            aria-invalid={refused !== null || undefined}
            className={field}
            data-testid="cart-coupon"
          />
        </div>
        <button type="submit" className={button} data-testid="cart-coupon-apply">
          {t('couponApply')}
        </button>
      </form>
      <div role="status" className="text-sm">
        {refused ? (
          <p className="text-bad" data-testid="cart-coupon-error">
            {refused}
          </p>
        ) : null}
        {cart.promo_codes.length > 0 ? (
          <>
            <p data-testid="cart-promo-codes">{t('couponApplied', { codes: cart.promo_codes.join(', ') })}</p>
            <p className="font-semibold text-ok" data-testid="cart-coupon-reward">
              {(cart.reward_amount ?? 0) > 0
                ? c('reward', {
                    code: cart.promo_codes.join(', '),
                    untaxed: formatPrice(cart.reward_amount ?? 0, locale),
                    total: formatPrice(cart.reward_amount_tax_incl ?? 0, locale),
                  })
                : c('rewardNone', { code: cart.promo_codes.join(', ') })}
            </p>
            <button
              type="button"
              className="text-sm font-semibold text-brand underline"
              onClick={() => void callApi('DELETE', '/carts/current/coupon', { locale }).then(onResult)}
              data-testid="cart-coupon-remove"
            >
              {c('remove')}
            </button>
          </>
        ) : null}
      </div>
    </section>
  );
}

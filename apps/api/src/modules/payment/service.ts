/**
 * Payment use cases (docs/product/cart-and-checkout.md#cart-calls Cart GET current/payable,
 * docs/product/cart-and-checkout.md#payment-calls: GET payment/methods, POST payment/transactions;
 * docs/product/cart-and-checkout.md#payment; docs/decisions/payment-providers.md): what the open
 * cart costs, the providers offered for it, placing the order with a provider and settling a card
 * payment from the Stripe webhook. routes.ts parses the requests, calls these and replies.
 *
 * Card payments (Stripe Checkout, only when configured) answer the Stripe page as redirect_url;
 * the webhook then confirms the cart once paid. Placing the order with `on_account` or
 * `bank_transfer` confirms the cart into a sale (carts module `confirmCart`, exactly once per cart:
 * a repeated request answers the same sale) and records one payment_transactions row per sale;
 * the answer redirects the browser to the frontend's `frontend_redirect_url` with
 * `status=success&reference=<order number>`.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { and, eq } from 'drizzle-orm';
import {
  centsToEur,
  eurToCents,
  formatMoneyCents,
  type Locale,
  type PaymentTransactionRequest,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { carts, paymentTransactions, users } from '../../db/schema.ts';
import { ApiError, fieldError, notFound } from '../../errors.ts';
import { confirmCart, currentCart, type CartActor } from '../carts/index.ts';
import { findSale } from '../sales/index.ts';
import {
  bankTransferReference,
  checkoutSessionParams,
  providersFor,
  type PaymentOptions,
} from './providers.ts';
import { withQuery } from './urls.ts';

/** Money incl. VAT in the locale ("1 234,50 €", "€ 1.234,50", "€1,234.50"): domain formatMoneyCents. */
function formatAmount(cents: number, locale: Locale): string {
  return formatMoneyCents(cents, locale);
}

/** 503 `payment_unavailable`: the payment provider could not be reached or refused the request. */
function paymentUnavailable(): ApiError {
  return new ApiError(
    503,
    'payment_unavailable',
    'Service unavailable',
    'The payment service is not available.',
  );
}

/**
 * GET carts/current/payable: `reference` (the cart uuid), `amount` (the cart total incl. VAT,
 * EUR), `currency_code` EUR and `formatted_amount` in the actor's locale. 404 when the customer has
 * no open cart.
 */
export async function payableOf(db: Db, actor: CartActor) {
  const cart = await currentCart(db, actor);
  if (!cart) throw notFound('No open cart.');
  const cents = eurToCents(cart.amount.total);
  return {
    reference: cart.uuid,
    amount: centsToEur(cents),
    currency_code: 'EUR',
    formatted_amount: formatAmount(cents, actor.locale),
  };
}

/**
 * GET payment/methods: the providers offered to this customer user for `payable` (the uuid of the
 * customer's open cart; 404 otherwise), names in the actor's locale (docs/decisions/payment-providers.md).
 */
export async function paymentMethodsOf(db: Db, actor: CartActor, payment: PaymentOptions, payable: string) {
  const [cart] = await db
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.uuid, payable), eq(carts.customerId, actor.customerId), eq(carts.state, 'open')));
  if (!cart) throw notFound('No open cart with this reference.');
  return {
    providers: providersFor(actor, payment).map((p) => ({
      id: p.id,
      name: p.name[actor.locale],
      code: p.code,
      state: p.state,
      icons: p.icons,
    })),
  };
}

/** What placing an order needs besides the request: payment options, Stripe client (null when not configured), logger. */
export interface PaymentContext {
  payment: PaymentOptions;
  stripe: Stripe | null;
  log: FastifyBaseLogger;
}

/**
 * POST payment/transactions: places the order with provider `body.provider_id` (400
 * `unknown_provider` when not offered). card starts a Stripe Checkout (see `startCardPayment`);
 * on_account and bank_transfer confirm the cart into an order (errors of `confirmCart`) and record
 * one transaction per order; the answer's redirect_url is `frontend_redirect_url` with
 * status=success&reference=<order number>.
 */
export async function placeOrder(
  db: Db,
  { payment, stripe, log }: PaymentContext,
  actor: CartActor,
  body: PaymentTransactionRequest,
) {
  const provider = providersFor(actor, payment).find((p) => p.id === body.provider_id);
  if (!provider) throw fieldError('provider_id', 'unknown_provider', 'This payment method is not offered.');
  if (provider.code === 'card') {
    if (!stripe) throw fieldError('provider_id', 'unknown_provider', 'This payment method is not offered.');
    return startCardPayment(db, log, stripe, actor, body);
  }
  const [cart] = await db
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.uuid, body.payable), eq(carts.customerId, actor.customerId)));
  const input = body.provider_input ?? {};
  const confirmed = await confirmCart(db, {
    customerId: actor.customerId,
    userId: actor.userId,
    uuid: body.payable,
    note: input.note,
    customerRef: input.customer_ref,
    suiteName: input.suite_name,
    paymentMode: provider.code,
    paymentReference: provider.code === 'bank_transfer' && cart ? bankTransferReference(cart.id) : null,
    locale: actor.locale,
  });
  const sale = (await findSale(db, confirmed.sale_id, actor.customerId))!;
  // One transaction per order: a repeated request finds the one recorded first.
  const reference = `TX-${sale.name}`;
  await db
    .insert(paymentTransactions)
    .values({
      reference,
      provider: sale.paymentMode,
      cartId: sale.cartId,
      saleId: sale.id,
      customerId: actor.customerId,
      amountCents: sale.amountTotalCents,
      currency: 'EUR',
      state: provider.code === sale.paymentMode ? provider.transactionState : 'pending',
    })
    .onConflictDoNothing({ target: paymentTransactions.reference });
  const [tx] = await db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.reference, reference));
  const used = providersFor({ canOrder: true }, payment).find((p) => p.code === tx!.provider) ?? provider;
  return {
    flow: 'redirect' as const,
    provider_id: used.id,
    provider_code: used.code,
    reference: tx!.reference,
    amount: centsToEur(tx!.amountCents),
    currency: tx!.currency,
    partner: actor.customerId,
    redirect_url: withQuery(body.frontend_redirect_url, { status: 'success', reference: sale.name }),
    redirect_form_html: null,
    session_id: null,
    publishable_key: null,
    client_secret: null,
    sale_name: sale.name,
    sale_id: sale.id,
    payment_reference: sale.paymentReference,
  };
}

/**
 * Card: records a pending transaction and opens a Stripe Checkout Session for the open cart's
 * total incl. VAT; the browser goes to Stripe, and the webhook confirms the cart once paid.
 * The cart must be the customer's open cart (409 `cart_changed`) and confirmable (its first
 * blocker as a 400, `cannot_order` as a 403).
 */
async function startCardPayment(
  db: Db,
  log: FastifyBaseLogger,
  client: Stripe,
  actor: CartActor,
  body: { payable: string; frontend_redirect_url: string },
) {
  const cart = await currentCart(db, actor);
  if (!cart || cart.uuid !== body.payable)
    throw new ApiError(409, 'cart_changed', 'Conflict', 'The cart changed; reload it.');
  const blocker = cart.confirm_blockers[0];
  if (blocker)
    throw new ApiError(
      blocker === 'cannot_order' ? 403 : 400,
      blocker,
      'Bad request',
      `The cart cannot be confirmed: ${blocker}.`,
    );
  const amountCents = eurToCents(cart.amount.total);
  const reference = `CARD-${cart.id}-${randomUUID().slice(0, 8)}`;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, actor.userId));
  await db.insert(paymentTransactions).values({
    reference,
    provider: 'card',
    cartId: cart.id,
    customerId: actor.customerId,
    amountCents,
    currency: 'EUR',
    state: 'pending',
  });
  let session: Stripe.Checkout.Session;
  try {
    session = await client.checkout.sessions.create(
      checkoutSessionParams({
        reference,
        amountCents,
        cartName: cart.name,
        frontendRedirectUrl: body.frontend_redirect_url,
        locale: actor.locale,
        email: user?.email,
      }),
      { idempotencyKey: reference },
    );
  } catch (error) {
    logStripeFailure(log, error);
    await db
      .update(paymentTransactions)
      .set({ state: 'error' })
      .where(eq(paymentTransactions.reference, reference));
    throw paymentUnavailable();
  }
  return {
    flow: 'redirect' as const,
    provider_id: 3,
    provider_code: 'card',
    reference,
    amount: centsToEur(amountCents),
    currency: 'EUR',
    partner: actor.customerId,
    redirect_url: session.url ?? '',
    redirect_form_html: null,
    session_id: session.id,
    publishable_key: null,
    client_secret: null,
    sale_name: null,
    sale_id: null,
    payment_reference: null,
  };
}

/** Logs a provider failure without its (possibly sensitive) request. */
function logStripeFailure(log: FastifyBaseLogger, error: unknown) {
  log.warn({ err: error instanceof Error ? error.message : String(error) }, 'stripe request failed');
}

/**
 * Settles the pending card transaction `reference`: paid → confirm its cart (payment mode card)
 * when the cart total still equals the amount paid, else mark it `error`; not paid → `cancel`.
 * A transaction already settled is left as it is (replayed events).
 */
export async function settleCardPayment(db: Db, reference: string, paid: boolean): Promise<void> {
  const [tx] = await db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.reference, reference));
  if (!tx || tx.provider !== 'card' || tx.state !== 'pending' || tx.cartId === null) return;
  if (!paid) {
    await db.update(paymentTransactions).set({ state: 'cancel' }).where(eq(paymentTransactions.id, tx.id));
    return;
  }
  const [cart] = await db.select().from(carts).where(eq(carts.id, tx.cartId));
  const [user] = cart?.userId ? await db.select().from(users).where(eq(users.id, cart.userId)) : [];
  if (!cart || !user) {
    await db.update(paymentTransactions).set({ state: 'error' }).where(eq(paymentTransactions.id, tx.id));
    return;
  }
  const actor: CartActor = {
    customerId: tx.customerId,
    userId: user.id,
    viewer: { priceList: user.priceList, vetGroupIds: [...user.vetGroupIds] },
    canOrder: user.canOrder,
    locale: (['fr', 'nl', 'en'] as const).find((l) => l === user.locale) ?? 'fr',
  };
  if (cart.state === 'open') {
    const current = await currentCart(db, actor);
    if (!current || current.id !== cart.id || eurToCents(current.amount.total) !== tx.amountCents) {
      await db.update(paymentTransactions).set({ state: 'error' }).where(eq(paymentTransactions.id, tx.id));
      return;
    }
  }
  try {
    const confirmed = await confirmCart(db, {
      customerId: tx.customerId,
      userId: user.id,
      uuid: cart.uuid,
      paymentMode: 'card',
      paymentReference: null,
      locale: actor.locale,
    });
    await db
      .update(paymentTransactions)
      .set({ state: 'done', saleId: confirmed.sale_id })
      .where(eq(paymentTransactions.id, tx.id));
  } catch {
    await db.update(paymentTransactions).set({ state: 'error' }).where(eq(paymentTransactions.id, tx.id));
  }
}

/**
 * Payment routes (docs/product/cart-and-checkout.md#cart-calls Cart GET current/payable, docs/product/cart-and-checkout.md#payment-calls: GET payment/methods, POST
 * payment/transactions; docs/product/cart-and-checkout.md#payment). Customer routes: 401 guests, 403 staff users.
 *
 * Card payments (Stripe Checkout, only when configured) answer the Stripe page as redirect_url;
 * POST payment/stripe/webhook then confirms the cart once paid.
 * Placing the order with `on_account` or `bank_transfer` confirms the cart into a sale (carts
 * module `confirmCart`, exactly once per cart: a repeated request answers the same sale) and
 * records one payment_transactions row per sale; the answer redirects the browser to the
 * frontend's `frontend_redirect_url` with `status=success&reference=<order number>`.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import {
  centsToEur,
  eurToCents,
  payableSchema,
  paymentMethodsSchema,
  paymentTransactionRequestSchema,
  paymentTransactionSchema,
  problemSchema,
  type Locale,
  formatMoneyCents,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { carts, paymentTransactions, users } from '../../db/schema.ts';
import { ApiError, fieldError, notFound } from '../../errors.ts';
import { actorOf, confirmCart, currentCart, type CartActor } from '../carts/index.ts';
import { findSale } from '../sales/index.ts';
import {
  bankTransferReference,
  checkoutSessionParams,
  providersFor,
  stripeClient,
  type PaymentOptions,
} from './providers.ts';
import { withQuery } from './urls.ts';

const errors = {
  400: problemSchema,
  401: problemSchema,
  403: problemSchema,
  404: problemSchema,
  409: problemSchema,
};

/** Money incl. VAT in the locale ("1 234,50 €", "€ 1.234,50", "€1,234.50"): domain formatMoneyCents. */
function formatAmount(cents: number, locale: Locale): string {
  return formatMoneyCents(cents, locale);
}

/** frontend_redirect_url: an absolute http(s) URL (the browser is sent there). */
const redirectUrlSchema = z
  .string()
  .max(2000)
  .refine((v) => /^https?:\/\//i.test(v) && URL.canParse(v), { error: 'invalid_url' });

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
 * Registers GET carts/current/payable, GET payment/methods and POST payment/transactions, and
 * with Stripe configured POST payment/stripe/webhook.
 */
export const paymentRoutes: FastifyPluginAsync<{ db: Db; payment?: PaymentOptions }> = async (
  instance,
  { db, payment = {} },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const stripe = payment.stripe ? stripeClient(payment.stripe) : null;
  const tags = ['payment'];

  app.get(
    '/carts/current/payable',
    {
      onRequest: async (request) => void actorOf(request),
      schema: {
        tags,
        summary: 'What the open cart costs (docs/product/cart-and-checkout.md#payment)',
        description:
          '`reference` is the cart uuid, `amount` the cart total incl. VAT (EUR), `formatted_amount` the same in the request language. 404 when the customer has no open cart.',
        querystring: z.object({ lang: z.enum(['fr', 'nl', 'en']).optional() }).strict(),
        response: { 200: payableSchema, ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const cart = await currentCart(db, actor);
      if (!cart) throw notFound('No open cart.');
      const cents = eurToCents(cart.amount.total);
      return {
        reference: cart.uuid,
        amount: centsToEur(cents),
        currency_code: 'EUR',
        formatted_amount: formatAmount(cents, actor.locale),
      };
    },
  );

  app.get(
    '/payment/methods',
    {
      onRequest: async (request) => void actorOf(request),
      schema: {
        tags,
        summary: 'Payment providers offered for a payable',
        description:
          'docs/product/cart-and-checkout.md#payment-calls GET payment/methods?payable=<cart uuid>: `providers` offered to this customer user (on_account and bank_transfer when the user can order; none otherwise; see docs/decisions/payment-providers.md). 404 when the payable is not the customer’s open cart.',
        querystring: z
          .object({ payable: z.string().min(1).max(100), lang: z.enum(['fr', 'nl', 'en']).optional() })
          .strict(),
        response: { 200: paymentMethodsSchema, ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const [cart] = await db
        .select({ id: carts.id })
        .from(carts)
        .where(
          and(
            eq(carts.uuid, request.query.payable),
            eq(carts.customerId, actor.customerId),
            eq(carts.state, 'open'),
          ),
        );
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
    },
  );

  app.post(
    '/payment/transactions',
    {
      onRequest: async (request) => void actorOf(request),
      schema: {
        tags,
        summary: 'Place the order with a payment provider',
        description:
          'docs/product/cart-and-checkout.md#payment-calls POST payment/transactions {payable (cart uuid), flow redirect, provider_id, frontend_redirect_url, provider_input {note, customer_ref, suite_name}}. card (offered when Stripe is configured) records a pending transaction and answers the Stripe Checkout URL as redirect_url and its session_id; the Stripe webhook confirms the cart once paid. on_account and bank_transfer confirm the cart into an order (once: a repeated request answers the same order; bank_transfer stores a Belgian structured communication as the payment reference) and answer redirect_url = frontend_redirect_url?status=success&reference=<order number>. Errors of the confirm: 409 `cart_changed`, 403 `cannot_order`, 400 `cart_empty`, `addresses_invalid`, `made_to_order_consent_required`, `price_unavailable`; 400 `unknown_provider`; 503 `payment_unavailable` when Stripe cannot be reached.',
        body: paymentTransactionRequestSchema.extend({ frontend_redirect_url: redirectUrlSchema }),
        response: { 200: paymentTransactionSchema, ...errors, 503: problemSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const body = request.body;
      const provider = providersFor(actor, payment).find((p) => p.id === body.provider_id);
      if (!provider)
        throw fieldError('provider_id', 'unknown_provider', 'This payment method is not offered.');
      if (provider.code === 'card') {
        if (!stripe)
          throw fieldError('provider_id', 'unknown_provider', 'This payment method is not offered.');
        return startCardPayment(stripe, actor, body);
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
    },
  );

  /**
   * Card: records a pending transaction and opens a Stripe Checkout Session for the open cart's
   * total incl. VAT; the browser goes to Stripe, and the webhook confirms the cart once paid.
   * The cart must be the customer's open cart (409 `cart_changed`) and confirmable (its first
   * blocker as a 400, `cannot_order` as a 403).
   */
  async function startCardPayment(
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
      logStripeFailure(error);
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
  function logStripeFailure(error: unknown) {
    instance.log.warn(
      { err: error instanceof Error ? error.message : String(error) },
      'stripe request failed',
    );
  }

  if (stripe && payment.stripe) {
    const webhookSecret = payment.stripe.webhookSecret;
    await instance.register(async (child) => {
      // The signature covers the raw body: keep it as text in this route's scope.
      child.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) =>
        done(null, text),
      );
      child.post(
        '/payment/stripe/webhook',
        {
          schema: {
            tags,
            summary: 'Stripe webhook: card payments completed or expired',
            description:
              'Signed by Stripe (Stripe-Signature, secret STRIPE_WEBHOOK_SECRET; 400 `invalid_signature` otherwise). checkout.session.completed (paid) confirms the cart of the transaction once with payment mode card, unless the cart total changed since (transaction `error`, nothing confirmed); checkout.session.expired cancels the transaction. Replays change nothing.',
            response: { 200: z.object({ received: z.literal(true) }), 400: problemSchema },
          },
        },
        async (request) => {
          const signature = request.headers['stripe-signature'];
          let event: Stripe.Event;
          try {
            event = verifiedEvent(String(request.body ?? ''), String(signature ?? ''));
          } catch {
            throw new ApiError(
              400,
              'invalid_signature',
              'Bad request',
              'The webhook signature is not valid.',
            );
          }
          if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.expired') {
            const session = event.data.object;
            const reference = session.client_reference_id ?? '';
            await settleCardPayment(
              reference,
              event.type === 'checkout.session.completed' && session.payment_status === 'paid',
            );
          }
          return { received: true as const };
        },
      );
    });

    function verifiedEvent(raw: string, signature: string): Stripe.Event {
      return stripe!.webhooks.constructEvent(raw, signature, webhookSecret);
    }
  }

  /**
   * Settles the pending card transaction `reference`: paid → confirm its cart (payment mode card)
   * when the cart total still equals the amount paid, else mark it `error`; not paid → `cancel`.
   * A transaction already settled is left as it is (replayed events).
   */
  async function settleCardPayment(reference: string, paid: boolean): Promise<void> {
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
};

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
 *
 * The routes parse, call service.ts (the payable, the providers, placing the order, settling a
 * card payment) and reply; the webhook's signature is checked here.
 */
import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  payableSchema,
  paymentMethodsSchema,
  paymentTransactionRequestSchema,
  paymentTransactionSchema,
  problemSchema,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../errors.ts';
import { actorOf } from '../carts/index.ts';
import { stripeClient, type PaymentOptions } from './providers.ts';
import { paymentMethodsOf, payableOf, placeOrder, settleCardPayment } from './service.ts';

const errors = {
  400: problemSchema,
  401: problemSchema,
  403: problemSchema,
  404: problemSchema,
  409: problemSchema,
};

/** frontend_redirect_url: an absolute http(s) URL (the browser is sent there). */
const redirectUrlSchema = z
  .string()
  .max(2000)
  .refine((v) => /^https?:\/\//i.test(v) && URL.canParse(v), { error: 'invalid_url' });

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
    async (request) => payableOf(db, actorOf(request)),
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
    async (request) => paymentMethodsOf(db, actorOf(request), payment, request.query.payable),
  );

  app.post(
    '/payment/transactions',
    {
      onRequest: async (request) => void actorOf(request),
      schema: {
        tags,
        summary: 'Place the order with a payment provider',
        description:
          'docs/product/cart-and-checkout.md#payment-calls POST payment/transactions {payable (cart uuid), flow redirect, provider_id, frontend_redirect_url, provider_input {note, customer_ref, suite_name}}. card (offered when Stripe is configured) records a pending transaction and answers the Stripe Checkout URL as redirect_url and its session_id; the Stripe webhook confirms the cart once paid. on_account and bank_transfer confirm the cart into an order (once: a repeated request answers the same order; bank_transfer stores a Belgian structured communication as the payment reference) and answer redirect_url = frontend_redirect_url?status=success&reference=<order number>. Errors of the confirm: 409 `cart_changed`, 403 `cannot_order`, 400 `cart_empty`, `addresses_invalid`, `made_to_order_consent_required`, `price_unavailable`, `pickup_point_required` (the carrier delivers to pickup points and none is chosen); 400 `unknown_provider`; 503 `payment_unavailable` when Stripe cannot be reached.',
        body: paymentTransactionRequestSchema.extend({ frontend_redirect_url: redirectUrlSchema }),
        response: { 200: paymentTransactionSchema, ...errors, 503: problemSchema },
      },
    },
    async (request) => placeOrder(db, { payment, stripe, log: instance.log }, actorOf(request), request.body),
  );

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
              db,
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
};

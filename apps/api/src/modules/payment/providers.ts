/**
 * Payment providers of the shop (docs/product/cart-and-checkout.md#payment Provider; docs/decisions/payment-providers.md):
 * - `on_account` (id 1): the order is invoiced to the practice, paid on the invoice's terms — the
 *   B2B default, offered to every customer user who can order;
 * - `bank_transfer` (id 2): prepayment by bank transfer with a Belgian structured communication
 *   (stored on the order as its payment reference), offered to every customer user who can order.
 * - `card` (id 3): Stripe Checkout, offered to every customer user who can order, only when Stripe
 *   is configured (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET).
 * A user who cannot order (users.can_order false) is offered nothing.
 */
import Stripe from 'stripe';
import { structuredCommunication, type Locale } from '@vetshop/domain';
import { withQuery } from './urls.ts';

export type ProviderCode = 'on_account' | 'bank_transfer' | 'card';

/** Stripe settings; `client` replaces the SDK client (tests give one whose HTTP client is local). */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  client?: Stripe;
}

/** Payment options of the app (app.ts `buildApp({payment})`). */
export interface PaymentOptions {
  stripe?: StripeSettings;
}

/** A provider as the api describes it (docs/product/cart-and-checkout.md: id, name, code, state, icons). */
export interface ProviderInfo {
  id: number;
  code: ProviderCode;
  name: Record<'fr' | 'nl' | 'en', string>;
  /** `enabled` (the values are not given by the product requirements). */
  state: 'enabled';
  icons: { sequence: number; name: string; image: string }[];
  /** State of the payment transaction recorded when the order is placed with it. */
  transactionState: 'done' | 'pending';
}

/** A small inline SVG as a data URI (no file to serve). */
function svgIcon(label: string, colour: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="32" viewBox="0 0 48 32"><rect width="48" height="32" rx="4" fill="${colour}"/><text x="24" y="21" font-family="Arial,sans-serif" font-size="12" font-weight="bold" fill="#fff" text-anchor="middle">${label}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** Every provider of the shop, in display order. */
export const PROVIDERS: readonly ProviderInfo[] = [
  {
    id: 1,
    code: 'on_account',
    name: { fr: 'Sur facture', nl: 'Op factuur', en: 'On account (invoice)' },
    state: 'enabled',
    icons: [{ sequence: 1, name: 'invoice', image: svgIcon('INV', '#0f5132') }],
    transactionState: 'done',
  },
  {
    id: 2,
    code: 'bank_transfer',
    name: { fr: 'Virement bancaire', nl: 'Overschrijving', en: 'Bank transfer' },
    state: 'enabled',
    icons: [{ sequence: 1, name: 'bank transfer', image: svgIcon('SEPA', '#1d4ed8') }],
    transactionState: 'pending',
  },
];

/** The card provider (Stripe Checkout), offered only when Stripe is configured. */
export const CARD_PROVIDER: ProviderInfo = {
  id: 3,
  code: 'card',
  name: { fr: 'Carte de paiement', nl: 'Betaalkaart', en: 'Payment card' },
  state: 'enabled',
  icons: [{ sequence: 1, name: 'card', image: svgIcon('CARD', '#635bff') }],
  transactionState: 'pending',
};

/**
 * The providers offered to a customer user: on account and bank transfer (and card when Stripe is
 * configured) when the user can order, else none.
 */
export function providersFor(user: { canOrder: boolean }, options: PaymentOptions = {}): ProviderInfo[] {
  if (!user.canOrder) return [];
  return options.stripe ? [...PROVIDERS, CARD_PROVIDER] : [...PROVIDERS];
}

/** The Stripe SDK client of the settings (one per app). */
export function stripeClient(settings: StripeSettings): Stripe {
  return settings.client ?? new Stripe(settings.secretKey, { maxNetworkRetries: 1, timeout: 10_000 });
}

/**
 * Parameters of the Stripe Checkout Session of a card payment: one line "order <cart>" of the cart
 * total incl. VAT in cents (currency eur), success and cancel URLs built from the frontend's
 * redirect URL with `status=success|cancelled&reference=<transaction reference>`, the transaction
 * reference as `client_reference_id` (the webhook finds the transaction with it).
 */
export function checkoutSessionParams(input: {
  reference: string;
  amountCents: number;
  cartName: string;
  frontendRedirectUrl: string;
  locale: Locale;
  email?: string | null;
}): Stripe.Checkout.SessionCreateParams {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
    throw new RangeError('amount must be a positive number of cents');
  return {
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'eur',
          unit_amount: input.amountCents,
          product_data: { name: `VetShop - ${input.cartName}` },
        },
      },
    ],
    success_url: withQuery(input.frontendRedirectUrl, { status: 'success', reference: input.reference }),
    cancel_url: withQuery(input.frontendRedirectUrl, { status: 'cancelled', reference: input.reference }),
    client_reference_id: input.reference,
    metadata: { reference: input.reference },
    locale: input.locale,
    ...(input.email ? { customer_email: input.email } : {}),
  };
}

/**
 * Structured communication of a bank transfer for the cart `cartId` (one cart → one order, so the
 * reference is unique per order and the same on a repeated request).
 */
export function bankTransferReference(cartId: number): string {
  return structuredCommunication(cartId);
}

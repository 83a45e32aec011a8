/**
 * Payment (docs/product/cart-and-checkout.md#cart-calls Cart GET current/payable, docs/product/cart-and-checkout.md#payment-calls, docs/product/cart-and-checkout.md#payment;
 * docs/decisions/payment-providers.md): the payable of the open cart, the providers offered, and
 * placing the order on account or by bank transfer (cart confirmed once, a repeated request answers
 * the same order, one transaction row, structured communication with valid check digits).
 * Runs on in-memory PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import {
  isStructuredCommunication,
  payableSchema,
  paymentMethodsSchema,
  paymentTransactionSchema,
  saleDetailSchema,
  type Cart,
} from '@vetshop/domain';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { paymentTransactions, sales, users } from '../src/db/schema.ts';
import { seedCarriers } from '../src/seed/carriers.ts';
import { withQuery } from '../src/modules/payment/urls.ts';
import { checkoutSessionParams } from '../src/modules/payment/providers.ts';
import { createCustomer, createStaff, signIn } from './account-fixtures.ts';
import { insertFixture } from './fixtures.ts';
import { databaseTargets } from './targets.ts';

const targets = databaseTargets();

const FRONT = 'https://shop.example.test/fr/cart-confirm';

describe('withQuery', () => {
  it('adds parameters and keeps the existing ones, encoded', () => {
    expect(withQuery(FRONT, { status: 'success', reference: 'SO2026/1' })).toBe(
      `${FRONT}?status=success&reference=SO2026%2F1`,
    );
    expect(withQuery('https://x.test/p?lang=nl', { status: 'success' })).toBe(
      'https://x.test/p?lang=nl&status=success',
    );
  });
});

describe('checkoutSessionParams (Stripe Checkout)', () => {
  it('charges the total in cents in eur and comes back to the frontend with the status', () => {
    const params = checkoutSessionParams({
      reference: 'CARD-1-abc',
      amountCents: 12_345,
      cartName: 'Cart 7',
      frontendRedirectUrl: 'https://shop.example.test/nl/cart-confirm?x=1',
      locale: 'nl',
      email: 'vet@example.test',
    });
    expect(params).toMatchObject({
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: { currency: 'eur', unit_amount: 12_345 } }],
      success_url: 'https://shop.example.test/nl/cart-confirm?x=1&status=success&reference=CARD-1-abc',
      cancel_url: 'https://shop.example.test/nl/cart-confirm?x=1&status=cancelled&reference=CARD-1-abc',
      client_reference_id: 'CARD-1-abc',
      locale: 'nl',
      customer_email: 'vet@example.test',
    });
    expect(() =>
      checkoutSessionParams({
        reference: 'r',
        amountCents: 0,
        cartName: 'c',
        frontendRedirectUrl: FRONT,
        locale: 'fr',
      }),
    ).toThrow(RangeError);
  });
});

describe.each(targets)('payment on $name', (target) => {
  let app: FastifyInstance;
  let database: Database;
  let variantId = 0;

  async function customer() {
    const c = await createCustomer(database.db);
    return { ...c, cookie: await signIn(app, c.login) };
  }

  /** A cart of `cookie`'s customer with 3 units of the priced variant (12.34 excl. VAT each). */
  async function cart(cookie: string): Promise<Cart> {
    const res = await app.inject({
      method: 'POST',
      url: '/v2/cart/sync',
      headers: { cookie },
      payload: { uuid: null, transactions: [{ uuid: randomUUID(), product_id: variantId, qty: 3 }] },
    });
    if (res.statusCode !== 200) throw new Error(`sync: ${res.statusCode} ${res.body}`);
    return res.json<Cart>();
  }

  const pay = (cookie: string, payload: object) =>
    app.inject({ method: 'POST', url: '/payment/transactions', headers: { cookie }, payload });

  beforeAll(async () => {
    ({ database } = await target.open('vetshop_payment_test', 6));
    await insertFixture(database.db);
    await seedCarriers(database.db);
    const rows = await database.db.execute<{ id: number }>(sql`
      SELECT v.id FROM product_variants v JOIN products p ON p.id = v.product_id
      WHERE NOT p.not_sold_on_website AND cardinality(p.vet_group_ids) = 0 AND NOT v.made_to_order
      ORDER BY v.id LIMIT 1`);
    variantId = Number(rows.rows[0]!.id);
    await database.db.execute(sql`
      INSERT INTO price_tiers (variant_id, price_list_id, price_cents, min_quantity)
      VALUES (${variantId}, (SELECT id FROM price_lists WHERE code = 'veterinary'), 1234, 1)`);
    app = await buildApp({ db: database });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('GET /carts/current/payable: the cart uuid and its total incl. VAT, formatted for the language', async () => {
    const c = await customer();
    expect(
      (await app.inject({ method: 'GET', url: '/carts/current/payable', headers: { cookie: c.cookie } }))
        .statusCode,
    ).toBe(404);
    const current = await cart(c.cookie);
    const res = await app.inject({
      method: 'GET',
      url: '/carts/current/payable?lang=nl',
      headers: { cookie: c.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const payable = payableSchema.parse(res.json());
    expect(payable.reference).toBe(current.uuid);
    expect(payable.amount).toBe(current.amount.total);
    expect(payable.amount).toBeGreaterThan(current.amount.untaxed);
    expect(payable.currency_code).toBe('EUR');
    expect(payable.formatted_amount).toBe(`€\u00a0${payable.amount.toFixed(2).replace('.', ',')}`);
  });

  it('GET /payment/methods: on account and bank transfer for users who can order, nothing otherwise', async () => {
    const c = await customer();
    const current = await cart(c.cookie);
    const res = await app.inject({
      method: 'GET',
      url: `/payment/methods?payable=${current.uuid}&lang=en`,
      headers: { cookie: c.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { providers } = paymentMethodsSchema.parse(res.json());
    expect(providers.map((p) => p.code)).toEqual(['on_account', 'bank_transfer']);
    expect(providers[0]!.icons[0]!.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const other = await customer();
    const foreign = await app.inject({
      method: 'GET',
      url: `/payment/methods?payable=${current.uuid}`,
      headers: { cookie: other.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    await database.db.update(users).set({ canOrder: false }).where(eq(users.id, c.userId));
    const none = await app.inject({
      method: 'GET',
      url: `/payment/methods?payable=${current.uuid}`,
      headers: { cookie: c.cookie },
    });
    expect(paymentMethodsSchema.parse(none.json()).providers).toEqual([]);
    const refused = await pay(c.cookie, {
      payable: current.uuid,
      flow: 'redirect',
      provider_id: 1,
      frontend_redirect_url: FRONT,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'unknown_provider' });
  });

  it('on account: confirms the cart once, a repeated request answers the same order and transaction', async () => {
    const c = await customer();
    const current = await cart(c.cookie);
    const body = {
      payable: current.uuid,
      flow: 'redirect',
      provider_id: 1,
      frontend_redirect_url: FRONT,
      provider_input: { customer_ref: 'PO-9', note: 'Rear door', suite_name: 'S-9' },
    };
    const [first, second] = await Promise.all([pay(c.cookie, body), pay(c.cookie, body)]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    const tx = paymentTransactionSchema.parse(first.json());
    expect(paymentTransactionSchema.parse(second.json())).toEqual(tx);
    expect(tx).toMatchObject({
      flow: 'redirect',
      provider_code: 'on_account',
      currency: 'EUR',
      amount: current.amount.total,
    });
    expect(tx.redirect_url).toBe(`${FRONT}?status=success&reference=${tx.sale_name}`);
    const again = paymentTransactionSchema.parse((await pay(c.cookie, body)).json());
    expect(again.sale_id).toBe(tx.sale_id);
    const rows = await database.db.select().from(sales).where(eq(sales.customerId, c.customerId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      paymentMode: 'on_account',
      paymentReference: null,
      clientOrderRef: 'PO-9',
    });
    const txRows = await database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.customerId, c.customerId));
    expect(txRows.map((r) => [r.provider, r.state, r.saleId])).toEqual([['on_account', 'done', tx.sale_id]]);
    // The customer sees the order.
    const detail = await app.inject({
      method: 'GET',
      url: `/sales/${tx.sale_id}`,
      headers: { cookie: c.cookie },
    });
    expect(saleDetailSchema.parse(detail.json())).toMatchObject({
      payment_mode: 'on_account',
      state: 'pending',
    });
    expect(saleDetailSchema.parse(detail.json()).invoicing_address).toMatchObject({
      street: 'Rue de la Loi 16',
      country_code: 'BE',
    });
    // Its order confirmation downloads (a sale made by the real confirm, address snapshots included).
    const pdf = await app.inject({
      method: 'GET',
      url: `/sales/${tx.sale_id}/download`,
      headers: { cookie: c.cookie },
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('bank transfer: a structured communication with valid check digits stored on the order', async () => {
    const c = await customer();
    const current = await cart(c.cookie);
    const res = await pay(c.cookie, {
      payable: current.uuid,
      flow: 'redirect',
      provider_id: 2,
      frontend_redirect_url: FRONT,
    });
    expect(res.statusCode, res.body).toBe(200);
    const tx = paymentTransactionSchema.parse(res.json());
    expect(tx.provider_code).toBe('bank_transfer');
    expect(isStructuredCommunication(tx.payment_reference!)).toBe(true);
    const detail = saleDetailSchema.parse(
      (
        await app.inject({ method: 'GET', url: `/sales/${tx.sale_id}`, headers: { cookie: c.cookie } })
      ).json(),
    );
    expect(detail).toMatchObject({ payment_mode: 'bank_transfer', payment_reference: tx.payment_reference });
    const [row] = await database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.saleId, tx.sale_id!));
    expect(row!.state).toBe('pending');
  });

  it('refuses bad input, foreign carts and non-customers', async () => {
    const c = await customer();
    const current = await cart(c.cookie);
    const base = { payable: current.uuid, flow: 'redirect', provider_id: 1, frontend_redirect_url: FRONT };
    expect((await pay(c.cookie, { ...base, frontend_redirect_url: 'javascript:alert(1)' })).statusCode).toBe(
      400,
    );
    expect((await pay(c.cookie, { ...base, flow: 'inline' })).statusCode).toBe(400);
    expect((await pay(c.cookie, { ...base, provider_id: 99 })).json()).toMatchObject({
      code: 'unknown_provider',
    });
    // Card only with Stripe configured.
    expect((await pay(c.cookie, { ...base, provider_id: 3 })).json()).toMatchObject({
      code: 'unknown_provider',
    });
    const other = await customer();
    const foreign = await pay(other.cookie, base);
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json()).toMatchObject({ code: 'cart_changed' });
    expect(
      (await app.inject({ method: 'POST', url: '/payment/transactions', payload: base })).statusCode,
    ).toBe(401);
    const staff = await createStaff(database.db);
    expect((await pay(await signIn(app, staff.login), base)).statusCode).toBe(403);
    // Nothing was confirmed by the refused requests.
    const rows = await database.db.select().from(sales).where(eq(sales.customerId, c.customerId));
    expect(rows).toHaveLength(0);
  });
  describe('card (Stripe, requests captured locally: nothing leaves the machine)', () => {
    let cardApp: FastifyInstance;
    const requests: { url: string; body: string }[] = [];
    const WHSEC = 'whsec_test_secret';
    let stripe: Stripe;

    beforeAll(async () => {
      const fakeFetch = (async (url: string, init: RequestInit) => {
        requests.push({ url: String(url), body: String(init.body) });
        const n = requests.length;
        return new Response(
          JSON.stringify({
            id: `cs_test_${n}`,
            object: 'checkout.session',
            url: `https://checkout.stripe.test/${n}`,
          }),
          { status: 200, headers: { 'content-type': 'application/json', 'request-id': `req_${n}` } },
        );
      }) as unknown as typeof fetch;
      stripe = new Stripe('sk_test_local', {
        httpClient: Stripe.createFetchHttpClient(fakeFetch),
        maxNetworkRetries: 0,
      });
      cardApp = await buildApp({
        db: database,
        payment: { stripe: { secretKey: 'sk_test_local', webhookSecret: WHSEC, client: stripe } },
      });
      await cardApp.ready();
    });
    afterAll(async () => {
      await cardApp?.close();
    });

    /** Sends a Stripe event for the transaction `reference`, signed with `secret`. */
    const webhook = (type: string, reference: string, secret = WHSEC, paymentStatus = 'paid') => {
      const payload = JSON.stringify({
        id: `evt_${randomUUID()}`,
        object: 'event',
        type,
        data: {
          object: {
            id: 'cs_test',
            object: 'checkout.session',
            client_reference_id: reference,
            payment_status: paymentStatus,
          },
        },
      });
      return cardApp.inject({
        method: 'POST',
        url: '/payment/stripe/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret }),
        },
        payload,
      });
    };

    it('is offered only when Stripe is configured; opens a Checkout Session for the cart total', async () => {
      const c = await customer();
      const cookie = await signIn(cardApp, c.login);
      const current = await cart(cookie);
      const methods = await cardApp.inject({
        method: 'GET',
        url: `/payment/methods?payable=${current.uuid}`,
        headers: { cookie },
      });
      expect(paymentMethodsSchema.parse(methods.json()).providers.map((p) => p.code)).toEqual([
        'on_account',
        'bank_transfer',
        'card',
      ]);
      const res = await cardApp.inject({
        method: 'POST',
        url: '/payment/transactions',
        headers: { cookie },
        payload: { payable: current.uuid, flow: 'redirect', provider_id: 3, frontend_redirect_url: FRONT },
      });
      expect(res.statusCode, res.body).toBe(200);
      const tx = paymentTransactionSchema.parse(res.json());
      expect(tx).toMatchObject({ provider_code: 'card', sale_id: null, amount: current.amount.total });
      expect(tx.redirect_url).toBe(`https://checkout.stripe.test/${requests.length}`);
      expect(tx.session_id).toBe(`cs_test_${requests.length}`);
      const sent = requests.at(-1)!;
      expect(sent.url).toBe('https://api.stripe.com/v1/checkout/sessions');
      const form = new URLSearchParams(sent.body);
      expect(form.get('line_items[0][price_data][unit_amount]')).toBe(
        String(Math.round(current.amount.total * 100)),
      );
      expect(form.get('line_items[0][price_data][currency]')).toBe('eur');
      expect(form.get('success_url')).toBe(withQuery(FRONT, { status: 'success', reference: tx.reference }));
      expect(form.get('cancel_url')).toBe(withQuery(FRONT, { status: 'cancelled', reference: tx.reference }));
      // Not confirmed before the payment.
      expect(await database.db.select().from(sales).where(eq(sales.customerId, c.customerId))).toHaveLength(
        0,
      );

      // A forged event changes nothing; the signed one confirms the cart once, replays too.
      const forged = await webhook('checkout.session.completed', tx.reference, 'whsec_wrong');
      expect(forged.statusCode).toBe(400);
      expect(forged.json()).toMatchObject({ code: 'invalid_signature' });
      expect((await webhook('checkout.session.completed', tx.reference)).statusCode).toBe(200);
      expect((await webhook('checkout.session.completed', tx.reference)).statusCode).toBe(200);
      const placed = await database.db.select().from(sales).where(eq(sales.customerId, c.customerId));
      expect(placed.map((s) => s.paymentMode)).toEqual(['card']);
      const [row] = await database.db
        .select()
        .from(paymentTransactions)
        .where(eq(paymentTransactions.reference, tx.reference));
      expect(row).toMatchObject({ state: 'done', saleId: placed[0]!.id });
    });

    it('an expired session cancels the transaction; a cart changed after the checkout is not confirmed', async () => {
      const c = await customer();
      const cookie = await signIn(cardApp, c.login);
      const current = await cart(cookie);
      const start = () =>
        cardApp.inject({
          method: 'POST',
          url: '/payment/transactions',
          headers: { cookie },
          payload: { payable: current.uuid, flow: 'redirect', provider_id: 3, frontend_redirect_url: FRONT },
        });
      const expired = paymentTransactionSchema.parse((await start()).json());
      expect((await webhook('checkout.session.expired', expired.reference, WHSEC, 'unpaid')).statusCode).toBe(
        200,
      );
      const changed = paymentTransactionSchema.parse((await start()).json());
      await cart(cookie); // 3 more units after the checkout started
      expect((await webhook('checkout.session.completed', changed.reference)).statusCode).toBe(200);
      const states = await database.db
        .select({ reference: paymentTransactions.reference, state: paymentTransactions.state })
        .from(paymentTransactions)
        .where(eq(paymentTransactions.customerId, c.customerId));
      expect(Object.fromEntries(states.map((s) => [s.reference, s.state]))).toEqual({
        [expired.reference]: 'cancel',
        [changed.reference]: 'error',
      });
      expect(await database.db.select().from(sales).where(eq(sales.customerId, c.customerId))).toHaveLength(
        0,
      );
    });
  });
});

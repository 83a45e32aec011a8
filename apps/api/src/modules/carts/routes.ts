/**
 * HTTP routes of the cart, carriers and pickup points (docs/product/cart-and-checkout.md#cart-calls "Cart (base path carts)" and
 * "Carriers", docs/product/cart-and-checkout.md#sync). Every route needs a signed-in customer: 401 for guests,
 * 403 for staff users. Texts of the answer (product names, url keys, country names) are in the
 * request's language (`lang` query parameter, else Accept-Language, else fr).
 *
 * - POST /carts/sync and POST /v2/cart/sync {uuid, transactions} → the cart (200) or 204;
 *   `?answer=summary` → {id, uuid, lines_count, applied} (200) or 204.
 * - GET /carts/current → the cart or 204.
 * - POST /carts/current/update, /set_carrier, /set_pickup, /coupon → the cart.
 * - GET /carts/current/delivery_carriers, GET /delivery_carriers, GET /delivery_pickups.
 * - GET /carts/next_suite_name → {value}; POST /carts/refresh_qty_unavailable {uuid} → the cart.
 * - POST /carts/confirm {uuid, note, customer_ref, suite_name} → the sale (201 created, 200 again).
 * - POST /carts/csv (multipart `file`) → {cart, imported, errors}: can_import users only.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  carrierListSchema,
  cartSchema,
  cartUpdateSchema,
  confirmRequestSchema,
  confirmResponseSchema,
  couponSchema,
  couponProblemSchema,
  csvImportResultSchema,
  ORDER_IMPORT_MAX_MB,
  nextSuiteNameSchema,
  pickupListSchema,
  pickupQuerySchema,
  problemSchema,
  refreshQtyRequestSchema,
  setCarrierSchema,
  setPickupSchema,
  syncRequestSchema,
  refusedTransactionSchema,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { ApiError, badRequest } from '../../errors.ts';
import { builtAnswer, langQuery, problemReplies, requestLocale, requireCustomer } from '../../http/index.ts';
import { guard } from '../auth/index.ts';
import { importCsv } from './csv.ts';
import {
  applyCoupon,
  confirmCart,
  currentCart,
  listCarriers,
  nextSuiteName,
  refreshQtyUnavailable,
  searchPickups,
  setCarrier,
  setPickup,
  syncCartSummary,
  syncCartView,
  updateCart,
  type CartActor,
} from './service.ts';

const errors = problemReplies(400, 401, 403, 404, 409, 503);

// Every cart the api answers — here, in carts/delivery-routes.ts, modules/coupons and the staff's
// order preview — is built field by field by `computeCart` (cart-view.ts): sent without zod's
// encode, checked against the schema in tests (http/answers.ts, docs/decisions/built-answers.md).
builtAnswer(cartSchema);

/**
 * Light answer of POST carts/sync?answer=summary (docs/decisions/cart-sync-performance.md):
 * {id, uuid, lines_count, applied} instead of the priced cart — for clients that show the cart's
 * prices elsewhere (GET carts/current) or not at all.
 */
export const syncSummarySchema = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    lines_count: z.number().int(),
    applied: z.number().int(),
    refused: z.array(refusedTransactionSchema).optional(),
  })
  .strict();

/** Query of POST carts/sync: the language, and `answer` (cart, the default, or summary). */
const syncQuery = langQuery.extend({ answer: z.enum(['cart', 'summary']).optional() }).strict();

/** The acting customer user of a request (401 guest, 403 staff). */
export function actorOf(request: FastifyRequest): CartActor {
  const { user, customer } = requireCustomer(request);
  return {
    customerId: customer.id,
    userId: user.id,
    viewer: { priceList: user.priceList, vetGroupIds: [...user.vetGroupIds] },
    canOrder: user.canOrder,
    locale: requestLocale(request),
  };
}

/**
 * Registers the cart, carrier and pickup routes. `genericPlans` is the database through its
 * generic-plan connections (db/client.ts `Database.genericPlans`, or `db` itself): the sync and
 * the open cart's priced view run there (docs/decisions/cart-sync-performance.md, "Generic plans
 * for the hot path"); every other route uses `db`.
 */
export const cartRoutes: FastifyPluginAsync<{ db: Db; genericPlans: Db }> = async (
  instance,
  { db, genericPlans },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['cart'];
  const maxBytes = ORDER_IMPORT_MAX_MB * 1024 * 1024;
  // Multipart only in this plugin's scope (POST carts/csv); one file, capped.
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 } });

  app.post(
    '/carts/csv',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'Import an order file (CSV) into the open cart',
        description: `docs/product/customer-area.md#order-import POST carts/csv, multipart/form-data with one \`file\`. Only users allowed to import (can_import) → else 403 \`import_forbidden\`. Only .csv files with text content (400 \`file_not_csv\`), at most ${ORDER_IMPORT_MAX_MB} MB (413 \`file_too_large\` 'The file cannot exceed ${ORDER_IMPORT_MAX_MB} MB'). Columns: sku, cnk or ean, and quantity (header optional). An optional field \`import_id\` (8–64 letters, digits or dashes), sent before the file, names the upload: valid lines are added exactly once per import id (a replayed request adds nothing; a new upload of the same file adds its lines again; without the field each request is a new upload). Invalid lines, and lines of products the customer may not order (\`not_orderable\`), come back in \`errors\` with their line number; \`imported\` counts the lines put in the cart. A header naming no code or no quantity column → 400 \`csv_header_no_code\` / \`csv_header_no_quantity\`; no valid line → 400 \`csv_no_valid_line\` with each line's reason in \`errors\` and the cart unchanged.`,
        consumes: ['multipart/form-data'],
        querystring: langQuery,
        response: { 200: csvImportResultSchema, 413: problemSchema, ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (!requireCustomer(request).user.canImport)
        throw new ApiError(403, 'import_forbidden', 'Forbidden', 'This account cannot import orders.');
      if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data.', 'file_not_csv');
      const file = await request.file();
      if (!file) throw badRequest('No file was sent.', 'file_missing');
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new ApiError(
            413,
            'file_too_large',
            'Payload too large',
            `The file cannot exceed ${ORDER_IMPORT_MAX_MB} MB`,
          );
        throw err;
      }
      // The upload's import id, a field sent before the file (csv.ts: a replay adds nothing, a
      // new upload adds again).
      const field = file.fields['import_id'];
      const importId =
        field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : undefined;
      return importCsv(db, actor, { bytes, filename: file.filename, importId });
    },
  );

  for (const url of ['/carts/sync', '/v2/cart/sync']) {
    app.post(
      url,
      {
        onRequest: guard.customer,
        schema: {
          tags,
          summary: 'Synchronise the pending cart transactions (exactly once)',
          description:
            'POST carts/sync (default path v2/cart/sync; docs/decisions/cart-exactly-once.md). In one database transaction the open cart is locked, the transaction uuids are recorded in cart_transactions (ON CONFLICT DO NOTHING) and only the newly recorded ones change the lines: a replayed request, a second tab or a second api process changes nothing. Each signed qty is added to the line of the same product and options; a line reaching 0 is removed. Unknown or invisible product ids are recorded and ignored. An addition (qty > 0) of a regulated product the customer may not order is recorded with its reason and changes no line: the answer lists it in `refused` [{uuid, product_id, reason}] (docs/decisions/regulated-products.md). When `uuid` is not the open cart, the answer carries the open cart and its own uuid (the client drops its pending transactions). With `answer=summary` the answer is {id, uuid, lines_count, applied} instead of the priced cart (a lighter sync for clients that fetch GET carts/current where they show prices). 204 when the customer has no cart and nothing was sent; 503 `service_unavailable` when the database is unreachable (nothing is half-applied).',
          querystring: syncQuery,
          body: syncRequestSchema,
          response: { 200: builtAnswer(cartSchema.or(syncSummarySchema)), 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        if (request.query.answer === 'summary') {
          const summary = await syncCartSummary(genericPlans, actor, request.body);
          if (summary === null) return reply.status(204).send(null);
          return reply.serializer(JSON.stringify).send(syncSummarySchema.parse(summary));
        }
        const cart = await syncCartView(genericPlans, actor, request.body);
        if (cart === null) return reply.status(204).send(null);
        return cart;
      },
    );
  }

  app.get(
    '/carts/current',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'The open cart',
        description:
          'docs/product/cart-and-checkout.md#cart: lines priced with the price list of the user, totals, delivery, blockers. 204 when none.',
        querystring: langQuery,
        response: { 200: cartSchema, 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const cart = await currentCart(genericPlans, actorOf(request));
      if (!cart) return reply.status(204).send(null);
      return cart;
    },
  );

  app.post(
    '/carts/current/update',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'Update the references, note, consent and addresses of the open cart',
        description:
          'docs/product/cart-and-checkout.md#cart-calls POST carts/current/update {client_order_ref, note, delivery.address_id, invoicing.address_id, made_to_order_consent}. Address ids of another customer, or an invoicing id that is not an invoicing address → 404. 404 when there is no open cart.',
        querystring: langQuery,
        body: cartUpdateSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) => updateCart(db, actorOf(request), request.body),
  );

  app.get(
    '/carts/current/delivery_carriers',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'Carriers for the open cart, with their expected delivery date',
        description:
          'GET carts/current/delivery_carriers, named in the request language. Carriers charge nothing on top of the handling fee (price 0, docs/decisions/delivery-charges.md); expected_date is the delivery date of an order placed now (cut-off time, business days, Belgian public holidays).',
        querystring: langQuery,
        response: { 200: carrierListSchema, ...errors },
      },
    },
    async (request) => ({ data: await listCarriers(db, requestLocale(request)) }),
  );

  app.get(
    '/delivery_carriers',
    {
      onRequest: guard.customer,
      schema: {
        tags: ['carriers'],
        summary: 'Carriers, with their expected delivery date',
        description:
          'GET delivery_carriers, named in the request language; price 0 (docs/decisions/delivery-charges.md).',
        querystring: langQuery,
        response: { 200: carrierListSchema, ...errors },
      },
    },
    async (request) => ({ data: await listCarriers(db, requestLocale(request)) }),
  );

  app.get(
    '/delivery_pickups',
    {
      onRequest: guard.customer,
      schema: {
        tags: ['carriers'],
        summary: 'Pickup points of a carrier, searched by name',
        description:
          'docs/product/cart-and-checkout.md#carrier-calls GET delivery_pickups?carrier_id&name: every word of `name` must occur in the name, city or zip, case- and accent-insensitively; at most 50.',
        querystring: pickupQuerySchema,
        response: { 200: pickupListSchema, ...errors },
      },
    },
    async (request) => ({ data: await searchPickups(db, request.query.carrier_id, request.query.name) }),
  );

  app.post(
    '/carts/current/set_carrier',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'Choose the carrier of the open cart',
        description:
          'docs/product/cart-and-checkout.md#cart-calls POST carts/current/set_carrier {carrier_id}; 404 for an unknown carrier.',
        querystring: langQuery,
        body: setCarrierSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) => setCarrier(db, actorOf(request), request.body.carrier_id),
  );

  app.post(
    '/carts/current/set_pickup',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'Choose a pickup point (and its carrier)',
        description:
          'docs/product/cart-and-checkout.md#cart-calls POST carts/current/set_pickup {pickup_site_id}; 404 for an unknown pickup point.',
        querystring: langQuery,
        body: setPickupSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) => setPickup(db, actorOf(request), request.body.pickup_site_id),
  );

  app.post(
    '/carts/current/coupon',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'Apply a coupon code',
        description:
          'POST carts/current/coupon {code} (docs/decisions/coupons.md). Without a code nothing happens (200 with the cart, 204 without a cart). A code is kept on the cart when it gives a reward (`promo_codes`, `reward_amount` and `reward_amount_tax_incl`); otherwise 400 `coupon_unknown`, `coupon_expired`, `coupon_minimum` (with `min_order`, EUR excl. VAT), `coupon_used` or `coupon_not_applicable`, detail in the caller’s language (docs/decisions/coupons.md). 404 without an open cart.',
        querystring: langQuery,
        body: couponSchema,
        response: { 200: cartSchema, 204: z.null(), ...errors, 400: couponProblemSchema },
      },
    },
    async (request, reply) => {
      const cart = await applyCoupon(db, actorOf(request), request.body.code);
      if (!cart) return reply.status(204).send(null);
      return cart;
    },
  );

  app.get(
    '/carts/next_suite_name',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'Next suite number of the customer',
        description:
          'docs/product/cart-and-checkout.md#cart-calls GET carts/next_suite_name → {value}: "S-<customer number>-<n+1>", n = orders with a suite name.',
        response: { 200: nextSuiteNameSchema, ...errors },
      },
    },
    async (request) => ({ value: await nextSuiteName(db, actorOf(request).customerId) }),
  );

  app.post(
    '/carts/refresh_qty_unavailable',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'Recompute the unavailable quantities of the cart lines',
        description:
          'docs/product/cart-and-checkout.md#cart-calls POST carts/refresh_qty_unavailable {uuid, previous?}: qty_unavailable per line from the stock levels (without a level: in_stock 1000, in_limited_stock 5, others 0); a line listed in `previous` with unavailable units and now fully available has qty_available_again. 404 without an open cart; 409 `cart_changed` when uuid is not the open cart.',
        querystring: langQuery,
        body: refreshQtyRequestSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) =>
      refreshQtyUnavailable(
        db,
        actorOf(request),
        request.body.uuid,
        new Map((request.body.previous ?? []).map((p) => [p.line_id, p.qty_unavailable])),
      ),
  );

  app.post(
    '/carts/confirm',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'Confirm the cart into an order',
        description:
          'POST carts/confirm {uuid, note, customer_ref, suite_name} (docs/decisions/order-limits.md, docs/decisions/regulated-products.md, docs/decisions/stock-moves.md): creates the order (state pending, channel web, number SO<year><6 digits>) in one transaction with the cart locked → 201. Confirming the same cart again returns the same order → 200. 409 `cart_changed` when uuid is not the open or confirmed cart of the customer; 403 `cannot_order`; 403 with a regulated-product reason code (`prescription_requires_depot`, `student_no_medicines`, `belgium_only`…, docs/decisions/regulated-products.md) when a line may no longer be ordered; 400 `cart_empty`, `addresses_invalid`, `made_to_order_consent_required`, `price_unavailable`, `pickup_point_required` (the carrier delivers to pickup points and none is chosen).',
        querystring: langQuery,
        body: confirmRequestSchema,
        response: { 200: confirmResponseSchema, 201: confirmResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { created, ...sale } = await confirmCart(db, {
        customerId: actor.customerId,
        userId: actor.userId,
        uuid: request.body.uuid,
        note: request.body.note,
        customerRef: request.body.customer_ref,
        suiteName: request.body.suite_name,
        locale: actor.locale,
      });
      return reply.status(created ? 201 : 200).send(sale);
    },
  );
};

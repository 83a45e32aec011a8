/**
 * HTTP routes of orders (docs/product/orders-and-documents.md#sales-calls: GET sales, GET sales/{id}, GET orders) and the staff
 * operations whose effects the customer sees (state, pickings, invoices, credit notes).
 *
 * Customer routes: 401 for guests, 403 for staff users (no customer), 404 for a sale of another
 * customer. Staff routes: 401 guests, 403 customers. Money EUR (2 decimals), excl. VAT unless named.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  creditNoteInputSchema,
  ordersListSchema,
  ordersQuerySchema,
  pickingInputSchema,
  pickingSchema,
  saleDetailSchema,
  saleInvoiceSchema,
  salesListSchema,
  salesQuerySchema,
  saleStateInputSchema,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { idParams, idSchema, problemReplies, requestLocale, requireCustomer } from '../../http/index.ts';
import { guard } from '../auth/index.ts';
import { addPicking, createCreditNote, createInvoice, getSaleDetail, setSaleState } from './service.ts';
import { markPickingDelivered, searchSales } from './history.ts';
import { viewerOf } from '../catalog/index.ts';

const pickingParams = z.object({ id: idSchema, pickingId: idSchema });
const errors = problemReplies(400, 401, 403, 404, 409);

/** Registers GET sales, GET sales/{id}, GET orders and the staff order operations. */
export const salesRoutes: FastifyPluginAsync<{ db: Db }> = async (instance, { db }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['sales'];

  app.get(
    '/sales',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: "The customer's orders, newest first",
        description:
          'GET sales (docs/decisions/order-history.md) with page (default 1) and page_size (default 10): `count` (the customer’s orders matching the search) and `items` (the page). Each item carries its state and progress and its invoices. Search (all optional, combined): `q` in the order number or customer reference, `product` in a line’s product name or SKU, `date_from` / `date_to` (yyyy-mm-dd, inclusive, Brussels days). Bad input (unknown parameter, impossible date, date_to before date_from, text over 100 characters) → 400.',
        querystring: salesQuerySchema,
        response: { 200: salesListSchema, ...errors },
      },
    },
    async (request) => {
      const { customer } = requireCustomer(request);
      const { page, page_size, ...search } = request.query;
      return searchSales(db, customer.id, { page, pageSize: page_size, search });
    },
  );

  app.get(
    '/orders',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: "The customer's orders filtered by sale channel",
        description:
          'GET orders (docs/decisions/order-history.md) with page, page_size and an optional sale_channel (all, fax, mail, phone, web; all = no filter): `size` (matching orders) and `data` (the page, each order with its invoices), newest first. The search parameters of GET sales (`q`, `product`, `date_from`, `date_to`) apply too; bad input → 400.',
        querystring: ordersQuerySchema,
        response: { 200: ordersListSchema, ...errors },
      },
    },
    async (request) => {
      const { customer } = requireCustomer(request);
      const { page, page_size, sale_channel, ...search } = request.query;
      const { count, items } = await searchSales(db, customer.id, {
        page,
        pageSize: page_size,
        channel: sale_channel,
        search,
      });
      return { size: count, data: items };
    },
  );

  app.get(
    '/sales/:id',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'One order with its lines, deliveries and invoices',
        description:
          'docs/product/orders-and-documents.md#sales-calls GET sales/{id}; docs/product/orders-and-documents.md#order with the displayed figures (customer number, VAT number, suite and depot numbers, subtotal, shipping cost, total VAT, total). 404 for an order of another customer.',
        params: idParams,
        response: { 200: saleDetailSchema, ...errors },
      },
    },
    async (request) => {
      const { customer } = requireCustomer(request);
      const detail = await getSaleDetail(db, request.params.id, customer.id, {
        locale: requestLocale(request),
        viewer: viewerOf(request),
      });
      if (!detail) throw notFound(`Order ${request.params.id} not found.`);
      return detail;
    },
  );

  // ---- staff

  const staffTags = ['staff'];

  app.post(
    '/staff/sales/:id/state',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Staff: change the state of an order',
        description:
          'Allowed moves: pending → processing | cancel, processing → cancel (the same state again changes nothing). Delivery states come from pickings. 409 `invalid_state_transition` otherwise. Answers the order.',
        params: idParams,
        body: saleStateInputSchema,
        response: { 200: saleDetailSchema, ...errors },
      },
    },
    async (request) => {
      await setSaleState(db, request.params.id, request.body.state);
      return (await getSaleDetail(db, request.params.id, null))!;
    },
  );

  app.post(
    '/staff/sales/:id/pickings',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Staff: record a delivery of an order',
        description:
          '`lines` maps sale line ids to delivered quantities (> 0). Each must fit in qty − canceled − delivered (400 `qty_exceeds_remaining`, `unknown_line`). The order becomes delivery_partial, or delivery_full when every product line is delivered. 409 `invalid_state` for a cancelled or fully delivered order.',
        params: idParams,
        body: pickingInputSchema,
        response: { 201: pickingSchema, ...errors },
      },
    },
    async (request, reply) => {
      const picking = await addPicking(db, request.params.id, request.body);
      return reply.code(201).send(picking);
    },
  );

  app.post(
    '/staff/sales/:id/pickings/:pickingId/delivered',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Staff: a shipped delivery arrived',
        description:
          'docs/decisions/shipped-and-delivered.md: a picking is `shipped` from its creation; this marks it `delivered` (now). Asking again keeps the first time. The order state does not change. 404 when the picking is not one of the order’s. Answers the order.',
        params: pickingParams,
        response: { 200: saleDetailSchema, ...errors },
      },
    },
    async (request) => {
      await markPickingDelivered(db, request.params.id, request.params.pickingId);
      return (await getSaleDetail(db, request.params.id, null, { locale: requestLocale(request) }))!;
    },
  );

  app.post(
    '/staff/sales/:id/invoices',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Staff: invoice the delivered quantities not invoiced yet',
        description:
          'Numbered INV/<year>/<000001> (one sequence, safe under concurrency). Handling fee / shipping lines go on the first invoice. 409 `nothing_to_invoice` when no delivered quantity waits.',
        params: idParams,
        response: { 201: saleInvoiceSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createInvoice(db, request.params.id)),
  );

  app.post(
    '/staff/invoices/:id/credit_note',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Staff: credit quantities of an invoice',
        description:
          '`lines` maps sale line ids of the invoice to quantities (> 0), at most what it billed and not credited yet (400 `qty_exceeds_invoiced`). Numbered CN/<year>/<000001>. 409 `not_an_invoice` for a credit note.',
        params: idParams,
        body: creditNoteInputSchema,
        response: { 201: saleInvoiceSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCreditNote(db, request.params.id, request.body.lines)),
  );
};

/**
 * Routes of regulated products and product links (docs/decisions/regulated-products.md,
 * docs/decisions/product-links.md):
 * - staff (guard.staff: 401 guests, 403 customers; every change lands in the audit log through
 *   the app-wide hook of modules/audit): customer lookup, exceptions per customer × product
 *   (list, grant, revoke), product links (read, replace);
 * - catalogue: the links of a product for the caller (public) and the signed-in customer's
 *   consumption of a product (customers only).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  consumptionSchema,
  localeSchema,
  productByCodeQuerySchema,
  productByCodeSchema,
  productLinkListSchema,
  productLinksPutSchema,
  restrictionCustomerListSchema,
  restrictionCustomerQuerySchema,
  restrictionExceptionCreateSchema,
  restrictionExceptionListSchema,
  variantRestrictionsQuerySchema,
  variantRestrictionsSchema,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import {
  idParams,
  idSchema,
  langQuery,
  problemReplies,
  requestLocale,
  requireCustomer,
  requireStaff,
} from '../../http/index.ts';
import { guard } from '../auth/index.ts';
import { viewerOf } from '../catalog/index.ts';
import {
  consumptionOf,
  findCustomers,
  grantException,
  listExceptions,
  productByCode,
  productIdsByCode,
  productLinksOf,
  putProductLinks,
  restrictionCustomer,
  revokeException,
} from './staff.ts';
import { viewerCustomerId } from './catalog.ts';
import { restrictionsOfVariants } from './service.ts';

const exceptionParams = z.object({ id: idSchema, productId: idSchema });
const errors = problemReplies(400, 401, 403, 404);

/**
 * Registers the staff restriction and product-link routes and the catalogue link / consumption
 * routes. `genericPlans` is the database through its generic-plan connections (db/client.ts
 * `Database.genericPlans`, or `db` itself): the catalogue's links and the customer's consumption,
 * key lookups read on every signed-in product page, run there, so PostgreSQL keeps one plan per
 * connection instead of planning them on every page (docs/decisions/web-page-performance.md,
 * "Signed-in product page: fewer api calls, key lookups on generic plans").
 */
export const restrictionRoutes: FastifyPluginAsync<{ db: Db; genericPlans?: Db }> = async (
  instance,
  { db, genericPlans = db },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];

  app.get(
    '/staff/restrictions/customers',
    {
      onRequest: guard.staff,
      schema: {
        tags,
        summary: 'Find a customer for the restriction exceptions (staff)',
        description:
          'Customers whose number or name contains `q` (case-insensitive), at most 10, with their function and the depot, subscription and APB numbers the regulated-product rules read.',
        querystring: restrictionCustomerQuerySchema,
        response: { 200: restrictionCustomerListSchema, ...errors },
      },
    },
    async (request) => ({ data: await findCustomers(db, request.query.q) }),
  );

  app.get(
    '/staff/customers/:id/restriction-exceptions',
    {
      onRequest: guard.staff,
      schema: {
        tags,
        summary: 'Regulated-product exceptions of a customer (staff)',
        description:
          'The customer (function, depot / subscription / APB numbers) and the products staff let them order despite the rules of docs/decisions/regulated-products.md, newest first, each with the reason they would be refused without it (null: no longer restricted). 404 for an unknown customer.',
        params: idParams,
        querystring: langQuery,
        response: { 200: restrictionExceptionListSchema, ...errors },
      },
    },
    async (request) => {
      const customer = await restrictionCustomer(db, request.params.id);
      return { customer, data: await listExceptions(db, customer.id, requestLocale(request)) };
    },
  );

  app.post(
    '/staff/customers/:id/restriction-exceptions',
    {
      onRequest: guard.staff,
      schema: {
        tags,
        summary: 'Grant a regulated-product exception (staff)',
        description:
          'Lets the customer order the product despite its restrictions, Belgium only excepted: `product_id` (model id) or `product_code` (SKU, CNK or GTIN of one of its variants; docs/decisions/staff-product-codes.md), exactly one (400 `product_required`); `note` says why (max 500 characters). Granting again replaces the note. Recorded in the audit log. 404 for an unknown customer or product, `unknown_product_code` (field `product_code`) for a code that names no product.',
        params: idParams,
        body: restrictionExceptionCreateSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const staff = requireStaff(request);
      const { product_id, product_code, note } = request.body;
      const productId = product_id ?? (await productIdsByCode(db, [product_code!], () => 'product_code'))[0]!;
      await grantException(db, request.params.id, productId, note, staff.user.id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/staff/customers/:id/restriction-exceptions/:productId',
    {
      onRequest: guard.staff,
      schema: {
        tags,
        summary: 'Revoke a regulated-product exception (staff)',
        description:
          'The customer is again judged by the rules for that product (lines already in the cart are refused at confirm). Recorded in the audit log. 404 when there is no such exception.',
        params: exceptionParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      if (!(await revokeException(db, request.params.id, request.params.productId)))
        throw notFound(
          `No exception for customer ${request.params.id} and product ${request.params.productId}.`,
        );
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/staff/products/by-code',
    {
      onRequest: guard.staff,
      schema: {
        tags,
        summary: 'The product a code names (staff)',
        description:
          "The product (model id, name and url key in `lang`) one of whose variants has `code` as SKU (any case), else as CNK, else as GTIN — the rule of the order import (docs/decisions/staff-product-codes.md) — whatever its visibility, with that variant's codes. 404 `unknown_product_code` (field `code`).",
        querystring: productByCodeQuerySchema,
        response: { 200: productByCodeSchema, ...errors },
      },
    },
    async (request) => productByCode(db, request.query.code, requestLocale(request)),
  );

  app.get(
    '/staff/products/:id/links',
    {
      onRequest: guard.staff,
      schema: {
        tags,
        summary: 'Cross-sell, up-sell and related products of a product (staff)',
        description:
          "Every link of the product (model id), by kind (cross, up, related) then sequence, each with its main variant's `sku`.",
        params: idParams,
        querystring: langQuery,
        response: { 200: productLinkListSchema, ...errors },
      },
    },
    async (request) => ({ data: await productLinksOf(db, request.params.id, requestLocale(request), null) }),
  );

  app.put(
    '/staff/products/:id/links',
    {
      onRequest: guard.staff,
      schema: {
        tags,
        summary: 'Replace the links of a product (staff)',
        description:
          '`links` [{linked_product_id or linked_product_code (SKU, CNK or GTIN), kind cross|up|related, sequence}] (at most 100) replaces every link of the product; a link to itself is dropped. Recorded in the audit log. 404 for an unknown product, `unknown_product_code` (field `links.<i>.linked_product_code`) for a code that names no product.',
        params: idParams,
        body: productLinksPutSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await putProductLinks(db, request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/catalog/products/:id/links',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Cross-sell, up-sell and related products',
        description:
          "The product's links in `lang` that the caller may see (not sold on the website and veterinary-group restrictions apply), by kind then sequence, with the main variant's stock state (alternatives to an out-of-stock product).",
        params: idParams,
        querystring: langQuery,
        response: { 200: productLinkListSchema, ...errors },
      },
    },
    async (request) => ({
      data: await productLinksOf(genericPlans, request.params.id, requestLocale(request), viewerOf(request)),
    }),
  );

  app.get(
    '/catalog/restrictions',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Why the signed-in customer may not order these variants',
        description:
          'For the variants `variant_ids` (comma separated, at most 200): {variant id: reason} of those the signed-in customer may not order (docs/decisions/regulated-products.md; delivery country of the open cart, else of the main invoicing address); only restricted ones are listed. Guests and staff get an empty map. Used by the listings that add to the cart (promotions, selection, most ordered, standard orders, wishlists).',
        querystring: variantRestrictionsQuerySchema,
        response: { 200: variantRestrictionsSchema, ...errors },
      },
    },
    async (request) => {
      const customerId = viewerCustomerId(request);
      if (customerId === null) return { restrictions: {} };
      const map = await restrictionsOfVariants(db, customerId, request.query.variant_ids);
      return { restrictions: Object.fromEntries([...map].map(([id, r]) => [String(id), r.reason])) };
    },
  );

  app.get(
    '/catalog/consumption',
    {
      onRequest: guard.customer,
      schema: {
        tags: ['catalog'],
        summary: "The signed-in customer's average monthly consumption of a product",
        description:
          "Units of the product `product_id` (model id, all variants) on the customer's orders of the last 12 months (cancelled orders and units excluded), and that total / 12 rounded to 1 decimal. 401 for guests, 403 for staff.",
        querystring: z.strictObject({ product_id: idSchema, lang: localeSchema.optional() }),
        response: { 200: consumptionSchema, ...errors },
      },
    },
    async (request) =>
      consumptionOf(genericPlans, requireCustomer(request).customer.id, request.query.product_id),
  );
};

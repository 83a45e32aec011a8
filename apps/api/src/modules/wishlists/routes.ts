/**
 * HTTP routes of standard orders, the requirements' "wishlists" (docs/product/customer-area.md#wishlist-calls, docs/product/customer-area.md#standard-order-rules,
 * docs/product/errors.md#orders-and-customer-area "Wishlist duplicate"; contracts in @vetshop/domain contracts/wishlist.ts):
 *
 * - GET /wishlists?page=1&page_size=999 → {count, items} (lists without lines, sorted by name)
 * - GET /wishlists/{id} → the list with its lines
 * - POST /wishlists {name} → 201 the new empty list
 * - POST /wishlists/{id}/add_item {product_id, quantity = 1} → the list
 * - POST /wishlists/{id}/update {name?, lines?: [{id, quantity}]} → the list (quantity 0 removes)
 * - DELETE /wishlists/{id} → 204
 *
 * Every route needs a signed-in customer user: 401 for guests, 403 for staff users; another
 * customer's list is 404. Names, url keys and prices follow the request language (`lang` query,
 * else Accept-Language) and the user's price list. Money EUR excl. VAT with 2 decimals.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  localeSchema,
  wishlistAddItemSchema,
  wishlistCreateSchema,
  wishlistListSchema,
  wishlistQuerySchema,
  wishlistSchema,
  wishlistUpdateSchema,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { idParams, langQuery, problemReplies, requestLocale, requireCustomer } from '../../http/index.ts';
import { guard } from '../auth/index.ts';
import {
  addWishlistItem,
  createWishlist,
  deleteWishlist,
  getWishlist,
  listWishlists,
  updateWishlist,
  type WishlistActor,
} from './service.ts';

/** Path id: a positive 32-bit integer (anything else is a 400, never a 500). */
const errors = problemReplies(400, 401, 403, 404, 409);

/** The acting customer user of a request (401 guest, 403 staff). */
function actorOf(request: FastifyRequest): WishlistActor {
  const { user, customer } = requireCustomer(request);
  return {
    customerId: customer.id,
    userId: user.id,
    viewer: { priceList: user.priceList, vetGroupIds: [...user.vetGroupIds] },
    locale: requestLocale(request),
  };
}

/** Registers the six wishlist routes (docs/product/customer-area.md#wishlist-calls). */
export const wishlistRoutes: FastifyPluginAsync<{ db: Db }> = async (instance, { db }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['wishlists'];

  app.get(
    '/wishlists',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: "The customer's standard orders (without lines)",
        description:
          'docs/product/customer-area.md#wishlist-calls GET wishlists with page (default 1) and page_size (default and maximum 999): `count` (all the customer’s lists) and `items` sorted by name; `lines_count` counts the lines the user may see.',
        querystring: wishlistQuerySchema.extend({ lang: localeSchema.optional() }).strict(),
        response: { 200: wishlistListSchema, ...errors },
      },
    },
    async (request) =>
      listWishlists(db, actorOf(request), { page: request.query.page, pageSize: request.query.page_size }),
  );

  app.get(
    '/wishlists/:id',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'One standard order with its lines',
        description:
          'docs/product/customer-area.md#wishlist-calls GET wishlists/{id}: lines in the order they were added, with name and url key in the request language, stock state and prices (EUR excl. VAT) of the user’s price list at the line quantity. Products the user may not see are left out. 404 for a list of another customer.',
        params: idParams,
        querystring: langQuery,
        response: { 200: wishlistSchema, ...errors },
      },
    },
    async (request) => {
      const list = await getWishlist(db, actorOf(request), request.params.id);
      if (!list) throw notFound(`Standard order ${request.params.id} not found.`);
      return list;
    },
  );

  app.post(
    '/wishlists',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'Create a standard order',
        description:
          'docs/product/customer-area.md#wishlist-calls POST wishlists {name}: a new empty list of the customer (name trimmed, 1-100 characters). 409 `wishlist_name_exists` when a list of the customer has exactly this name (docs/product/customer-area.md).',
        querystring: langQuery,
        body: wishlistCreateSchema,
        response: { 201: wishlistSchema, ...errors },
      },
    },
    async (request, reply) => {
      const list = await createWishlist(db, actorOf(request), request.body.name);
      return reply.status(201).send(list);
    },
  );

  app.post(
    '/wishlists/:id/add_item',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'Add a product to a standard order',
        description:
          'docs/product/customer-area.md#wishlist-calls POST wishlists/{id}/add_item {product_id (variant id), quantity (default 1)}. 409 `wishlist_duplicate_product` "This product already exists in this wishlist" (docs/product/customer-area.md) when the product is already in the list; 400 `wishlist_product_unknown` for a product that does not exist or that the user may not see; 404 for a list of another customer. Answers the list.',
        params: idParams,
        querystring: langQuery,
        body: wishlistAddItemSchema,
        response: { 200: wishlistSchema, ...errors },
      },
    },
    async (request) =>
      addWishlistItem(
        db,
        actorOf(request),
        request.params.id,
        request.body.product_id,
        request.body.quantity,
      ),
  );

  app.post(
    '/wishlists/:id/update',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'Rename a standard order and/or change its lines',
        description:
          'docs/product/customer-area.md#wishlist-calls POST wishlists/{id}/update {name?, lines?: [{id, quantity}]}: `name` renames (409 `wishlist_name_exists`), each line gets `quantity` units (0 removes it; 400 `wishlist_line_unknown` for a line not in the list). At least one of name and lines; all or nothing. 404 for a list of another customer. Answers the list.',
        params: idParams,
        querystring: langQuery,
        body: wishlistUpdateSchema,
        response: { 200: wishlistSchema, ...errors },
      },
    },
    async (request) => updateWishlist(db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/wishlists/:id',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'Delete a standard order',
        description:
          'docs/product/customer-area.md#wishlist-calls DELETE wishlists/{id}: deletes the list and its lines (204). 404 for a list of another customer.',
        params: idParams,
        querystring: langQuery,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { customer } = requireCustomer(request);
      if (!(await deleteWishlist(db, customer.id, request.params.id)))
        throw notFound(`Standard order ${request.params.id} not found.`);
      return reply.status(204).send(null);
    },
  );
};

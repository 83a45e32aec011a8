/**
 * HTTP routes of the products on order (docs/product/orders-and-documents.md#products-on-order-calls: GET products_on_order, GET
 * products_on_order/{id}, POST products_on_order/cancel/{id}; docs/product/orders-and-documents.md#backorder-cancel, docs/product/orders-and-documents.md,
 * docs/product/errors.md). Customer routes: 401 for guests, 403 for staff users (no customer), 404 for a line of
 * another customer. Quantities in units, money EUR excl. VAT.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  backorderCancelInputSchema,
  backorderCancelResultSchema,
  backorderProblemSchema,
  productOnOrderSchema,
  productsOnOrderListSchema,
  productsOnOrderQuerySchema,
  type BackorderRestrict,
  type Family,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { idParams, requestLocale, requireCustomer } from '../../http/index.ts';
import { guard } from '../auth/index.ts';
import { cancelBackorder, getProductOnOrder, listProductsOnOrder } from './service.ts';

const errors = {
  400: backorderProblemSchema,
  401: backorderProblemSchema,
  403: backorderProblemSchema,
  404: backorderProblemSchema,
  409: backorderProblemSchema,
};

/** The distinct values of a parameter given as `name[]` and/or `name` (one value or several). */
function values<T extends string>(...given: (T | T[] | undefined)[]): T[] {
  return [...new Set(given.flatMap((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])))];
}

/** Registers the products-on-order routes. */
export const backorderRoutes: FastifyPluginAsync<{ db: Db }> = async (instance, { db }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['products_on_order'];

  app.get(
    '/products_on_order',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: "The customer's products on order (backorders), newest order first",
        description:
          'docs/product/orders-and-documents.md#products-on-order-calls GET products_on_order with page (default 1), per_page (1-100, default 10), families[] (meds, food, equipment) and restricts[] (`backorder`: part unavailable when ordered; `made_to_order`: made-to-order products; several = either; none = all). The page filter of docs/product/web-app-shell.md#routes sends none (all), both (backorders plus made-to-order) or made_to_order (made-to-order only). A product on order: a product line of an order neither cancelled nor fully delivered with qty − qty_delivered − qty_canceled > 0. Answers `count` and the page `items`; 400 for unknown values.',
        querystring: productsOnOrderQuerySchema,
        response: { 200: productsOnOrderListSchema, ...errors },
      },
    },
    async (request) => {
      const { customer } = requireCustomer(request);
      const q = request.query;
      return listProductsOnOrder(db, customer.id, {
        page: q.page,
        perPage: q.per_page,
        families: values<Family>(q['families[]'], q.families),
        restricts: values<BackorderRestrict>(q['restricts[]'], q.restricts),
        locale: requestLocale(request),
      });
    },
  );

  app.get(
    '/products_on_order/:id',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'One product line of the customer’s orders with its backorder quantity',
        description:
          'docs/product/orders-and-documents.md#products-on-order-calls GET products_on_order/{id} (id = sale line id): the line with qty, delivered, cancelled and backorder quantities, whether it can be cancelled now and, if not, the reason (order_closed, made_to_order_ordered, nothing_on_order). 404 for another customer’s line, a handling-fee line or an unknown id.',
        params: idParams,
        response: { 200: productOnOrderSchema, ...errors },
      },
    },
    async (request) => {
      const { customer } = requireCustomer(request);
      const line = await getProductOnOrder(db, customer.id, request.params.id, requestLocale(request));
      if (!line) throw notFound(`Product on order ${request.params.id} not found.`);
      return line;
    },
  );

  app.post(
    '/products_on_order/cancel/:id',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'Cancel units of a product on order',
        description:
          'docs/product/orders-and-documents.md#products-on-order-calls POST products_on_order/cancel/{id} {quantity}; docs/product/cart-and-checkout.md#sync. In one transaction with the order locked: raises the line’s qty_canceled, records the cancellation, credits the part already invoiced (a credit note CN/<year>/<n>), and moves the order to cancel (everything cancelled) or delivery_full (the rest delivered). 400 `backorder_cancel_quantity` with `max` unless quantity is an integer between 1 and the backorder quantity; 409 `backorder_not_cancelable` with `reason` (order_closed, made_to_order_ordered, nothing_on_order); 404 another customer’s line.',
        params: idParams,
        body: backorderCancelInputSchema,
        response: { 200: backorderCancelResultSchema, ...errors },
      },
    },
    async (request) => {
      const { customer, user } = requireCustomer(request);
      return cancelBackorder(
        db,
        customer.id,
        user.id,
        request.params.id,
        request.body.quantity,
        requestLocale(request),
      );
    },
  );
};

/**
 * HTTP routes of the coupon back office (docs/decisions/coupons.md): list, create, update and
 * deactivate coupons. Staff only (guard.staff: 401 guest, 403 non-staff); every change is a
 * non-GET `/staff/` route, so the audit hook (modules/audit/hook.ts) records who, what and when.
 * Bad input → 400 problem+json with `errors[{field, code}]`; 404 unknown coupon; 409
 * `coupon_code_taken`.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cartSchema,
  couponCreateSchema,
  couponUpdateSchema,
  staffCouponListSchema,
  staffCouponSchema,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { idParams, langQuery, problemReplies } from '../../http/index.ts';
import { guard } from '../auth/index.ts';
import { actorOf, removeCoupon } from '../carts/index.ts';
import { createCoupon, deactivateCoupon, listCoupons, updateCoupon } from './service.ts';

const errors = problemReplies(400, 401, 403, 404, 409);

/** Registers the /staff/coupons routes and DELETE /carts/current/coupon. */
export const couponRoutes: FastifyPluginAsync<{ db: Db }> = async (instance, { db }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];

  app.get(
    '/staff/coupons',
    {
      onRequest: guard.staff,
      schema: {
        tags,
        summary: 'Coupons (staff)',
        description:
          'Every coupon, newest first, with the number of confirmed orders that used it; `brands`: every brand of the catalogue {id, name}, by name (the form names them instead of their ids).',
        response: { 200: staffCouponListSchema, ...errors },
      },
    },
    async () => listCoupons(db),
  );

  app.post(
    '/staff/coupons',
    {
      onRequest: guard.staff,
      schema: {
        tags,
        summary: 'Create a coupon (staff)',
        description:
          'Code (stored upper-case), percentage (%) or amount (EUR excl. VAT), minimum order (EUR excl. VAT), dates (inclusive), uses per customer and in total (null = unlimited), families and brand ids (empty = all; 400 `unknown_brand` for an id that is no brand), active. 409 `coupon_code_taken`.',
        body: couponCreateSchema,
        response: { 201: staffCouponSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createCoupon(db, request.body)),
  );

  app.put(
    '/staff/coupons/:id',
    {
      onRequest: guard.staff,
      schema: {
        tags,
        summary: 'Update a coupon (staff)',
        description:
          'Replaces every field (same body as the creation). 404 unknown, 409 `coupon_code_taken`.',
        params: idParams,
        body: couponUpdateSchema,
        response: { 200: staffCouponSchema, ...errors },
      },
    },
    async (request) => updateCoupon(db, request.params.id, request.body),
  );

  app.delete(
    '/carts/current/coupon',
    {
      onRequest: guard.customer,
      schema: {
        tags: ['carts'],
        summary: 'Remove the coupon code of the cart',
        description:
          'The open cart keeps no promo code any more (its reward goes); answers the cart, 204 when the customer has no open cart (docs/decisions/coupons.md).',
        querystring: langQuery,
        response: { 200: cartSchema, 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const cart = await removeCoupon(db, actorOf(request));
      if (!cart) return reply.status(204).send(null);
      return cart;
    },
  );

  app.post(
    '/staff/coupons/:id/deactivate',
    {
      onRequest: guard.staff,
      schema: {
        tags,
        summary: 'Deactivate a coupon (staff)',
        description: 'The code stops applying; past orders keep their reward. 404 unknown.',
        params: idParams,
        response: { 200: staffCouponSchema, ...errors },
      },
    },
    async (request) => deactivateCoupon(db, request.params.id),
  );
};

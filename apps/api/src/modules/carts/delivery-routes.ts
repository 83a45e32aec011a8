/**
 * The cart's delivery routes (docs/decisions/cart-delivery-calls.md): POST
 * carts/current/set_public_delivery_pickup and POST carts/set_delivery_method. Signed-in customers
 * only (401 guests, 403 staff); texts of the answer in the request's language (`lang`).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cartSchema, setDeliveryMethodSchema, setPublicPickupSchema } from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { langQuery, problemReplies } from '../../http/index.ts';
import { guard } from '../auth/index.ts';
import { actorOf } from './routes.ts';
import { setDeliveryMethod, setPublicPickup } from './delivery-calls.ts';

const errors = problemReplies(400, 401, 403, 404);

/** Registers POST carts/current/set_public_delivery_pickup and POST carts/set_delivery_method. */
export const cartDeliveryRoutes: FastifyPluginAsync<{ db: Db }> = async (instance, { db }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['cart'];

  app.post(
    '/carts/current/set_public_delivery_pickup',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'Choose a public pickup point of a carrier',
        description:
          'Body {carrier_id, pickup: {code, name, street, street2, zip, city, phone, state_code, country_code}}: a point of the carrier’s public network, recorded for the carrier and chosen with it for the open cart (the same point again reuses it). 404 unknown carrier or no open cart; 400 `carrier_without_pickup` (field carrier_id) for a carrier delivering to addresses. Answers the cart.',
        querystring: langQuery,
        body: setPublicPickupSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) => setPublicPickup(db, actorOf(request), request.body),
  );

  app.post(
    '/carts/set_delivery_method',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'Choose the delivery method of the open cart',
        description:
          'Body {method_id}: the carrier id of the delivery method; a pickup point of another carrier is dropped. 404 unknown or inactive carrier, or no open cart. Answers the cart.',
        querystring: langQuery,
        body: setDeliveryMethodSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) => setDeliveryMethod(db, actorOf(request), request.body.method_id),
  );
};

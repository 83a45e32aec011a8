/**
 * Contracts of the cart's delivery calls (apps/api/src/modules/carts/delivery-routes.ts,
 * docs/decisions/cart-delivery-calls.md): a public pickup point of a carrier's network chosen for
 * the cart, and the delivery method (carrier) chosen by id.
 */
import { z } from 'zod';
import { rowIdSchema } from './cart.ts';

/** A pickup point of a carrier's public network, as the carrier's point finder gives it. */
export const publicPickupPointSchema = z.strictObject({
  /** The carrier's own code of the point. */
  code: z.string().trim().min(1).max(64),
  name: z.string().trim().min(1).max(200),
  street: z.string().trim().max(200).default(''),
  street2: z.string().trim().max(200).default(''),
  zip: z.string().trim().min(1).max(20),
  city: z.string().trim().min(1).max(100),
  phone: z.string().trim().max(40).nullable().default(null),
  state_code: z.string().trim().max(10).nullable().default(null),
  /** ISO 3166-1 alpha-2, upper case. */
  country_code: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/)
    .transform((c) => c.toUpperCase())
    .default('BE'),
});
export type PublicPickupPoint = z.infer<typeof publicPickupPointSchema>;

/** POST carts/current/set_public_delivery_pickup: the carrier (with pickup points) and the point. */
export const setPublicPickupSchema = z.strictObject({
  carrier_id: rowIdSchema,
  pickup: publicPickupPointSchema,
});
export type SetPublicPickup = z.infer<typeof setPublicPickupSchema>;

/** POST carts/set_delivery_method: the delivery method is a carrier id. */
export const setDeliveryMethodSchema = z.strictObject({ method_id: rowIdSchema });

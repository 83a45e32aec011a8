/**
 * HTTP routes of addresses (docs/product/customer-area.md#address-calls; docs/product/customer-area.md#addresses; docs/product/customer-area.md#address-rules; docs/product/accounts.md#roles-and-permissions
 * Address rights) and the staff routes of invoicing-address change requests. Registered only when
 * an auth mode is configured (the guest-only shop has no account routes).
 *
 * Customer routes answer 401 for guests, 403 for staff users (no customer), 404 for an address of
 * another customer. Names of countries and states are in the request's language (`lang` query
 * parameter, else Accept-Language, else fr).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addressInputSchema,
  addressListSchema,
  addressSchema,
  addressTypeSchema,
  localeSchema,
  text,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import {
  idParams,
  idSchema,
  langQuery,
  pageQueryFields,
  problemReplies,
  requestLocale,
  requireCustomer,
} from '../../http/index.ts';
import { guard } from '../auth/index.ts';
import {
  CHANGE_REQUEST_STATES,
  createAddress,
  decideChangeRequest,
  deleteAddress,
  listAddresses,
  listChangeRequests,
  updateAddress,
} from './service.ts';

const typeParams = z.object({ type: addressTypeSchema });
const typeIdParams = z.object({ type: addressTypeSchema, id: idSchema });
const listQuery = z
  .object({
    lang: localeSchema.optional(),
    q: z.string().trim().max(200, { error: 'too_long' }).optional(),
  })
  .strict();
const errors = problemReplies(400, 401, 403, 404, 409);

/** Answer of a change of the invoicing address: the stored request and the (unchanged) address. */
export const changeRequestedSchema = z.object({
  change_request_id: z.number().int(),
  address: addressSchema,
});

/** A change request as staff sees it. */
export const changeRequestSchema = z.object({
  id: z.number().int(),
  state: z.enum(CHANGE_REQUEST_STATES),
  customer_id: z.number().int(),
  customer_number: z.string(),
  customer_name: z.string(),
  address_id: z.number().int(),
  /** The address as it is now. */
  address: addressSchema,
  /** The fields the customer asked for (AddressInput). */
  requested: z.record(z.string(), z.unknown()),
  reason: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});

const changeRequestListQuery = z
  .object({
    state: z.enum(CHANGE_REQUEST_STATES).default('pending'),
    ...pageQueryFields,
    lang: localeSchema.optional(),
  })
  .strict();

/** Registers the address routes and the staff change-request routes. */
export const addressRoutes: FastifyPluginAsync<{ db: Db }> = async (instance, { db }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['addresses'];

  app.get(
    '/addresses/:type',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: "The customer's invoicing or delivery addresses",
        description:
          'docs/product/customer-area.md#address-calls GET addresses/invoicing and addresses/delivery: `data`, the main address first then by name. With `q` (docs/product/customer-area.md#address-rules): only the addresses where every word of q occurs, case- and accent-insensitively, in name, street, street2, city, zip or the country name in the request language. `access` gives the rights (docs/product/accounts.md#roles-and-permissions: the main address is never deletable); `change_requested` says a change of the invoicing address awaits staff.',
        params: typeParams,
        querystring: listQuery,
        response: { 200: addressListSchema, ...errors },
      },
    },
    async (request) => {
      const { customer } = requireCustomer(request);
      const data = await listAddresses(
        db,
        customer.id,
        request.params.type,
        requestLocale(request),
        request.query.q,
      );
      return { data };
    },
  );

  app.post(
    '/addresses/:type',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'Create a delivery address',
        description:
          'docs/product/customer-area.md#address-calls POST addresses/{type}. Only `delivery` addresses are created (rights: update and delete allowed); `invoicing` → 400 `invoicing_address_unique` (a customer has one, changed through a change request). Field errors: 400 with `errors[{field, code}]`; `state_code` must be a state of the country (400 `unknown_state`).',
        params: typeParams,
        querystring: langQuery,
        body: addressInputSchema,
        response: { 201: addressSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { customer } = requireCustomer(request);
      const address = await createAddress(
        db,
        customer.id,
        request.params.type,
        request.body,
        requestLocale(request),
      );
      return reply.status(201).send(address);
    },
  );

  app.post(
    '/addresses/:type/:id',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'Update an address (delivery) or ask for a change (invoicing)',
        description:
          "docs/product/customer-area.md#address-calls POST addresses/{type}/{id}. A delivery address whose update right is on is changed at once (200). The invoicing (main) address is not changed directly: the request is stored for staff (one pending request per address, a new one replaces it) and the answer is 202 `{change_request_id, address}` with the address unchanged and `change_requested: true`. 403 `address_not_updatable` when the update right is off; 404 for an address that is not one of the caller's.",
        params: typeIdParams,
        querystring: langQuery,
        body: addressInputSchema,
        response: { 200: addressSchema, 202: changeRequestedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { customer, user } = requireCustomer(request);
      const result = await updateAddress(
        db,
        customer.id,
        user.id,
        request.params.type,
        request.params.id,
        request.body,
        requestLocale(request),
      );
      if (result.kind === 'updated') return reply.status(200).send(result.address);
      return reply.status(202).send({ change_request_id: result.changeRequestId, address: result.address });
    },
  );

  app.delete(
    '/addresses/:type/:id',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'Delete a delivery address',
        description:
          "docs/product/customer-area.md#address-calls DELETE addresses/{type}/{id}: 204. The address is kept for the orders that used it (soft delete) but no longer listed. 409 `main_address_undeletable` for the main (invoicing) address, 409 `address_undeletable` when the delete right is off (docs/product/accounts.md#roles-and-permissions); 404 for an address that is not one of the caller's.",
        params: typeIdParams,
        querystring: langQuery,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { customer } = requireCustomer(request);
      await deleteAddress(db, customer.id, request.params.type, request.params.id);
      return reply.status(204).send(null);
    },
  );

  // ------------------------------------------------------------------------------------------
  // Staff

  const staffTags = ['staff'];

  app.get(
    '/staff/address_change_requests',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Change requests of invoicing addresses (staff)',
        description:
          '`state` (default pending), oldest first, `page` from 1 and `per_page` (default 20, max 100): `{count, items}`. Each item holds the address as it is now and the requested fields. 401 guest, 403 non-staff.',
        querystring: changeRequestListQuery,
        response: {
          200: z.object({ count: z.number().int(), items: z.array(changeRequestSchema) }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { state, page, per_page } = request.query;
      return listChangeRequests(db, state, page, per_page, requestLocale(request));
    },
  );

  app.post(
    '/staff/address_change_requests/:id/approve',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Apply a change request to its address (staff)',
        description:
          'Copies the requested fields onto the invoicing address and marks the request approved, in one transaction. 404 unknown id, 409 `change_request_decided` when already decided.',
        params: idParams,
        querystring: langQuery,
        response: { 200: changeRequestSchema, ...errors },
      },
    },
    async (request) => decideChangeRequest(db, request.params.id, { approve: true }, requestLocale(request)),
  );

  app.post(
    '/staff/address_change_requests/:id/refuse',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Refuse a change request (staff)',
        description:
          'Marks the request refused with its `reason` (1 to 500 characters); the address is unchanged. 404 unknown id, 409 `change_request_decided` when already decided.',
        params: idParams,
        querystring: langQuery,
        body: z.strictObject({ reason: text(500, true) }),
        response: { 200: changeRequestSchema, ...errors },
      },
    },
    async (request) =>
      decideChangeRequest(
        db,
        request.params.id,
        { approve: false, reason: request.body.reason },
        requestLocale(request),
      ),
  );
};

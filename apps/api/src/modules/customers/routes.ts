/**
 * HTTP routes of the signed-in customer (docs/product/accounts.md#customer-calls): its sales person and the newsletter
 * subscription (docs/product/customer-area.md#profile profile page "newsletter subscribe or unsubscribe"). GET /customer itself
 * (the current user) lives with the auth routes. Registered only when an auth mode is configured.
 *
 * Guests get 401, staff users (no customer) 403; a customer id that is not the caller's is 404.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  customerOptOutSchema,
  customerUpdateSchema,
  salesPersonSchema,
  userProfileSchema,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { idParams, problemReplies, requireCustomer } from '../../http/index.ts';
import { guard, toUserProfile } from '../auth/index.ts';
import { salesPersonOf, setNewsletter } from './service.ts';

const errors = problemReplies(400, 401, 403, 404);

/** Registers GET /customer/sales_person, POST /customer/{id}/update and PUT /customer. */
export const customerRoutes: FastifyPluginAsync<{ db: Db }> = async (instance, { db }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['customer'];

  app.get(
    '/customer/sales_person',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: "The customer's sales person",
        description:
          'docs/product/accounts.md#auth-calls GET customer/sales_person: name, e-mail, phone and address of the association sales person who follows the practice. 404 `not_found` when none is assigned.',
        response: { 200: salesPersonSchema, ...errors },
      },
    },
    async (request) => {
      const { customer } = requireCustomer(request);
      const person = await salesPersonOf(db, customer);
      if (!person) throw notFound('No sales person is assigned to this customer.');
      return person;
    },
  );

  app.post(
    '/customer/:id/update',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'Subscribe to or unsubscribe from the newsletter',
        description:
          "docs/product/accounts.md#auth-calls POST customer/{id}/update with `optIn`: stores exactly the boolean given and answers the user profile (customer.opt_in / opt_out updated). `id` must be the caller's customer id, else 404.",
        params: idParams,
        body: customerUpdateSchema,
        response: { 200: userProfileSchema, ...errors },
      },
    },
    async (request) => {
      const { user, customer } = requireCustomer(request);
      if (request.params.id !== customer.id) throw notFound(`No customer ${request.params.id}`);
      return toUserProfile(user, await setNewsletter(db, customer.id, request.body.optIn));
    },
  );

  app.put(
    '/customer',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: 'Set the newsletter opt-out',
        description:
          'docs/product/accounts.md#customer-calls PUT customer with `opt_out`: opt_out true unsubscribes (opt_in false), false subscribes; a false value is stored as false (the template the product requirements came from coerced it to true). Answers the user profile.',
        body: customerOptOutSchema,
        response: { 200: userProfileSchema, ...errors },
      },
    },
    async (request) => {
      const { user, customer } = requireCustomer(request);
      return toUserProfile(user, await setNewsletter(db, customer.id, !request.body.opt_out));
    },
  );
};

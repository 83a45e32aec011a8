/**
 * HTTP routes of the staff customer management (docs/decisions/staff-customers.md): search and
 * view customers with their users, change the practice's sales person and payment terms and each
 * user's price list, veterinary groups and rights, add a user (invitation mail), deactivate or
 * reactivate a user; enter an order on the customer's behalf (order.ts). Staff only (guard.staff: 401 guest, 403 non-staff). Every change is a
 * non-GET `/staff/` route, so the audit hook (modules/audit/hook.ts) records who, what and when.
 * Bad input → 400 problem+json with `errors[{field, code}]`; refusals carry their detail in the
 * caller's language (problems.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cartSchema,
  confirmResponseSchema,
  problemSchema,
  staffCustomerDetailSchema,
  staffCustomerListSchema,
  staffCustomerOptionsSchema,
  staffCustomersQuerySchema,
  staffCustomerUpdateSchema,
  staffCustomerUserUpdateSchema,
  staffNewUserSchema,
  staffOrderPreviewSchema,
  staffOrderProductListSchema,
  staffOrderProductsQuerySchema,
  staffOrderSchema,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { idParams, idSchema, problemReplies, requestLocale } from '../../http/index.ts';
import { guard } from '../auth/index.ts';
import { placeStaffOrder, previewStaffOrder, searchOrderProducts } from './order.ts';
import { localized } from './problems.ts';
import {
  addUser,
  customerOptions,
  getCustomer,
  listCustomers,
  resendInvitation,
  setUserActive,
  updateCustomer,
  updateUser,
} from './service.ts';

const userParams = z.object({ id: idSchema, userId: idSchema });
const errors = problemReplies(400, 401, 403, 404, 409);

/** Registers the /staff/customers routes. */
export const staffCustomerRoutes: FastifyPluginAsync<{ db: Db }> = async (instance, { db }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];

  app.get(
    '/staff/customers',
    {
      onRequest: guard.staff,
      schema: {
        tags,
        summary: 'Search customers (staff)',
        description:
          '`q` (optional, ≤ 100 characters) contained in the name, customer number, VAT number (also typed with spaces or dots) or a user login, case-insensitive; by name; `page` from 1, `per_page` (default 20, max 100). Answers `{count, items}`.',
        querystring: staffCustomersQuerySchema,
        response: { 200: staffCustomerListSchema, ...errors },
      },
    },
    async (request) => listCustomers(db, request.query),
  );

  app.get(
    '/staff/customers/options',
    {
      onRequest: guard.staff,
      schema: {
        tags,
        summary: 'Choices of the customer forms (staff)',
        description: 'Price lists, veterinary groups (by sequence) and sales persons (by name).',
        response: { 200: staffCustomerOptionsSchema, ...errors },
      },
    },
    async (request) => customerOptions(db, requestLocale(request)),
  );

  app.get(
    '/staff/customers/:id',
    {
      onRequest: guard.staff,
      schema: {
        tags,
        summary: 'One customer with its users (staff)',
        description:
          'The practice (numbers, function, sales person, payment terms in days) and its users with their price list, groups and rights (never a password hash). 404 unknown customer.',
        params: idParams,
        response: { 200: staffCustomerDetailSchema, ...errors },
      },
    },
    async (request) => localized(request, () => getCustomer(db, request.params.id)),
  );

  app.put(
    '/staff/customers/:id',
    {
      onRequest: guard.staff,
      schema: {
        tags,
        summary: 'Change sales person and payment terms (staff)',
        description:
          '`sales_person_id` (null removes it) and `payment_terms_days` (0 to 365, days net from the invoice date); fields left out keep their value. Answers the customer. 404 unknown customer, 400 `unknown_sales_person`.',
        params: idParams,
        body: staffCustomerUpdateSchema,
        response: { 200: staffCustomerDetailSchema, ...errors },
      },
    },
    async (request) => localized(request, () => updateCustomer(db, request.params.id, request.body)),
  );

  app.put(
    '/staff/customers/:id/users/:userId',
    {
      onRequest: guard.staff,
      schema: {
        tags,
        summary: "Change a user's price list, groups and rights (staff)",
        description:
          '`price_list`, `vet_group_ids`, `can_order`, `can_import`, `supplier_promotion`; fields left out keep their value; the next request of the user uses them. Answers the customer. 404 when the user is not one of this customer, 400 `unknown_vet_group`.',
        params: userParams,
        body: staffCustomerUserUpdateSchema,
        response: { 200: staffCustomerDetailSchema, ...errors },
      },
    },
    async (request) =>
      localized(request, () => updateUser(db, request.params.id, request.params.userId, request.body)),
  );

  app.post(
    '/staff/customers/:id/users',
    {
      onRequest: guard.staff,
      schema: {
        tags,
        summary: 'Add a user to a practice and invite it (staff)',
        description:
          'Creates the user (login = email, no password, role = `role` or the customer function, price list and groups = the given ones or those of the first user) and mails the invitation: a set-password link valid 7 days. 201 `{customer, user_id, invitation_sent}` (`invitation_sent` false when the mail failed: send it again). 404 unknown customer, 409 `email_taken`, 400 `unknown_vet_group`.',
        params: idParams,
        body: staffNewUserSchema,
        response: {
          201: z.object({
            customer: staffCustomerDetailSchema,
            user_id: z.number().int(),
            invitation_sent: z.boolean(),
          }),
          ...errors,
        },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await localized(request, () => addUser(instance, request.params.id, request.body))),
  );

  app.post(
    '/staff/customers/:id/users/:userId/invitation',
    {
      onRequest: guard.staff,
      schema: {
        tags,
        summary: 'Send the invitation again (staff)',
        description:
          'A new set-password link (7 days) to an active user of the customer. 204. 404 unknown user of this customer, 409 `user_inactive`, 503 `mail_unavailable`.',
        params: userParams,
        response: { 204: z.null(), ...errors, 503: problemSchema },
      },
    },
    async (request, reply) => {
      await localized(request, () => resendInvitation(instance, request.params.id, request.params.userId));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/staff/customers/:id/users/:userId/deactivate',
    {
      onRequest: guard.staff,
      schema: {
        tags,
        summary: 'Deactivate a user (staff)',
        description:
          'The user can no longer sign in; every session of the user is deleted at once (its cookie is refused on its next request), with its unused mailed links. Answers the customer. 404 when the user is not one of this customer.',
        params: userParams,
        response: { 200: staffCustomerDetailSchema, ...errors },
      },
    },
    async (request) =>
      localized(request, () => setUserActive(db, request.params.id, request.params.userId, false)),
  );

  app.post(
    '/staff/customers/:id/users/:userId/activate',
    {
      onRequest: guard.staff,
      schema: {
        tags,
        summary: 'Reactivate a user (staff)',
        description:
          'The user may sign in again. Answers the customer. 404 when the user is not one of this customer.',
        params: userParams,
        response: { 200: staffCustomerDetailSchema, ...errors },
      },
    },
    async (request) =>
      localized(request, () => setUserActive(db, request.params.id, request.params.userId, true)),
  );

  app.get(
    '/staff/customers/:id/products',
    {
      onRequest: guard.staff,
      schema: {
        tags,
        summary: 'Products the customer may order (staff)',
        description:
          'Variants visible to the acting user of the customer (`user_id`, default the first active user allowed to order) whose SKU or CNK starts with `q`, whose CNK or GTIN is `q`, whose name or active substance contains it (accents and case folded; fewer than three letters: begins with it), or one of whose substances it begins; at most 20, by name. 404 unknown customer or user, 409 `customer_cannot_order`.',
        params: idParams,
        querystring: staffOrderProductsQuerySchema,
        response: { 200: staffOrderProductListSchema, ...errors },
      },
    },
    async (request) =>
      localized(request, async () => ({
        items: await searchOrderProducts(
          db,
          request.params.id,
          request.query.q,
          requestLocale(request),
          request.query.user_id,
        ),
      })),
  );

  app.post(
    '/staff/customers/:id/orders/preview',
    {
      onRequest: guard.staff,
      schema: {
        tags,
        summary: 'Price an order for the customer (staff)',
        description:
          "The lines (variant id, quantity in units) priced as the customer's cart prices them for the acting user (price list, tier prices, discounts, fees; EUR excl. VAT, totals incl. VAT) with the confirm blockers; nothing is stored and the customer's own cart is untouched. 400 `unknown_product` (field `lines.<i>.variant_id`) for a line unknown or invisible to the user; 403 with the regulated-product reason as code (same field) for a product the customer may not order (docs/decisions/regulated-products.md); 404, 409 `customer_cannot_order`.",
        params: idParams,
        body: staffOrderPreviewSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) => localized(request, () => previewStaffOrder(db, request.params.id, request.body)),
  );

  app.post(
    '/staff/customers/:id/orders',
    {
      onRequest: guard.staff,
      schema: {
        tags,
        summary: 'Enter an order on behalf of the customer (staff)',
        description:
          "Confirms the lines as an order of the customer with its `sale_channel` (phone, fax or mail), `note` and `customer_ref`: same prices, rules and confirmation mail as the customer's own web order; it appears in the customer's orders with its channel. The customer's own open cart is untouched. 201 `{sale_id, name, state, amount_total}`. Errors as the preview, plus those of the cart confirm (403 `cannot_order`, 400 `price_unavailable`, `addresses_invalid`…).",
        params: idParams,
        body: staffOrderSchema,
        response: { 201: confirmResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await localized(request, () => placeStaffOrder(db, request.params.id, request.body))),
  );
};

/**
 * HTTP routes of applications for an account (docs/product/accounts.md#registration-calls "Registrations and leads" POST registrations,
 * docs/product/accounts.md#auth-calls POST auth/register) and their staff review (docs/product/accounts.md#registration: approval creates the customer
 * and its first user and sends the welcome mail). Registered only when an auth mode is configured;
 * POST /auth/register (password required) only in credentials mode.
 *
 * Bad input is a 400 problem+json whose `errors[{field, code}]` name each field with its stable
 * code ('vat_checksum', 'unknown_country', 'invalid_email', 'terms_required', 'too_long'...);
 * nothing is stored then.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  functionSchema,
  PRICE_LISTS,
  problemSchema,
  registerRequestSchema,
  registrationInputSchema,
  registrationSchema,
  REGISTRATION_STATES,
  text,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { idParams, pageQueryFields, problemReplies, requireStaff } from '../../http/index.ts';
import { passwordHashingLimit, guard } from '../auth/index.ts';
import { approveRegistration, listRegistrations, refuseRegistration, submitRegistration } from './service.ts';

const errors = problemReplies(400, 401, 403, 404, 409);

const listQuery = z
  .object({
    state: z.enum(REGISTRATION_STATES).default('pending'),
    ...pageQueryFields,
  })
  .strict();

/** Body of POST staff/registrations/{id}/approve; every field optional. */
export const approvalSchema = z
  .strictObject({
    /** Role and function of the customer and its first user (default: the application's function). */
    role: functionSchema.optional(),
    /** Price list of the first user (default: the application's function). */
    price_list: z.enum(PRICE_LISTS).optional(),
    /** Veterinary groups of the first user (default none). */
    vet_group_ids: z.array(z.number().int().min(1)).max(50).optional(),
    /** May the user import orders by CSV (default false). */
    can_import: z.boolean().optional(),
    /** Sales person of the customer (default none). */
    sales_person_id: z.number().int().min(1).optional(),
  })
  .nullish();

/** Registers POST /registrations, POST /auth/register and the staff review routes. */
export const registrationRoutes: FastifyPluginAsync<{ db: Db }> = async (instance, { db }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['registrations'];
  const description =
    'Stores an application for an account (docs/decisions/registration-approval.md) for staff to approve or refuse; 201 with the stored application (the password is never returned, only its argon2id hash is kept). VAT: BE + 10 digits with its mod-97 check, other EU prefixes by format; may be empty when `vat_pending` is true. Field errors → 400 with `errors[{field, code}]`, nothing stored. An email that already has an account, or an application awaiting review, gets the same 201 answer as a fresh application (nothing is stored; the owner of the address is told by mail), so the form does not tell who is a customer.';

  // Passwords live at the identity provider in the oidc modes: a password sent there is dropped.
  const credentials = instance.authOptions.type === 'credentials';

  app.post(
    '/registrations',
    {
      // Per-address and global limit of password hashing (auth/hash-limits.ts): 429 + Retry-After.
      preHandler: passwordHashingLimit,
      schema: {
        tags,
        summary: 'Apply for an account',
        description: `${description} The password is optional here; it is kept in credentials mode only (in the oidc modes the identity provider holds passwords).`,
        body: registrationInputSchema,
        response: { 201: registrationSchema, ...errors, 429: problemSchema, 503: problemSchema },
      },
    },
    async (request, reply) => {
      const input = credentials ? request.body : { ...request.body, password: undefined };
      return reply.status(201).send(await submitRegistration(db, input));
    },
  );

  if (credentials) {
    app.post(
      '/auth/register',
      {
        preHandler: passwordHashingLimit,
        schema: {
          tags: ['auth', ...tags],
          summary: 'Apply for an account with a password',
          description: `${description} docs/product/accounts.md#auth-calls POST auth/register: the same application with the password required; the login will be the email. Credentials mode only.`,
          body: registerRequestSchema,
          response: { 201: registrationSchema, ...errors, 429: problemSchema, 503: problemSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await submitRegistration(db, request.body)),
    );
  }

  const staffTags = ['staff'];

  app.get(
    '/staff/registrations',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Applications (staff)',
        description:
          '`state` (pending by default, approved, refused), oldest first, `page` from 1, `per_page` (default 20, max 100): `{count, items}`. 401 guest, 403 non-staff.',
        querystring: listQuery,
        response: {
          200: z.object({ count: z.number().int(), items: z.array(registrationSchema) }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { state, page, per_page } = request.query;
      return listRegistrations(db, state, page, per_page);
    },
  );

  app.post(
    '/staff/registrations/:id/approve',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Approve an application (staff)',
        description:
          'In one transaction: the customer (next 6-digit customer number), its main invoicing address (not deletable), its first user (login = email, role = `role` or the application function, price list = that role unless `price_list` is given, the password chosen in the application, email not verified) and the application marked approved; then the welcome mail with the email-validation link is sent. 409 `registration_decided` when already approved or refused; 400 `unknown_vet_group` / `unknown_sales_person`.',
        params: idParams,
        body: approvalSchema,
        response: { 200: registrationSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = requireStaff(request);
      return approveRegistration(instance, request.params.id, user.id, request.body ?? {});
    },
  );

  app.post(
    '/staff/registrations/:id/refuse',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Refuse an application (staff)',
        description:
          'Marks the application refused with its `reason` (1 to 500 characters); nothing is created. 409 `registration_decided` when already decided.',
        params: idParams,
        body: z.strictObject({ reason: text(500, true) }),
        response: { 200: registrationSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = requireStaff(request);
      return refuseRegistration(db, request.params.id, user.id, request.body.reason);
    },
  );
};

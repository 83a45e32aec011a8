/**
 * Applications for an account (docs/product/accounts.md#registration-fields; docs/product/accounts.md#registration-rules; docs/product/accounts.md#registration-calls POST registrations
 * and POST auth/register) and their approval or refusal by staff (docs/product/accounts.md; decision record
 * docs/decisions/registration-approval.md).
 *
 * - An application is stored as it was validated (without the password, whose argon2id hash is
 *   kept apart) in `registrations`, state `pending`.
 * - Approval creates, in one transaction, the customer (next customer number), its main invoicing
 *   address and its first user (login = email, role and price list = function), and enqueues the
 *   welcome mail with the email-validation link (modules/mail/outbox.ts), sent right after commit.
 * - Submission enqueues a staff notification, refusal a mail to the applicant.
 */
import type { FastifyInstance } from 'fastify';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  checkVat,
  priceListOfFunction,
  type CustomerFunction,
  type Registration,
  type RegistrationInput,
} from '@vetshop/domain';
import type { Db, Tx } from '../../db/client.ts';
import { addresses, customers, registrations, salesPersons, users, vetGroups } from '../../db/schema.ts';
import { ApiError, fieldError, notFound } from '../../errors.ts';
import { hashPassword } from '../auth/index.ts';
import { enqueueMail } from '../mail/index.ts';

export type RegistrationRow = typeof registrations.$inferSelect;
export type RegistrationState = 'pending' | 'approved' | 'refused';

/** What is kept of an application: the validated input without the password. */
export type StoredApplication = Omit<RegistrationInput, 'password'>;

/** First customer number handed out by approvals (6 digits); later ones count up from the highest. */
export const FIRST_CUSTOMER_NUMBER = 100001;

/** Key of the transaction-scoped advisory lock that serialises customer numbering. */
const CUSTOMER_NUMBER_LOCK = 7_300_001;

/** The api shape of a stored application (registrationSchema). */
export function toRegistration(row: RegistrationRow): Registration {
  return {
    id: row.id,
    state: row.status as RegistrationState,
    email: row.email,
    company_name: row.companyName,
    function: row.function as CustomerFunction,
    created_at: row.createdAt.toISOString(),
    reason: row.reason,
    customer_id: row.customerId,
    data: row.payload,
  };
}

/**
 * Stores an application (state pending). The VAT number is kept normalised ("BE0123456749"); the
 * password, when given, only as its argon2id hash. Answers the stored application.
 *
 * An application for an email that already has an account, or that already has an application
 * awaiting staff, stores nothing but gets the SAME answer as a fresh one (a real id from the
 * registrations sequence, the payload round-tripped through jsonb, the transaction's `now()`), so
 * the form does not tell who is a customer; the owner of the address is told by mail instead
 * (outbox `registration_duplicate`, at most one per address and day).
 * See docs/decisions/account-enumeration-and-tokens.md. The checks and the insert run under a
 * transaction-scoped advisory lock on the email, so two simultaneous identical applications store
 * one. Errors: only field errors of the input (400) and database errors.
 */
export async function submitRegistration(db: Db, input: RegistrationInput): Promise<Registration> {
  const { password, ...application } = input;
  const vat = application.vat ? checkVat(application.vat) : null;
  const stored: StoredApplication = { ...application, vat: vat?.ok ? vat.vat : (application.vat ?? '') };
  const passwordHash = password ? await hashPassword(password) : null;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`registration:${stored.email}`}))`);
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.login, stored.email))
      .limit(1);
    const [pending] = user
      ? []
      : await tx
          .select({ id: registrations.id })
          .from(registrations)
          .where(and(eq(registrations.email, stored.email), eq(registrations.status, 'pending')))
          .limit(1);
    if (user || pending) {
      await enqueueMail(tx, {
        kind: 'registration_duplicate',
        email: stored.email,
        day: new Date().toISOString().slice(0, 10),
        userId: user?.id ?? null,
        registrationId: pending?.id ?? null,
      });
      return unstoredApplication(tx, stored);
    }
    const [created] = await tx
      .insert(registrations)
      .values({
        email: stored.email,
        companyName: stored.company_name,
        function: stored.function,
        locale: stored.locale,
        payload: stored as unknown as Record<string, unknown>,
        passwordHash,
      })
      .returning();
    // Staff are told of the new application, committed with it (modules/mail/outbox.ts).
    await enqueueMail(tx, { kind: 'registration_new', registrationId: created!.id });
    return toRegistration(created!);
  });
}

/** A transaction handle of `Db`. */

/**
 * The answer (as {@link toRegistration}) a fresh application of `stored` would have had, without
 * storing it: id drawn from the
 * registrations sequence (the next fresh application gets the following one, as usual), payload
 * and created_at from the database, so the answer cannot be told apart from a stored one.
 */
async function unstoredApplication(tx: Tx, stored: StoredApplication): Promise<Registration> {
  const r = await tx.execute<{ id: number; payload: Record<string, unknown>; created_at: string | Date }>(sql`
    SELECT nextval(pg_get_serial_sequence('registrations', 'id'))::int AS id,
           ${JSON.stringify(stored)}::jsonb AS payload, now() AS created_at`);
  const x = r.rows[0]!;
  return {
    id: Number(x.id),
    state: 'pending',
    email: stored.email,
    company_name: stored.company_name,
    function: stored.function,
    created_at: new Date(x.created_at).toISOString(),
    reason: null,
    customer_id: null,
    data: x.payload,
  };
}

/** Applications in `state` (all states when undefined), oldest first, one page with the total count. */
export async function listRegistrations(
  db: Db,
  state: RegistrationState | undefined,
  page: number,
  perPage: number,
): Promise<{ count: number; items: Registration[] }> {
  const where = state ? eq(registrations.status, state) : undefined;
  const [total] = await db.select({ n: count() }).from(registrations).where(where);
  const rows = await db
    .select()
    .from(registrations)
    .where(where)
    .orderBy(asc(registrations.createdAt), asc(registrations.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { count: Number(total?.n ?? 0), items: rows.map(toRegistration) };
}

/** Choices staff may make when approving (defaults: price list of the function, no groups). */
export interface ApprovalOptions {
  /** Role (and function) of the customer and its first user (default: the application's function). */
  role?: CustomerFunction;
  price_list?: string;
  vet_group_ids?: number[];
  can_import?: boolean;
  sales_person_id?: number;
}

function decided(id: number, status: string): ApiError {
  return new ApiError(409, 'registration_decided', 'Conflict', `Application ${id} is already ${status}.`);
}

/**
 * Approves application `id` (staff user `staffUserId`). In ONE transaction, with the application
 * row locked: the customer (number = highest all-digit number + 1, at least FIRST_CUSTOMER_NUMBER,
 * under an advisory lock so concurrent approvals never pick the same number), its main invoicing
 * address (not deletable), the first user (login = email, role and function = the application's
 * function, price list, password hash of the application, email not verified, locale), and the
 * application marked approved, and the welcome mail (email-validation link) enqueued in the
 * outbox. After commit that mail is sent at once; a failure is logged, does not undo the approval,
 * and the outbox job retries it.
 * Errors: 404 unknown id; 409 `registration_decided` when not pending; 409 `email_taken` when a
 * user with that login appeared meanwhile; 400 `unknown_vet_group` on `vet_group_ids`, 400
 * `unknown_sales_person` on `sales_person_id`.
 */
export async function approveRegistration(
  app: FastifyInstance,
  id: number,
  staffUserId: number,
  options: ApprovalOptions,
): Promise<Registration> {
  const db = app.db;
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(registrations)
      .where(eq(registrations.id, id))
      .for('update')
      .limit(1);
    if (!row) throw notFound(`No application ${id}`);
    if (row.status !== 'pending') throw decided(id, row.status);
    const application = row.payload as unknown as StoredApplication;

    const groupIds = [...new Set(options.vet_group_ids ?? [])];
    if (groupIds.length) {
      const found = await tx
        .select({ id: vetGroups.id })
        .from(vetGroups)
        .where(inArray(vetGroups.id, groupIds));
      if (found.length !== groupIds.length) throw fieldError('vet_group_ids', 'unknown_vet_group');
    }
    if (options.sales_person_id !== undefined) {
      const [sp] = await tx
        .select({ id: salesPersons.id })
        .from(salesPersons)
        .where(eq(salesPersons.id, options.sales_person_id))
        .limit(1);
      if (!sp) throw fieldError('sales_person_id', 'unknown_sales_person');
    }
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.login, row.email)).limit(1);
    if (taken)
      throw new ApiError(409, 'email_taken', 'Conflict', `A user already signs in with ${row.email}.`, [
        { field: 'email', code: 'email_taken' },
      ]);

    await tx.execute(sql`SELECT pg_advisory_xact_lock(${CUSTOMER_NUMBER_LOCK})`);
    const next = await tx.execute<{ n: string }>(
      sql`SELECT greatest(coalesce(max(number::bigint) + 1, 0), ${FIRST_CUSTOMER_NUMBER})::text AS n
          FROM customers WHERE number ~ '^[0-9]{6,12}$'`,
    );
    const number = String(next.rows[0]?.n ?? FIRST_CUSTOMER_NUMBER).padStart(6, '0');

    const fn = options.role ?? application.function;
    const [customer] = await tx
      .insert(customers)
      .values({
        number,
        name: application.company_name,
        function: fn,
        vat: application.vat ? application.vat : null,
        vatPending: application.vat_pending,
        depotNumber: application.depot_number || null,
        subscriptionNumber: application.subscription_number || null,
        apbNumber: application.apb_number || null,
        ordreNumber: application.ordre_number || null,
        vetActivities: [...application.vet_activities],
        salesPersonId: options.sales_person_id ?? null,
        optIn: application.opt_in,
      })
      .returning();
    await tx.insert(addresses).values({
      customerId: customer!.id,
      type: 'invoicing',
      name: application.company_name,
      title: application.title,
      street: application.street,
      street2: application.street2 ?? '',
      zip: application.zip,
      city: application.city,
      countryCode: application.country,
      phone: application.mobile || null,
      mobile: application.mobile || null,
      email: application.email,
      vat: application.vat ? application.vat : null,
      lang: application.locale,
      isMain: true,
      isCompany: true,
      optIn: application.opt_in,
      optOut: !application.opt_in,
      canDelete: false,
      canUpdate: true,
      depotNumber: application.depot_number || null,
      subscriptionNumber: application.subscription_number || null,
    });
    const [user] = await tx
      .insert(users)
      .values({
        customerId: customer!.id,
        login: row.email,
        email: row.email,
        passwordHash: row.passwordHash,
        name: `${application.first_name} ${application.last_name}`.trim(),
        givenName: application.first_name,
        familyName: application.last_name,
        title: application.title,
        mobile: application.mobile || null,
        locale: application.locale,
        role: fn,
        function: fn,
        priceList: options.price_list ?? priceListOfFunction(fn),
        vetGroupIds: groupIds,
        canImport: options.can_import ?? false,
        emailVerified: false,
      })
      .returning({ id: users.id });
    const [updated] = await tx
      .update(registrations)
      .set({ status: 'approved', customerId: customer!.id, decidedAt: sql`now()`, decidedBy: staffUserId })
      .where(eq(registrations.id, id))
      .returning();
    // The welcome mail (approval + email-validation link), committed with the approval.
    await enqueueMail(tx, { kind: 'registration_approved', registrationId: id, userId: user!.id });
    return { registration: updated!, userId: user!.id };
  });
  // Sent right away (the applicant waits for it); when it fails the outbox job retries it.
  try {
    await app.mailOutbox.run({ keys: [`registration_approved:registration:${id}`] });
  } catch (err) {
    app.log.error({ err, registration: id, user: result.userId }, 'welcome mail not sent yet');
  }
  return toRegistration(result.registration);
}

/**
 * Refuses application `id` with `reason` (kept for staff; nothing is created) and, in the same
 * transaction, enqueues the refusal mail to the applicant (without the reason).
 * Errors: 404 unknown id; 409 `registration_decided` when not pending.
 */
export async function refuseRegistration(
  db: Db,
  id: number,
  staffUserId: number,
  reason: string,
): Promise<Registration> {
  const row = await db.transaction(async (tx) => {
    const [refused] = await tx
      .update(registrations)
      .set({ status: 'refused', reason, decidedAt: sql`now()`, decidedBy: staffUserId })
      .where(and(eq(registrations.id, id), eq(registrations.status, 'pending')))
      .returning();
    // The applicant is told, committed with the refusal (modules/mail/outbox.ts).
    if (refused) await enqueueMail(tx, { kind: 'registration_refused', registrationId: id });
    return refused;
  });
  if (row) return toRegistration(row);
  const [existing] = await db
    .select({ status: registrations.status })
    .from(registrations)
    .where(eq(registrations.id, id))
    .limit(1);
  if (!existing) throw notFound(`No application ${id}`);
  throw decided(id, existing.status);
}

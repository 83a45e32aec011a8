/**
 * Staff management of customers and their users (docs/decisions/staff-customers.md): search,
 * one customer with its users, the commercial settings of the practice (sales person, payment
 * terms) and of each user (price list, veterinary groups, order and import rights, supplier
 * promotions), a user added to a practice with an invitation mail, and deactivation that closes
 * every session of the user at once. Every change goes through a `/staff/` route, so the audit
 * hook (modules/audit/hook.ts) writes its row.
 */
import type { FastifyInstance } from 'fastify';
import { and, asc, count, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  priceListOfFunction,
  PRICE_LISTS,
  type CustomerFunction,
  type Locale,
  type StaffCustomerDetail,
  type StaffCustomerList,
  type StaffCustomerOptions,
  type StaffCustomersQuery,
  type StaffCustomerUpdate,
  type StaffCustomerUser,
  type StaffCustomerUserUpdate,
  type StaffNewUser,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import {
  addresses,
  customers,
  knownDevices,
  salesPersons,
  sessions,
  users,
  userTokens,
  vetGroups,
} from '../../db/schema.ts';
import { ApiError, fieldError, notFound } from '../../errors.ts';
import { sendInvitationMail } from '../auth/index.ts';
import { likePattern } from '../staff/index.ts';
import { localizedNameIn } from '../catalog/index.ts';

type UserRow = typeof users.$inferSelect;
type CustomerRow = typeof customers.$inferSelect;

/** The staff view of a user row (no password hash). */
function toUser(u: UserRow): StaffCustomerUser {
  return {
    id: u.id,
    login: u.login,
    email: u.email,
    name: u.name,
    role: u.role,
    locale: u.locale,
    price_list: u.priceList,
    vet_group_ids: u.vetGroupIds,
    can_order: u.canOrder,
    can_import: u.canImport,
    supplier_promotion: u.supplierPromotion,
    active: u.active,
    email_verified: u.emailVerified,
    has_password: u.passwordHash !== null,
    created_at: u.createdAt.toISOString(),
  };
}

function toDetail(c: CustomerRow, rows: UserRow[]): StaffCustomerDetail {
  return {
    id: c.id,
    number: c.number,
    name: c.name,
    function: c.function,
    vat: c.vat,
    vat_pending: c.vatPending,
    depot_number: c.depotNumber,
    subscription_number: c.subscriptionNumber,
    apb_number: c.apbNumber,
    ordre_number: c.ordreNumber,
    vet_activities: c.vetActivities,
    sales_person_id: c.salesPersonId,
    payment_terms_days: c.paymentTermsDays,
    created_at: c.createdAt.toISOString(),
    users: rows.map(toUser),
  };
}

/**
 * Customers whose name, customer number or VAT number contains `q` (case-insensitive; the VAT
 * number also without its spaces and dots: "0412.345.614" finds BE0412345614), or that have a
 * user whose login contains it; by name, one page with the total count.
 */
export async function listCustomers(db: Db, query: StaffCustomersQuery): Promise<StaffCustomerList> {
  const conditions: SQL[] = [];
  const q = query.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    const compact = likePattern(q.replace(/[\s.\-/]/g, ''));
    conditions.push(
      or(
        ilike(customers.name, pattern),
        ilike(customers.number, pattern),
        ilike(customers.vat, pattern),
        ...(compact.length > 2 ? [ilike(customers.vat, compact)] : []),
        exists(
          db
            .select({ one: sql`1` })
            .from(users)
            .where(and(eq(users.customerId, customers.id), ilike(users.login, pattern))),
        ),
      )!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [total] = await db.select({ n: count() }).from(customers).where(where);
  const rows = await db
    .select({
      id: customers.id,
      number: customers.number,
      name: customers.name,
      function: customers.function,
      vat: customers.vat,
      city: sql<string>`coalesce((SELECT a.city FROM ${addresses} a WHERE a.customer_id = ${customers.id} AND a.type = 'invoicing' AND a.deleted_at IS NULL ORDER BY a.is_main DESC, a.id LIMIT 1), '')`,
      salesPersonName: salesPersons.name,
      users: sql<number>`(SELECT count(*)::int FROM ${users} u WHERE u.customer_id = ${customers.id})`,
      activeUsers: sql<number>`(SELECT count(*)::int FROM ${users} u WHERE u.customer_id = ${customers.id} AND u.active)`,
    })
    .from(customers)
    .leftJoin(salesPersons, eq(salesPersons.id, customers.salesPersonId))
    .where(where)
    .orderBy(asc(customers.name), asc(customers.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return {
    count: Number(total?.n ?? 0),
    items: rows.map((r) => ({
      id: r.id,
      number: r.number,
      name: r.name,
      function: r.function,
      vat: r.vat,
      city: r.city,
      sales_person_name: r.salesPersonName,
      users: Number(r.users),
      active_users: Number(r.activeUsers),
    })),
  };
}

/** Customer `id` with its users (oldest first). Errors: 404 unknown customer. */
export async function getCustomer(db: Db, id: number): Promise<StaffCustomerDetail> {
  const [customer] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  if (!customer) throw notFound(`No customer ${id}.`);
  const rows = await db
    .select()
    .from(users)
    .where(eq(users.customerId, id))
    .orderBy(asc(users.createdAt), asc(users.id));
  return toDetail(customer, rows);
}

/** The price lists, veterinary groups (named in `lang`) and sales persons the edit forms offer. */
export async function customerOptions(db: Db, lang: Locale): Promise<StaffCustomerOptions> {
  const [groups, persons] = await Promise.all([
    db
      .select({
        id: vetGroups.id,
        code: vetGroups.code,
        name: sql<string>`${localizedNameIn(sql`vet_groups`, lang)}`,
      })
      .from(vetGroups)
      .orderBy(asc(vetGroups.sequence), asc(vetGroups.id)),
    db
      .select({ id: salesPersons.id, name: salesPersons.name, email: salesPersons.email })
      .from(salesPersons)
      .orderBy(asc(salesPersons.name), asc(salesPersons.id)),
  ]);
  return { price_lists: [...PRICE_LISTS], vet_groups: groups, sales_persons: persons };
}

/** 400 `unknown_vet_group` unless every id of `ids` is a veterinary group. */
async function checkVetGroups(db: Db, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return unique;
  const found = await db.select({ id: vetGroups.id }).from(vetGroups).where(inArray(vetGroups.id, unique));
  if (found.length !== unique.length) throw fieldError('vet_group_ids', 'unknown_vet_group');
  return unique;
}

/**
 * Changes the practice's sales person and payment terms (days net). Errors: 404 unknown customer,
 * 400 `unknown_sales_person`.
 */
export async function updateCustomer(
  db: Db,
  id: number,
  input: StaffCustomerUpdate,
): Promise<StaffCustomerDetail> {
  const set: Partial<typeof customers.$inferInsert> = {};
  if (input.sales_person_id !== undefined) {
    if (input.sales_person_id !== null) {
      const [sp] = await db
        .select({ id: salesPersons.id })
        .from(salesPersons)
        .where(eq(salesPersons.id, input.sales_person_id))
        .limit(1);
      if (!sp) throw fieldError('sales_person_id', 'unknown_sales_person');
    }
    set.salesPersonId = input.sales_person_id;
  }
  if (input.payment_terms_days !== undefined) set.paymentTermsDays = input.payment_terms_days;
  if (Object.keys(set).length) {
    const changed = await db
      .update(customers)
      .set(set)
      .where(eq(customers.id, id))
      .returning({ id: customers.id });
    if (!changed.length) throw notFound(`No customer ${id}.`);
  }
  return getCustomer(db, id);
}

/** The user `userId` of customer `customerId`. Errors: 404 when the user is not one of the customer's. */
async function userOf(db: Db, customerId: number, userId: number): Promise<UserRow> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.customerId, customerId)))
    .limit(1);
  if (!user) throw notFound(`No user ${userId} in customer ${customerId}.`);
  return user;
}

/**
 * Changes a user's price list, veterinary groups, order right, CSV import right and supplier
 * promotion flag. The catalogue and the cart read them from the session on each request, so the
 * next request of the user already prices with them. Errors: 404 unknown user of this customer,
 * 400 `unknown_vet_group`.
 */
export async function updateUser(
  db: Db,
  customerId: number,
  userId: number,
  input: StaffCustomerUserUpdate,
): Promise<StaffCustomerDetail> {
  await userOf(db, customerId, userId);
  const set: Partial<typeof users.$inferInsert> = {};
  if (input.price_list !== undefined) set.priceList = input.price_list;
  if (input.vet_group_ids !== undefined) set.vetGroupIds = await checkVetGroups(db, input.vet_group_ids);
  if (input.can_order !== undefined) set.canOrder = input.can_order;
  if (input.can_import !== undefined) set.canImport = input.can_import;
  if (input.supplier_promotion !== undefined) set.supplierPromotion = input.supplier_promotion;
  if (Object.keys(set).length) await db.update(users).set(set).where(eq(users.id, userId));
  return getCustomer(db, customerId);
}

/**
 * Deactivates (`active: false`) or reactivates a user of the customer. Deactivation deletes, in the
 * same transaction, every session of the user (its session cookies are refused on the next
 * request), its unused mailed tokens and its known devices. Errors: 404 unknown user of this customer.
 */
export async function setUserActive(
  db: Db,
  customerId: number,
  userId: number,
  active: boolean,
): Promise<StaffCustomerDetail> {
  await userOf(db, customerId, userId);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ active }).where(eq(users.id, userId));
    if (!active) {
      await tx.delete(sessions).where(eq(sessions.userId, userId));
      await tx.delete(userTokens).where(eq(userTokens.userId, userId));
      await tx.delete(knownDevices).where(eq(knownDevices.userId, userId));
    }
  });
  return getCustomer(db, customerId);
}

/**
 * Adds a user to the practice: login = email, no password, role = `role` or the customer's
 * function, price list and veterinary groups = the given ones or those of the practice's first
 * user (else the list of the function, no groups). Then mails the invitation (a set-password link,
 * modules/auth/mails.ts sendInvitationMail); a failed mail is logged and answered as
 * `invitation_sent: false` (staff may send it again). Errors: 404 unknown customer, 409
 * `email_taken` when a user already signs in with that email, 400 `unknown_vet_group`.
 */
export async function addUser(
  app: FastifyInstance,
  customerId: number,
  input: StaffNewUser,
): Promise<{ customer: StaffCustomerDetail; user_id: number; invitation_sent: boolean }> {
  const db = app.db;
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId)).limit(1);
  if (!customer) throw notFound(`No customer ${customerId}.`);
  const [first] = await db
    .select()
    .from(users)
    .where(eq(users.customerId, customerId))
    .orderBy(asc(users.id))
    .limit(1);
  const groupIds = await checkVetGroups(db, input.vet_group_ids ?? first?.vetGroupIds ?? []);
  const role = (input.role ?? customer.function) as CustomerFunction;
  const created = await db
    .insert(users)
    .values({
      customerId,
      login: input.email,
      email: input.email,
      passwordHash: null,
      name: `${input.given_name} ${input.family_name}`.trim(),
      givenName: input.given_name,
      familyName: input.family_name,
      locale: input.locale,
      role,
      function: role,
      priceList: input.price_list ?? first?.priceList ?? priceListOfFunction(role),
      vetGroupIds: groupIds,
      canOrder: input.can_order ?? true,
      canImport: false,
      emailVerified: false,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  const userId = created[0]?.id;
  if (userId === undefined) throw emailTaken(input.email);
  const invitationSent = await inviteUser(app, userId);
  return { customer: await getCustomer(db, customerId), user_id: userId, invitation_sent: invitationSent };
}

function emailTaken(email: string): ApiError {
  return new ApiError(409, 'email_taken', 'Conflict', `A user already signs in with ${email}.`, [
    { field: 'email', code: 'email_taken' },
  ]);
}

/** Mails the invitation of `userId`; false (and logged) when the mail could not be sent. */
async function inviteUser(app: FastifyInstance, userId: number): Promise<boolean> {
  try {
    await sendInvitationMail(app, userId);
    return true;
  } catch (err) {
    app.log.error({ err, user: userId }, 'invitation mail not sent');
    return false;
  }
}

/**
 * Sends the invitation (set-password link) again to an active user of the customer. Errors: 404
 * unknown user of this customer, 409 `user_inactive`, 503 `mail_unavailable` when the mail fails.
 */
export async function resendInvitation(
  app: FastifyInstance,
  customerId: number,
  userId: number,
): Promise<void> {
  const user = await userOf(app.db, customerId, userId);
  if (!user.active) throw new ApiError(409, 'user_inactive', 'Conflict', `User ${userId} is deactivated.`);
  if (!(await inviteUser(app, userId)))
    throw new ApiError(503, 'mail_unavailable', 'Service unavailable', 'The mail could not be sent.');
}

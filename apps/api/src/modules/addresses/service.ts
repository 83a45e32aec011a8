/**
 * Addresses of a customer (docs/product/customer-area.md#addresses, docs/product/cart-and-checkout.md#address-validity "Address validity" and "Search", docs/product/accounts.md#roles-and-permissions
 * "Address rights", docs/product/customer-area.md#address-calls) and the change requests of the invoicing address.
 *
 * Rules kept here:
 * - the invoicing address is the main one: one per customer, never created nor deleted through the
 *   api (`invoicing_address_unique`, `main_address_undeletable`), and a change of it is stored as a
 *   change request that staff apply or refuse (docs/decisions/address-change-requests.md);
 * - delivery addresses are created, updated and deleted (soft: `deleted_at`) according to their
 *   rights `can_update` / `can_delete`;
 * - every lookup is scoped by the customer id: another customer's address is "not found" (404).
 */
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  addressInputSchema,
  countryName,
  stateName,
  isCountryCode,
  matchesAddressSearch,
  STATES,
  type Address,
  type AddressInput,
  type AddressType,
  type Locale,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { addressChangeRequests, addresses, customers, pickupSites } from '../../db/schema.ts';
import { ApiError, fieldError, notFound } from '../../errors.ts';

export type AddressRow = typeof addresses.$inferSelect;
export type ChangeRequestRow = typeof addressChangeRequests.$inferSelect;

/** States of a change request. */
export const CHANGE_REQUEST_STATES = ['pending', 'approved', 'refused'] as const;
export type ChangeRequestState = (typeof CHANGE_REQUEST_STATES)[number];

/**
 * The fields of a place as an address answers them (addressSchema): name, streets, zip, city, the
 * state and country named in `locale`, phone. Shared by an address row and a pickup point.
 */
function placeFields(
  place: Pick<
    AddressRow,
    'name' | 'street' | 'street2' | 'zip' | 'city' | 'stateCode' | 'countryCode' | 'phone'
  >,
  locale: Locale,
) {
  return {
    name: place.name,
    street: place.street,
    street2: place.street2,
    zip: place.zip,
    city: place.city,
    state: place.stateCode ? { code: place.stateCode, name: stateName(place.stateCode, locale) } : null,
    country_id: place.countryCode,
    country: { id: place.countryCode, code: place.countryCode, name: countryName(place.countryCode, locale) },
    phone: place.phone,
  };
}

/**
 * The api shape of an address row (addressSchema): country and state named in `locale`, `access`
 * from the row's rights (the main address is never deletable, docs/product/accounts.md#roles-and-permissions), `change_requested` when a
 * change of it awaits staff.
 */
export function toAddress(row: AddressRow, locale: Locale, changeRequested = false): Address {
  const { name, ...place } = placeFields(row, locale);
  // In the schema's order (`name`, `title`, then the place): the cart sends it as built
  // (http/answers.ts), so its JSON is the text zod's encode gave.
  return {
    id: row.id,
    type: row.type === 'invoicing' ? 'invoicing' : 'delivery',
    address_type: row.addressType,
    name,
    title: row.title,
    ...place,
    mobile: row.mobile,
    email: row.email,
    vat: row.vat,
    lang: row.lang,
    ref: row.ref,
    main: row.isMain,
    is_company: row.isCompany,
    is_dropoff_site: row.isDropoffSite,
    opt_in: row.optIn,
    opt_out: row.optOut,
    depot_number: row.depotNumber,
    subscription_number: row.subscriptionNumber,
    access: { delete: row.canDelete && !row.isMain, update: row.canUpdate },
    change_requested: changeRequested,
  };
}

/**
 * The delivery address an order keeps when it goes to a pickup point
 * (docs/decisions/cart-delivery-calls.md, "An order delivered to a pickup point"): the point's name,
 * streets, zip and city, state and country (named in `locale`) and phone, flagged
 * `is_dropoff_site`, with the point's id and code (`pickup_site_id`, `pickup_code`) so that staff
 * ship to it. The depot and subscription numbers stay those of the practice's delivery address
 * `practice`: they belong to the practice, not to the place of delivery.
 */
export function pickupDeliveryAddress(
  site: typeof pickupSites.$inferSelect,
  practice: AddressRow | null,
  locale: Locale,
): Record<string, unknown> {
  return {
    type: 'delivery',
    ...placeFields(site, locale),
    is_dropoff_site: true,
    pickup_site_id: site.id,
    pickup_code: site.code,
    depot_number: practice?.depotNumber ?? null,
    subscription_number: practice?.subscriptionNumber ?? null,
  };
}

/**
 * Column values of a validated AddressInput; `title` and `ref` only when the input carries them
 * (an update or an approved change request without them keeps the address's own;
 * docs/decisions/address-change-requests.md). Errors: 400 `unknown_state` on `state_code` when the
 * state is not one of the country's states (settings list them).
 */
export function addressColumns(input: AddressInput) {
  const stateCode = input.state_code ? input.state_code : null;
  if (stateCode && !STATES.some((s) => s.code === stateCode && s.country === input.country_code))
    throw fieldError('state_code', 'unknown_state');
  return {
    name: input.name,
    // Left as they are when the input does not carry them: the address form has no title or
    // reference field, and an approved change request or an update wiped them.
    ...(input.title !== undefined ? { title: input.title } : {}),
    street: input.street,
    street2: input.street2 ?? '',
    zip: input.zip,
    city: input.city,
    stateCode,
    countryCode: input.country_code,
    phone: input.phone ? input.phone : null,
    mobile: input.mobile ? input.mobile : null,
    email: input.email ? input.email : null,
    ...(input.ref !== undefined ? { ref: input.ref ? input.ref : null } : {}),
  };
}

/** Ids (of `addressIds`) that have a pending change request. */
async function pendingChangeIds(db: Db, addressIds: number[]): Promise<Set<number>> {
  if (addressIds.length === 0) return new Set();
  const rows = await db
    .select({ addressId: addressChangeRequests.addressId })
    .from(addressChangeRequests)
    .where(
      and(inArray(addressChangeRequests.addressId, addressIds), eq(addressChangeRequests.status, 'pending')),
    );
  return new Set(rows.map((r) => r.addressId));
}

/**
 * The customer's live addresses of `type`, main first then by name, as api shapes in `locale`.
 *
 * Search (docs/product/customer-area.md): when `q` is given, keeps the addresses where every word of `q` is found,
 * case- and accent-insensitively, in name, street, street2, city, zip or the country name in
 * `locale`. The filter runs in the api with the domain's `matchesAddressSearch` over the
 * customer's rows rather than in SQL with `f_unaccent`: a customer has a handful of addresses
 * (all of them are read anyway), the country name exists only in Intl (not in a table), and the
 * web's client-side filter then applies exactly the same rule.
 */
export async function listAddresses(
  db: Db,
  customerId: number,
  type: AddressType,
  locale: Locale,
  q?: string,
): Promise<Address[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.customerId, customerId), eq(addresses.type, type), isNull(addresses.deletedAt)))
    .orderBy(desc(addresses.isMain), asc(addresses.name), asc(addresses.id));
  const hits = q
    ? rows.filter((r) =>
        matchesAddressSearch(
          { name: r.name, street: r.street, street2: r.street2, city: r.city, zip: r.zip },
          q,
          isCountryCode(r.countryCode) ? countryName(r.countryCode, locale) : r.countryCode,
        ),
      )
    : rows;
  const pending = await pendingChangeIds(
    db,
    hits.map((r) => r.id),
  );
  return hits.map((r) => toAddress(r, locale, pending.has(r.id)));
}

/** The customer's live address `id` of `type`; 404 `not_found` otherwise (also for another customer's id). */
async function ownAddress(db: Db, customerId: number, type: AddressType, id: number): Promise<AddressRow> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(
      and(
        eq(addresses.id, id),
        eq(addresses.customerId, customerId),
        eq(addresses.type, type),
        isNull(addresses.deletedAt),
      ),
    )
    .limit(1);
  if (!row) throw notFound(`No ${type} address ${id}`);
  return row;
}

/**
 * Creates a delivery address of the customer (docs/product/customer-area.md#address-calls POST addresses/{type}); rights default to
 * update and delete allowed (docs/product/accounts.md#roles-and-permissions). Errors: 400 `invoicing_address_unique` for `invoicing` (a
 * customer has exactly one, created at approval); 400 `unknown_state`.
 */
export async function createAddress(
  db: Db,
  customerId: number,
  type: AddressType,
  input: AddressInput,
  locale: Locale,
): Promise<Address> {
  if (type !== 'delivery')
    throw new ApiError(
      400,
      'invoicing_address_unique',
      'Bad request',
      'A customer has one invoicing address; ask for a change of it instead.',
    );
  const [row] = await db
    .insert(addresses)
    .values({ customerId, type: 'delivery', ...addressColumns(input), lang: locale })
    .returning();
  if (!row) throw new Error('address insert returned nothing');
  return toAddress(row, locale);
}

/** Outcome of an update: applied (delivery) or stored as a change request (invoicing). */
export type AddressUpdateResult =
  | { kind: 'updated'; address: Address }
  | { kind: 'change_requested'; changeRequestId: number; address: Address };

/**
 * Updates an address of the customer (docs/product/customer-area.md#address-calls POST addresses/{type}/{id}).
 * - delivery: applied at once when the address may be updated (403 `address_not_updatable` else);
 * - invoicing (the main address): not changed; the input is stored as the address's pending change
 *   request (replacing an earlier pending one) for staff, and the address is returned unchanged
 *   with `change_requested: true`.
 * Errors: 404 for an address that is not the customer's live address of `type`; 400 `unknown_state`.
 */
export async function updateAddress(
  db: Db,
  customerId: number,
  userId: number,
  type: AddressType,
  id: number,
  input: AddressInput,
  locale: Locale,
): Promise<AddressUpdateResult> {
  const row = await ownAddress(db, customerId, type, id);
  const columns = addressColumns(input);
  if (row.type === 'invoicing' || row.isMain) {
    const changeRequestId = await db.transaction(async (tx) => {
      // One pending request per address: a new request replaces the one staff has not decided yet.
      await tx.execute(sql`SELECT id FROM addresses WHERE id = ${row.id} FOR UPDATE`);
      const [pending] = await tx
        .select({ id: addressChangeRequests.id })
        .from(addressChangeRequests)
        .where(and(eq(addressChangeRequests.addressId, row.id), eq(addressChangeRequests.status, 'pending')))
        .limit(1);
      if (pending) {
        await tx
          .update(addressChangeRequests)
          .set({ payload: input, requestedBy: userId, createdAt: sql`now()` })
          .where(eq(addressChangeRequests.id, pending.id));
        return pending.id;
      }
      const [created] = await tx
        .insert(addressChangeRequests)
        .values({ customerId, addressId: row.id, requestedBy: userId, payload: input })
        .returning({ id: addressChangeRequests.id });
      return created!.id;
    });
    return { kind: 'change_requested', changeRequestId, address: toAddress(row, locale, true) };
  }
  if (!row.canUpdate)
    throw new ApiError(403, 'address_not_updatable', 'Forbidden', `Address ${id} cannot be changed.`);
  const [updated] = await db
    .update(addresses)
    .set({ ...columns, updatedAt: sql`now()` })
    .where(eq(addresses.id, row.id))
    .returning();
  return { kind: 'updated', address: toAddress(updated!, locale) };
}

/**
 * Deletes (soft: sets `deleted_at`) a delivery address of the customer (docs/product/customer-area.md#address-calls DELETE
 * addresses/{type}/{id}). Errors: 404 when not the customer's live address of `type`; 409
 * `main_address_undeletable` for the main (invoicing) address; 409 `address_undeletable` when its
 * delete right is off (docs/product/accounts.md#roles-and-permissions).
 */
export async function deleteAddress(
  db: Db,
  customerId: number,
  type: AddressType,
  id: number,
): Promise<void> {
  const row = await ownAddress(db, customerId, type, id);
  if (row.isMain || row.type === 'invoicing')
    throw new ApiError(409, 'main_address_undeletable', 'Conflict', 'The main address cannot be deleted.');
  if (!row.canDelete)
    throw new ApiError(409, 'address_undeletable', 'Conflict', `Address ${id} cannot be deleted.`);
  await db
    .update(addresses)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(addresses.id, row.id), isNull(addresses.deletedAt)));
}

// ---------------------------------------------------------------------------------------------
// Staff: change requests of invoicing addresses

/** One change request as staff sees it: the current address and the requested fields. */
export interface ChangeRequestView {
  id: number;
  state: ChangeRequestState;
  customer_id: number;
  customer_number: string;
  customer_name: string;
  address_id: number;
  address: Address;
  requested: AddressInput;
  reason: string | null;
  created_at: string;
  decided_at: string | null;
}

/** Requested fields of a stored payload (re-validated; an unreadable payload shows as empty fields). */
function requestedOf(payload: Record<string, unknown>): AddressInput {
  const parsed = addressInputSchema.safeParse(payload);
  if (parsed.success) return parsed.data;
  return {
    name: '',
    street: '',
    zip: '',
    city: '',
    country_code: 'BE',
    ...(payload as object),
  } as AddressInput;
}

type ChangeRequestJoin = {
  request: ChangeRequestRow;
  address: AddressRow;
  customer: typeof customers.$inferSelect;
};

function toView({ request, address, customer }: ChangeRequestJoin, locale: Locale): ChangeRequestView {
  return {
    id: request.id,
    state: request.status as ChangeRequestState,
    customer_id: customer.id,
    customer_number: customer.number,
    customer_name: customer.name,
    address_id: address.id,
    address: toAddress(address, locale, request.status === 'pending'),
    requested: requestedOf(request.payload),
    reason: request.reason,
    created_at: request.createdAt.toISOString(),
    decided_at: request.decidedAt ? request.decidedAt.toISOString() : null,
  };
}

function selectViews(db: Db) {
  return db
    .select({ request: addressChangeRequests, address: addresses, customer: customers })
    .from(addressChangeRequests)
    .innerJoin(addresses, eq(addresses.id, addressChangeRequests.addressId))
    .innerJoin(customers, eq(customers.id, addressChangeRequests.customerId));
}

/**
 * Change requests in `state`, oldest first, one page (`page` from 1, `perPage` rows) with the
 * total `count`.
 */
export async function listChangeRequests(
  db: Db,
  state: ChangeRequestState,
  page: number,
  perPage: number,
  locale: Locale,
): Promise<{ count: number; items: ChangeRequestView[] }> {
  const where = eq(addressChangeRequests.status, state);
  const [total] = await db.select({ n: count() }).from(addressChangeRequests).where(where);
  const rows = await selectViews(db)
    .where(where)
    .orderBy(asc(addressChangeRequests.createdAt), asc(addressChangeRequests.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { count: Number(total?.n ?? 0), items: rows.map((r) => toView(r, locale)) };
}

/**
 * Approves (applies the requested fields to the address) or refuses (with `reason`) change request
 * `id`, in one transaction with the request row locked. Returns the decided request.
 * Errors: 404 unknown id; 409 `change_request_decided` when already approved or refused; 400
 * `invalid_change_request` when the stored payload is no longer a valid address (left pending).
 */
export async function decideChangeRequest(
  db: Db,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
  locale: Locale,
): Promise<ChangeRequestView> {
  await db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(addressChangeRequests)
      .where(eq(addressChangeRequests.id, id))
      .for('update')
      .limit(1);
    if (!request) throw notFound(`No address change request ${id}`);
    if (request.status !== 'pending')
      throw new ApiError(
        409,
        'change_request_decided',
        'Conflict',
        `Address change request ${id} is already ${request.status}.`,
      );
    if (decision.approve) {
      const parsed = addressInputSchema.safeParse(request.payload);
      if (!parsed.success)
        throw new ApiError(
          400,
          'invalid_change_request',
          'Bad request',
          'The requested address is not valid.',
        );
      await tx
        .update(addresses)
        .set({ ...addressColumns(parsed.data), updatedAt: sql`now()` })
        .where(eq(addresses.id, request.addressId));
    }
    await tx
      .update(addressChangeRequests)
      .set({
        status: decision.approve ? 'approved' : 'refused',
        reason: decision.approve ? null : decision.reason,
        decidedAt: sql`now()`,
      })
      .where(eq(addressChangeRequests.id, id));
  });
  const [row] = await selectViews(db).where(eq(addressChangeRequests.id, id));
  return toView(row!, locale);
}

/**
 * Drizzle schema of accounts (docs/product/accounts.md#user, docs/product/accounts.md#customer, docs/product/customer-area.md#addresses, docs/product/accounts.md#registration-fields, docs/product/accounts.md#session,
 * docs/product/accounts.md#roles-and-permissions Roles and permissions).
 *
 * Shape in one line: a `customers` row is the practice (customer number, VAT, depot and
 * subscription numbers, sales person, newsletter flags); its `users` sign in (login, role, price
 * list, veterinary groups, flags); staff users have no customer. `sessions` back the session cookie
 * (only a SHA-256 of the cookie value is stored). `registrations` are applications staff approve or
 * refuse; approval creates the customer, its invoicing address and its first user.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Sales persons of the association (docs/product/accounts.md#auth-calls GET customer/sales_person: name and address). */
export const salesPersons = pgTable('sales_persons', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  street: text('street').notNull().default(''),
  zip: text('zip').notNull().default(''),
  city: text('city').notNull().default(''),
  countryCode: text('country_code').notNull().default('BE'),
});

/** The practice (docs/product/accounts.md#customer). `number` is the customer number printed on documents. */
export const customers = pgTable('customers', {
  id: serial('id').primaryKey(),
  number: text('number').notNull().unique(),
  name: text('name').notNull(),
  /** Customer function (FUNCTIONS): nurse, veterinary, student, supplier, wholesaler, pharmacist. */
  function: text('function').notNull(),
  vat: text('vat'),
  vatPending: boolean('vat_pending').notNull().default(false),
  depotNumber: text('depot_number'),
  subscriptionNumber: text('subscription_number'),
  apbNumber: text('apb_number'),
  /** Number of the veterinarian at the Order of Veterinarians (0029; docs/decisions/staff-customers.md). */
  ordreNumber: text('ordre_number'),
  /** Vet activities (livestock, equine, pet, exotic). */
  vetActivities: text('vet_activities')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  salesPersonId: integer('sales_person_id').references(() => salesPersons.id),
  /** Newsletter (docs/product/accounts.md#newsletter "Newsletter: subscribed or not"); opt_out is its negation kept for the requirements' PUT customer. */
  optIn: boolean('opt_in').notNull().default(false),
  /** Payment terms in days net from the invoice date (invoice due date = date + terms; default 30). */
  paymentTermsDays: integer('payment_terms_days').notNull().default(30),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Users who sign in (docs/product/accounts.md#user). `role` is a customer function or `staff`; `priceList` is the
 * PRICE_LISTS code that prices the catalogue for this user. `login` is stored lower-cased.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    login: text('login').notNull(),
    email: text('email').notNull(),
    /** argon2id PHC string; NULL for users who only sign in through OpenID Connect. */
    passwordHash: text('password_hash'),
    name: text('name').notNull(),
    givenName: text('given_name').notNull().default(''),
    familyName: text('family_name').notNull().default(''),
    title: text('title'),
    phone: text('phone'),
    mobile: text('mobile'),
    locale: text('locale').notNull().default('fr'),
    role: text('role').notNull(),
    function: text('function'),
    ref: text('ref'),
    canOrder: boolean('can_order').notNull().default(true),
    canImport: boolean('can_import').notNull().default(false),
    supplierId: integer('supplier_id'),
    vetGroupIds: integer('vet_group_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    priceList: text('price_list').notNull().default('default'),
    /** Extra discounts of the user's price list, in basis points per family: {meds: 200}. */
    priceListDiscounts: jsonb('price_list_discounts').$type<Record<string, number>>().notNull().default({}),
    grossPriceList: boolean('gross_price_list').notNull().default(false),
    supplierPromotion: boolean('supplier_promotion').notNull().default(false),
    helpWithFee: boolean('help_with_fee').notNull().default(false),
    emailVerified: boolean('email_verified').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /** OpenID Connect subject (`sub`) once the user signed in through the identity provider. */
    oidcSubject: text('oidc_subject'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_login_key').on(t.login),
    uniqueIndex('users_oidc_subject_key').on(t.oidcSubject),
    index('users_customer_idx').on(t.customerId),
  ],
);

/** Server sessions behind the session cookie; `id` is the SHA-256 (hex) of the cookie value. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** How the session was opened: `credentials` or `oidc`. */
    method: text('method').notNull().default('credentials'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** One-time tokens sent by mail (email validation, password reset); `id` is the SHA-256 of the token. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `validate_email` or `reset_password`. */
    purpose: text('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId)],
);

/** Failed sign-in attempts, keyed `login:<login>` or `ip:<address>` (rate limit shared by every api process). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_key_at_idx').on(t.key, t.at)],
);

/**
 * Rate-limit counters (modules/auth/rate-limit.ts, docs/decisions/sign-in-lockout.md): `hits` events
 * of `key` (e.g. `ip:<address>`, `lead:<address>`) in the window ending at `reset_at`; bumped by one
 * atomic statement, shared by every api process.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/**
 * Browsers that signed in with the right password (modules/auth/known-device.ts): `id` is the
 * SHA-256 of the `vetshop_device` cookie; such a device keeps signing in while failures of others
 * limit the login.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('known_devices_user_idx').on(t.userId)],
);

/**
 * Addresses of a customer (docs/product/customer-area.md#addresses). The invoicing address is the main one (`isMain`,
 * `canDelete` false). Country and state are ISO codes (settings give their names).
 */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** `invoicing` or `delivery` (default delivery, docs/product/constants.md). */
    type: text('type').notNull().default('delivery'),
    addressType: text('address_type'),
    name: text('name').notNull().default(''),
    title: text('title'),
    street: text('street').notNull().default(''),
    street2: text('street2').notNull().default(''),
    zip: text('zip').notNull().default(''),
    city: text('city').notNull().default(''),
    stateCode: text('state_code'),
    countryCode: text('country_code').notNull().default('BE'),
    phone: text('phone'),
    mobile: text('mobile'),
    email: text('email'),
    vat: text('vat'),
    lang: text('lang'),
    ref: text('ref'),
    isMain: boolean('is_main').notNull().default(false),
    isCompany: boolean('is_company').notNull().default(false),
    isDropoffSite: boolean('is_dropoff_site').notNull().default(false),
    optIn: boolean('opt_in').notNull().default(false),
    optOut: boolean('opt_out').notNull().default(false),
    canDelete: boolean('can_delete').notNull().default(true),
    canUpdate: boolean('can_update').notNull().default(true),
    depotNumber: text('depot_number'),
    subscriptionNumber: text('subscription_number'),
    /** Soft delete: orders keep pointing at addresses that were deleted. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addresses_customer_idx').on(t.customerId, t.type)],
);

/** A customer's requested change of its invoicing address, applied or refused by staff. */
export const addressChangeRequests = pgTable('address_change_requests', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  addressId: integer('address_id')
    .notNull()
    .references(() => addresses.id, { onDelete: 'cascade' }),
  requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
  /** The requested address fields (AddressInput). */
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  /** `pending`, `approved` or `refused`. */
  status: text('status').notNull().default('pending'),
  reason: text('reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
});

/**
 * Applications for an account (docs/product/accounts.md#registration-fields; docs/product/accounts.md#registration-calls POST registrations). `payload` is the
 * validated RegistrationInput without the password; `passwordHash` keeps the chosen password
 * (argon2id) so the approved user can sign in with it.
 */
export const registrations = pgTable(
  'registrations',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    companyName: text('company_name').notNull(),
    function: text('function').notNull(),
    locale: text('locale').notNull().default('fr'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    passwordHash: text('password_hash'),
    /** `pending`, `approved` or `refused`. */
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('registrations_status_idx').on(t.status, t.createdAt)],
);

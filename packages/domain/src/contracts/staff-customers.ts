/**
 * Zod contracts of the staff customer management (docs/decisions/staff-customers.md): the search
 * list of customers, one customer with its users, the changes staff make to a customer (sales
 * person, payment terms) and to one of its users (price list, veterinary groups, order and import
 * rights, supplier promotions), a user added to a practice, and an order entered by staff on a
 * customer's behalf with its sale channel. Dates are ISO 8601; quantities are units.
 */
import { z } from 'zod';
import { emailSchema, functionSchema, text } from './account.ts';
import { localeSchema } from './catalog.ts';
import { PRICE_LISTS } from '../constants/catalog.ts';
import { CART_LINE_QTY_MAX } from '../constants/cart.ts';
import { STAFF_DEFAULT_PER_PAGE, STAFF_MAX_PER_PAGE } from './staff.ts';

/** GET staff/customers: `q` is contained in the name, customer number, VAT number or a user's login. */
export const staffCustomersQuerySchema = z
  .object({
    q: z.string().trim().max(100, { error: 'too_long' }).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    per_page: z.coerce.number().int().min(1).max(STAFF_MAX_PER_PAGE).default(STAFF_DEFAULT_PER_PAGE),
  })
  .strict();
export type StaffCustomersQuery = z.infer<typeof staffCustomersQuerySchema>;

/** One row of the staff customer list. */
export const staffCustomerSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  name: z.string(),
  function: z.string(),
  vat: z.string().nullable(),
  /** City of the invoicing address ('' when none). */
  city: z.string(),
  sales_person_name: z.string().nullable(),
  /** Users of the practice, active ones and all. */
  active_users: z.number().int(),
  users: z.number().int(),
});
export type StaffCustomerSummary = z.infer<typeof staffCustomerSummarySchema>;

export const staffCustomerListSchema = z.object({
  count: z.number().int(),
  items: z.array(staffCustomerSummarySchema),
});
export type StaffCustomerList = z.infer<typeof staffCustomerListSchema>;

/** A user of a practice as staff see it (never its password hash; `has_password` says if one is set). */
export const staffCustomerUserSchema = z.object({
  id: z.number().int(),
  login: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  locale: z.string(),
  price_list: z.string(),
  vet_group_ids: z.array(z.number().int()),
  can_order: z.boolean(),
  can_import: z.boolean(),
  supplier_promotion: z.boolean(),
  active: z.boolean(),
  email_verified: z.boolean(),
  has_password: z.boolean(),
  created_at: z.string(),
});
export type StaffCustomerUser = z.infer<typeof staffCustomerUserSchema>;

/** GET staff/customers/{id}: the practice, its numbers, its commercial settings and its users. */
export const staffCustomerDetailSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  name: z.string(),
  function: z.string(),
  vat: z.string().nullable(),
  vat_pending: z.boolean(),
  depot_number: z.string().nullable(),
  subscription_number: z.string().nullable(),
  apb_number: z.string().nullable(),
  /** Number at the Order of Veterinarians. */
  ordre_number: z.string().nullable(),
  vet_activities: z.array(z.string()),
  sales_person_id: z.number().int().nullable(),
  /** Days net from the invoice date. */
  payment_terms_days: z.number().int(),
  created_at: z.string(),
  users: z.array(staffCustomerUserSchema),
});
export type StaffCustomerDetail = z.infer<typeof staffCustomerDetailSchema>;

/** GET staff/customers/options: the choices of the edit forms. */
export const staffCustomerOptionsSchema = z.object({
  price_lists: z.array(z.string()),
  vet_groups: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
  sales_persons: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })),
});
export type StaffCustomerOptions = z.infer<typeof staffCustomerOptionsSchema>;

/** Longest payment terms staff may set, in days. */
export const MAX_PAYMENT_TERMS_DAYS = 365;

/** PUT staff/customers/{id}: fields left out keep their value; `sales_person_id: null` removes it. */
export const staffCustomerUpdateSchema = z.strictObject({
  sales_person_id: z.number().int().min(1).max(2_147_483_647).nullable().optional(),
  payment_terms_days: z.number().int().min(0).max(MAX_PAYMENT_TERMS_DAYS).optional(),
});
export type StaffCustomerUpdate = z.infer<typeof staffCustomerUpdateSchema>;

/** PUT staff/customers/{id}/users/{userId}: fields left out keep their value. */
export const staffCustomerUserUpdateSchema = z.strictObject({
  price_list: z.enum(PRICE_LISTS).optional(),
  vet_group_ids: z.array(z.number().int().min(1).max(2_147_483_647)).max(50).optional(),
  can_order: z.boolean().optional(),
  can_import: z.boolean().optional(),
  supplier_promotion: z.boolean().optional(),
});
export type StaffCustomerUserUpdate = z.infer<typeof staffCustomerUserUpdateSchema>;

/**
 * POST staff/customers/{id}/users: a new user of the practice (login = email). Price list and
 * groups default to those of the practice's first user.
 */
export const staffNewUserSchema = z.strictObject({
  email: emailSchema,
  given_name: text(80, true),
  family_name: text(80, true),
  locale: localeSchema.default('fr'),
  role: functionSchema.optional(),
  price_list: z.enum(PRICE_LISTS).optional(),
  vet_group_ids: z.array(z.number().int().min(1).max(2_147_483_647)).max(50).optional(),
  can_order: z.boolean().optional(),
});
export type StaffNewUser = z.infer<typeof staffNewUserSchema>;

/** Sale channels of orders; staff enter orders received by phone, fax or mail. */
export const STAFF_SALE_CHANNELS = ['phone', 'fax', 'mail'] as const;
export type StaffSaleChannel = (typeof STAFF_SALE_CHANNELS)[number];

/** Most lines of an order entered by staff. */
export const STAFF_ORDER_MAX_LINES = 200;

/** One line of an order entered by staff: a product variant and its quantity in units. */
export const staffOrderLineSchema = z.strictObject({
  variant_id: z.number().int().min(1).max(2_147_483_647),
  qty: z.number().int().min(1).max(CART_LINE_QTY_MAX),
});

/**
 * POST staff/customers/{id}/orders/preview: the lines priced for the customer's user (`user_id`,
 * default the first active user allowed to order), nothing stored.
 */
export const staffOrderPreviewSchema = z.strictObject({
  user_id: z.number().int().min(1).max(2_147_483_647).optional(),
  lines: z.array(staffOrderLineSchema).min(1, { error: 'required' }).max(STAFF_ORDER_MAX_LINES),
});
export type StaffOrderPreview = z.infer<typeof staffOrderPreviewSchema>;

/** POST staff/customers/{id}/orders: the order with its sale channel, note and customer reference. */
export const staffOrderSchema = staffOrderPreviewSchema.extend({
  sale_channel: z.enum(STAFF_SALE_CHANNELS),
  note: z.string().trim().max(2000, { error: 'too_long' }).optional(),
  customer_ref: z.string().trim().max(120, { error: 'too_long' }).optional(),
});
export type StaffOrder = z.infer<typeof staffOrderSchema>;

/** GET staff/customers/{id}/products?q: variants the customer's user may order, by SKU, CNK, EAN or name. */
export const staffOrderProductsQuerySchema = z
  .object({
    q: z.string().trim().min(2, { error: 'too_short' }).max(100, { error: 'too_long' }),
    user_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    /** Language of the product names (the browser client adds it; default Accept-Language). */
    lang: localeSchema.optional(),
  })
  .strict();

/** A product variant found for an order entered by staff. */
export const staffOrderProductSchema = z.object({
  variant_id: z.number().int(),
  sku: z.string(),
  cnk: z.string().nullable(),
  name: z.string(),
  variant_name: z.string(),
});
export const staffOrderProductListSchema = z.object({ items: z.array(staffOrderProductSchema) });
export type StaffOrderProduct = z.infer<typeof staffOrderProductSchema>;

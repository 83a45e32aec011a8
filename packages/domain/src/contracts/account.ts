/**
 * zod contracts of accounts (docs/product/accounts.md#user, docs/product/accounts.md#customer, docs/product/customer-area.md#addresses, docs/product/accounts.md#registration-fields, docs/product/accounts.md#roles-and-permissions, docs/product/accounts.md#auth-calls,
 * Customer, Addresses, Registrations, settings). Shared by apps/api (validation, OpenAPI) and
 * apps/web (forms with react-hook-form + zodResolver, answer parsing).
 *
 * Field errors carry a stable code as their message ('required', 'too_long', 'invalid_email',
 * 'vat_checksum'...): the api returns them in problem+json `errors[]`, the web shows
 * `validation.<code>` from its message files next to the field.
 */
import { z } from 'zod';
import { checkVat } from '../vat.ts';
import { postalCodeFits } from '../address.ts';
import { COUNTRY_CODES, TITLES } from '../reference.ts';
import { localeSchema } from './catalog.ts';
import { PRICE_LISTS } from '../constants/catalog.ts';

/** Customer functions (docs/product/accounts.md#customer-types). */
export const FUNCTIONS = ['nurse', 'veterinary', 'student', 'supplier', 'wholesaler', 'pharmacist'] as const;
export const functionSchema = z.enum(FUNCTIONS, { error: 'required' });
export type CustomerFunction = z.infer<typeof functionSchema>;

/** Roles: a customer function, or `staff` for the association's back office. */
export const ROLES = [...FUNCTIONS, 'staff'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Price list of a customer function (docs/product/accounts.md#roles-and-permissions: "product prices come from the matching price list"). */
export function priceListOfFunction(fn: CustomerFunction): (typeof PRICE_LISTS)[number] {
  return fn;
}

/** Vet activities of docs/product/accounts.md#registration-fields. */
export const VET_ACTIVITIES = ['livestock', 'equine', 'pet', 'exotic'] as const;

/** Auth modes (docs/product/accounts.md#authentication-mode); unset = guest-only shop. */
export const AUTH_TYPES = ['credentials', 'oidc', 'oidc-token'] as const;
export type AuthType = (typeof AUTH_TYPES)[number];

/** Password rules: 10 to 256 characters (argon2id hashes any length; the cap stops abuse). */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 256;

/** A trimmed text field of at most `max` characters; `required` refuses an empty value. */
export function text(max: number, required = false) {
  const base = z.string({ error: 'required' }).trim().max(max, { error: 'too_long' });
  return required ? base.min(1, { error: 'required' }) : base;
}

/** An email address (lower-cased), at most 254 characters. */
export const emailSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(254, { error: 'too_long' })
  .pipe(z.email({ error: 'invalid_email' }))
  .transform((v) => v.toLowerCase());

/**
 * An email address that may be left empty: '' stays '', anything else is checked and lower-cased as
 * by emailSchema, with one code per problem (`too_long`, `invalid_email`). Not a union with '': a
 * form's resolver reports a union's first branch ("expected ''"), not its code.
 */
export const optionalEmailSchema = z
  .string()
  .trim()
  .max(254, { error: 'too_long' })
  .refine((v) => v === '' || z.email().safeParse(v).success, { error: 'invalid_email' })
  .transform((v) => v.toLowerCase());

export const passwordSchema = z
  .string({ error: 'required' })
  .min(PASSWORD_MIN, { error: 'password_too_short' })
  .max(PASSWORD_MAX, { error: 'too_long' });

export const countryCodeSchema = z.enum(COUNTRY_CODES, { error: 'unknown_country' });
export const titleSchema = z.enum(TITLES, { error: 'required' });
const phoneSchema = z
  .string()
  .trim()
  .max(30, { error: 'too_long' })
  .regex(/^[+0-9 ()./-]*$/, { error: 'invalid_phone' });

// ---------------------------------------------------------------------------------------------
// Auth (docs/product/accounts.md#auth-calls)

/** POST auth/login. */
export const loginRequestSchema = z.strictObject({
  login: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(254, { error: 'too_long' }),
  password: z
    .string({ error: 'required' })
    .min(1, { error: 'required' })
    .max(PASSWORD_MAX, { error: 'too_long' }),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** POST auth/request_reset_password. Always answers 204 (existence of the login does not leak). */
export const resetRequestSchema = z.strictObject({ login: emailSchema });

/**
 * POST auth/set_password: with a mailed `token` (reset), or signed in with `current_password`
 * (profile "change password").
 */
export const setPasswordSchema = z.union([
  z.strictObject({ token: z.string().min(16).max(200), password: passwordSchema }),
  z.strictObject({
    current_password: z.string().min(1, { error: 'required' }).max(PASSWORD_MAX),
    password: passwordSchema,
  }),
]);

/** POST auth/validate_email. */
export const validateEmailSchema = z.strictObject({ token: z.string().min(16).max(200) });

/** The customer record embedded in the profile (docs/product/accounts.md#customer). */
export const customerSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  name: z.string(),
  function: functionSchema,
  vat: z.string().nullable(),
  vat_pending: z.boolean(),
  depot_number: z.string().nullable(),
  subscription_number: z.string().nullable(),
  apb_number: z.string().nullable(),
  vet_activities: z.array(z.string()),
  opt_in: z.boolean(),
  opt_out: z.boolean(),
});
export type Customer = z.infer<typeof customerSchema>;

/**
 * The signed-in user (docs/product/accounts.md#user), answer of GET auth/profile and GET customer. `vetGroups` keeps
 * the requirements' camelCase name. Staff users have `customer: null`.
 */
export const userProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  login: z.string(),
  email: z.string(),
  title: z.string().nullable(),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
  role: roleSchema,
  roles: z.array(z.string()),
  function: functionSchema.nullable(),
  can_order: z.boolean(),
  can_import: z.boolean(),
  email_verified: z.boolean(),
  family_name: z.string(),
  given_name: z.string(),
  help_with_fee: z.boolean(),
  locale: localeSchema,
  preferred_username: z.string(),
  ref: z.string().nullable(),
  subject: z.string().nullable(),
  supplier_id: z.number().int().nullable(),
  vetGroups: z.array(z.number().int()),
  price_list: z.string(),
  price_list_discounts: z.record(z.string(), z.number()),
  gross_price_list: z.boolean(),
  supplier_promotion: z.boolean(),
  customer: customerSchema.nullable(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** POST user: the profile fields a user may change. */
export const profileUpdateSchema = z.strictObject({
  title: titleSchema.nullable().optional(),
  given_name: text(80, true),
  family_name: text(80, true),
  phone: phoneSchema.optional(),
  mobile: phoneSchema.optional(),
  locale: localeSchema.optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Customer (docs/product/accounts.md#customer-calls)

/** POST customer/{id}/update. */
export const customerUpdateSchema = z.strictObject({ optIn: z.boolean() });
/** PUT customer. */
export const customerOptOutSchema = z.strictObject({ opt_out: z.boolean() });

/** GET customer/sales_person. */
export const salesPersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.object({ street: z.string(), zip: z.string(), city: z.string(), country_code: z.string() }),
});
export type SalesPerson = z.infer<typeof salesPersonSchema>;

// ---------------------------------------------------------------------------------------------
// Addresses (docs/product/customer-area.md#addresses, docs/product/customer-area.md#address-calls)

export const ADDRESS_TYPES = ['invoicing', 'delivery'] as const;
export const addressTypeSchema = z.enum(ADDRESS_TYPES);
export type AddressType = z.infer<typeof addressTypeSchema>;

/** An address as the api answers it. */
export const addressSchema = z.object({
  id: z.number().int(),
  type: addressTypeSchema,
  address_type: z.string().nullable(),
  name: z.string(),
  title: z.string().nullable(),
  street: z.string(),
  street2: z.string(),
  zip: z.string(),
  city: z.string(),
  state: z.object({ code: z.string(), name: z.string() }).nullable(),
  country_id: z.string(),
  country: z.object({ id: z.string(), code: z.string(), name: z.string() }),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  vat: z.string().nullable(),
  lang: z.string().nullable(),
  ref: z.string().nullable(),
  main: z.boolean(),
  is_company: z.boolean(),
  is_dropoff_site: z.boolean(),
  opt_in: z.boolean(),
  opt_out: z.boolean(),
  depot_number: z.string().nullable(),
  subscription_number: z.string().nullable(),
  access: z.object({ delete: z.boolean(), update: z.boolean() }),
  /** A change of this (invoicing) address awaits staff. */
  change_requested: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

/** GET addresses/{type}?q=: `data` (docs/product/customer-area.md#address-rules when q is given). */
export const addressListSchema = z.object({ data: z.array(addressSchema) });

/** POST addresses/{type} (create) and POST addresses/{type}/{id} (update). */
export const addressInputSchema = z
  .strictObject({
    name: text(120, true),
    title: titleSchema.nullable().optional(),
    street: text(120, true),
    street2: text(120).optional(),
    zip: text(12, true),
    city: text(80, true),
    state_code: z.string().max(10, { error: 'too_long' }).nullable().optional(),
    country_code: countryCodeSchema,
    phone: phoneSchema.optional(),
    mobile: phoneSchema.optional(),
    email: optionalEmailSchema.optional(),
    ref: text(60).optional(),
  })
  .superRefine(refineZip('country_code'));
export type AddressInput = z.infer<typeof addressInputSchema>;

// ---------------------------------------------------------------------------------------------
// Registration (docs/product/accounts.md#registration-fields, docs/product/accounts.md#registration-rules, docs/product/accounts.md#registration-calls POST registrations)

const registrationFields = {
  title: titleSchema,
  first_name: text(80, true),
  last_name: text(80, true),
  email: emailSchema,
  mobile: phoneSchema.min(1, { error: 'required' }),
  fax: phoneSchema.optional(),
  company_name: text(120, true),
  vat: z.string().trim().max(20, { error: 'too_long' }).optional().default(''),
  vat_pending: z.boolean().default(false),
  street: text(120, true),
  street2: text(120).optional(),
  zip: text(12, true),
  city: text(80, true),
  country: countryCodeSchema,
  function: functionSchema,
  vet_activities: z.array(z.enum(VET_ACTIVITIES)).max(4).default([]),
  apb_number: text(30).optional(),
  /** Number at the Order of Veterinarians (veterinarians; shown to staff at approval). */
  ordre_number: text(30).optional(),
  subscription_number: text(30).optional(),
  depot_number: text(30).optional(),
  comment: text(2000).optional(),
  terms_accepted: z.literal(true, { error: 'terms_required' }),
  opt_in: z.boolean().default(false),
  locale: localeSchema.default('fr'),
};

/**
 * Postal code rule of a form with a zip and a country field `countryField`: the zip has the country's
 * format (postalCodeFits, docs/decisions/postal-codes.md), else issue `zip_format` on `zip`.
 */
function refineZip<K extends string>(countryField: K) {
  return (value: { zip: string } & Record<K, string>, ctx: z.RefinementCtx): void => {
    if (!postalCodeFits(value[countryField], value.zip))
      ctx.addIssue({ code: 'custom', path: ['zip'], message: 'zip_format' });
  };
}

/** VAT rule: required and valid unless "VAT pending" is chosen (then it may be empty). */
function refineVat(value: { vat?: string; vat_pending?: boolean }, ctx: z.RefinementCtx): void {
  const vat = value.vat ?? '';
  if (value.vat_pending && vat.trim() === '') return;
  const check = checkVat(vat);
  if (!check.ok) ctx.addIssue({ code: 'custom', path: ['vat'], message: check.error });
}

/** POST registrations: the application; `password` optional (an OIDC shop has no local password). */
export const registrationInputSchema = z
  .strictObject({ ...registrationFields, password: passwordSchema.optional() })
  .superRefine(refineVat)
  .superRefine(refineZip('country'));
export type RegistrationInput = z.infer<typeof registrationInputSchema>;

/** POST auth/register: the same application with name, login (the email) and password required. */
export const registerRequestSchema = z
  .strictObject({ ...registrationFields, password: passwordSchema })
  .superRefine(refineVat)
  .superRefine(refineZip('country'));

export const REGISTRATION_STATES = ['pending', 'approved', 'refused'] as const;

/** A stored application (answer of POST registrations and the staff endpoints). */
export const registrationSchema = z.object({
  id: z.number().int(),
  state: z.enum(REGISTRATION_STATES),
  email: z.string(),
  company_name: z.string(),
  function: functionSchema,
  created_at: z.string(),
  reason: z.string().nullable(),
  customer_id: z.number().int().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type Registration = z.infer<typeof registrationSchema>;

// ---------------------------------------------------------------------------------------------
// Settings (docs/product/community-and-content.md#reference-data GET settings)

export const settingsSchema = z.object({
  countries: z.array(z.object({ id: z.string(), code: z.string(), name: z.string() })),
  titles: z.array(z.object({ id: z.string(), name: z.string() })),
  states: z.array(z.object({ code: z.string(), name: z.string(), country_code: z.string() })),
  currencies: z.array(z.object({ code: z.string(), name: z.string(), symbol: z.string() })),
  lead_subjects: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type Settings = z.infer<typeof settingsSchema>;

/** One field error of a 400 problem: the field path ("vat", "address.zip") and its code. */
export const fieldErrorSchema = z.object({ field: z.string(), code: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/**
 * Zod contracts of regulated-product exceptions and product links
 * (docs/decisions/regulated-products.md, docs/decisions/product-links.md). Dates are ISO 8601.
 */
import { z } from 'zod';
import { RESTRICTION_REASONS } from '../rules/restrictions.ts';
import { localeSchema, productDetailSchema } from './catalog.ts';

const rowId = z.coerce.number().int().min(1).max(2_147_483_647);

/**
 * A product's code as staff read it on the box or in the catalogue: its SKU (any case), CNK or GTIN
 * (EAN); looked up as SKU, then CNK, then GTIN (docs/decisions/staff-product-codes.md).
 */
export const productCodeSchema = z
  .string()
  .trim()
  .min(1, { error: 'product_required' })
  .max(50, { error: 'too_long' });

/** GET staff/products/by-code?code: the product a code names. */
export const productByCodeQuerySchema = z.strictObject({
  code: productCodeSchema,
  lang: localeSchema.optional(),
});

/** The product (model) a code names, with the codes of the variant it matched. */
export const productByCodeSchema = z.object({
  /** Product (model) id. */
  id: z.number().int(),
  name: z.string(),
  url_key: z.string(),
  /** The matched variant's SKU, CNK and GTIN. */
  sku: z.string(),
  cnk: z.string().nullable(),
  gtin: z.string().nullable(),
});
export type ProductByCode = z.infer<typeof productByCodeSchema>;

/** Exactly one of `<id>` and `<code>` is given (error `product_required` on the code's path). */
function oneOf<T extends Record<string, unknown>>(id: keyof T & string, code: keyof T & string) {
  return (value: T, ctx: z.RefinementCtx) => {
    if ((value[id] === undefined) !== (value[code] === undefined)) return;
    ctx.addIssue({ code: 'custom', message: 'product_required', path: [code] });
  };
}

/** A customer as the staff restriction page shows it (function and the numbers the rules read). */
export const restrictionCustomerSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  name: z.string(),
  function: z.string(),
  depot_number: z.string().nullable(),
  subscription_number: z.string().nullable(),
  apb_number: z.string().nullable(),
});
export type RestrictionCustomerView = z.infer<typeof restrictionCustomerSchema>;

/** GET staff/restrictions/customers?q: customers whose number or name contains q (at most 10). */
export const restrictionCustomerQuerySchema = z.strictObject({ q: z.string().trim().min(1).max(100) });
export const restrictionCustomerListSchema = z.object({ data: z.array(restrictionCustomerSchema) });

/** One exception: the customer may order the product despite its restrictions (Belgium only excepted). */
export const restrictionExceptionSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  /** SKU and CNK of the product's main variant (null CNK: none). */
  sku: z.string().nullable(),
  cnk: z.string().nullable(),
  note: z.string(),
  /** Login of the staff user who granted it (null when that user is gone). */
  granted_by: z.string().nullable(),
  created_at: z.string(),
  /** The reason the customer would be refused without the exception (null: no longer restricted). */
  reason: z.enum(RESTRICTION_REASONS).nullable(),
});
export type RestrictionException = z.infer<typeof restrictionExceptionSchema>;

/** GET staff/customers/{id}/restriction-exceptions. */
export const restrictionExceptionListSchema = z.object({
  customer: restrictionCustomerSchema,
  data: z.array(restrictionExceptionSchema),
});
export type RestrictionExceptionList = z.infer<typeof restrictionExceptionListSchema>;

/**
 * POST staff/customers/{id}/restriction-exceptions: the product — its model id or one of its codes
 * (exactly one of `product_id`, `product_code`) — and a note (why).
 */
export const restrictionExceptionCreateSchema = z
  .strictObject({
    product_id: rowId.optional(),
    product_code: productCodeSchema.optional(),
    note: z.string().trim().max(500).default(''),
  })
  .superRefine(oneOf('product_id', 'product_code'));
export type RestrictionExceptionCreate = z.input<typeof restrictionExceptionCreateSchema>;

/** Kinds of product links: cross-sell, up-sell, related. */
export const PRODUCT_LINK_KIND_VALUES = ['cross', 'up', 'related'] as const;
export const productLinkKindSchema = z.enum(PRODUCT_LINK_KIND_VALUES);
export type ProductLinkKindValue = z.infer<typeof productLinkKindSchema>;

/** A linked product as the product page shows it. */
export const linkedProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url_key: z.string(),
  /** SKU of the main variant: staff answers only (GET staff/products/{id}/links). */
  sku: z.string().optional(),
  kind: productLinkKindSchema,
  sequence: z.number().int(),
  stock_state: z.string(),
});
export type LinkedProduct = z.infer<typeof linkedProductSchema>;

/** GET catalog/products/{id}/links and GET staff/products/{id}/links. */
export const productLinkListSchema = z.object({ data: z.array(linkedProductSchema) });

/**
 * PUT staff/products/{id}/links: the whole list of links of the product (replaces it); each linked
 * product by model id or by one of its codes (exactly one of `linked_product_id`,
 * `linked_product_code`).
 */
export const productLinksPutSchema = z.strictObject({
  links: z
    .array(
      z
        .strictObject({
          linked_product_id: rowId.optional(),
          linked_product_code: productCodeSchema.optional(),
          kind: productLinkKindSchema,
          sequence: z.number().int().min(0).max(10_000),
        })
        .superRefine(oneOf('linked_product_id', 'linked_product_code')),
    )
    .max(100),
});
export type ProductLinksPut = z.infer<typeof productLinksPutSchema>;

/** GET catalog/consumption?product_id: the signed-in customer's average monthly quantity. */
export const consumptionSchema = z.object({
  /** Units per month over the last 12 months (sum of sale-line quantities / 12), 1 decimal. */
  monthly_average: z.number(),
  /** Units ordered over the last 12 months. */
  total_12_months: z.number().int(),
});
export type Consumption = z.infer<typeof consumptionSchema>;

/**
 * GET catalog/products/by-url-key/{key}: the product page's data in one answer, as the product
 * entity carries them (docs/product/catalogue-and-search.md): the product, its links the caller may
 * see (as GET catalog/products/{id}/links) and, for a signed-in customer, their consumption (as GET
 * catalog/consumption) and the product's variants whose promo-end alerts their user subscribed to
 * (as GET promo_subscriptions, limited to the product); both null for guests and staff.
 */
export const productPageSchema = productDetailSchema.extend({
  links: z.array(linkedProductSchema),
  consumption: consumptionSchema.nullable(),
  /** Variant ids of this product with a promo-end alert of the user, in the product's variant order. */
  promo_subscriptions: z.array(z.number().int()).nullable(),
});
export type ProductPage = z.infer<typeof productPageSchema>;

/** Most variant ids one GET /catalog/restrictions asks about. */
export const VARIANT_RESTRICTIONS_MAX = 200;

/** GET /catalog/restrictions query: `variant_ids` comma separated (at most VARIANT_RESTRICTIONS_MAX). */
export const variantRestrictionsQuerySchema = z.strictObject({
  variant_ids: z
    .string()
    .max(VARIANT_RESTRICTIONS_MAX * 11)
    .transform((s) =>
      s
        .split(',')
        .filter((x) => x.trim() !== '')
        .map(Number),
    )
    .pipe(z.array(z.number().int().min(1).max(2_147_483_647)).max(VARIANT_RESTRICTIONS_MAX)),
  lang: localeSchema.optional(),
});

/**
 * Why the signed-in customer may not order each of the asked variants (docs/decisions/regulated-products.md):
 * {variant id: reason}, only the restricted ones; empty for guests and staff.
 */
export const variantRestrictionsSchema = z.object({
  restrictions: z.record(z.string(), z.enum(RESTRICTION_REASONS)),
});
export type VariantRestrictions = z.infer<typeof variantRestrictionsSchema>;

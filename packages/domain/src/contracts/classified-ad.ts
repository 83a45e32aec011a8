/**
 * zod contracts of small ads (docs/product/community-and-content.md#small-ad-fields, docs/product/community-and-content.md#small-ad-states, docs/product/community-and-content.md#small-ad-rules, docs/product/accounts.md#roles-and-permissions
 * Moderation, docs/product/community-and-content.md#classified-ads-calls, docs/product/constants.md#content-limits "Small ad body: 500 characters"). Shared by apps/api
 * (validation of the multipart fields, OpenAPI) and apps/web (react-hook-form + zodResolver).
 *
 * Field errors carry a stable code as their message: 'required', 'too_long', 'invalid_email',
 * 'invalid_phone', 'invalid_date', 'date_end_before_start', 'unknown_category', 'unknown_region'.
 * Dates travel as `yyyy-mm-dd`; the web types and shows them as dd/mm/yyyy (see
 * `displayDateToIso` / `isoDateToDisplay`).
 */
import { z } from 'zod';
import { emailSchema, text } from './account.ts';

/** Categories of docs/product/community-and-content.md#small-ad-fields. */
export const CLASSIFIED_AD_CATEGORIES = ['animals', 'clientele', 'employment', 'equipment', 'misc'] as const;
export type ClassifiedAdCategory = (typeof CLASSIFIED_AD_CATEGORIES)[number];

/** Regions (country_state_code): the Belgian provinces and Brussels (docs/product/community-and-content.md#small-ad-fields). */
export const CLASSIFIED_AD_REGIONS = [
  'BBR',
  'VAN',
  'VBR',
  'VLI',
  'VOV',
  'VWV',
  'WBR',
  'WHT',
  'WLG',
  'WLX',
  'WNA',
] as const;
export type ClassifiedAdRegion = (typeof CLASSIFIED_AD_REGIONS)[number];

/** States of docs/product/community-and-content.md (cancel is shown as refused, with its reason). */
export const CLASSIFIED_AD_STATES = ['draft', 'pending', 'published', 'cancel'] as const;
export type ClassifiedAdState = (typeof CLASSIFIED_AD_STATES)[number];

/** docs/product/constants.md#content-limits: the body holds at most 500 characters. */
export const CLASSIFIED_AD_BODY_MAX = 500;
/** Size cap of the ad's PDF in MB (1 MB = 1 048 576 bytes; the api's files module enforces it). */
export const CLASSIFIED_AD_PDF_MAX_MB = 5;
/** Default page size of the small-ad lists (docs/product/constants.md#search-and-list-sizes lists other than those named: not shown; 10 like sales). */
export const CLASSIFIED_AD_PAGE_SIZE = 10;
/** Longest refusal reason (characters). */
export const CLASSIFIED_AD_REASON_MAX = 500;

export const classifiedAdCategorySchema = z.enum(CLASSIFIED_AD_CATEGORIES, { error: 'unknown_category' });
export const classifiedAdRegionSchema = z.enum(CLASSIFIED_AD_REGIONS, { error: 'unknown_region' });
export const classifiedAdStateSchema = z.enum(CLASSIFIED_AD_STATES, { error: 'unknown_state' });

/** A calendar date `yyyy-mm-dd` that exists (2026-02-30 is refused). */
export const isoDateSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .pipe(z.iso.date({ error: 'invalid_date' }));

/** The text fields shared by the api input and the web form (all mandatory, docs/product/community-and-content.md). */
const adTextFields = {
  name: text(120, true),
  category: z.string({ error: 'required' }).min(1, { error: 'required' }).pipe(classifiedAdCategorySchema),
  country_state_code: z
    .string({ error: 'required' })
    .min(1, { error: 'required' })
    .pipe(classifiedAdRegionSchema),
  body: text(CLASSIFIED_AD_BODY_MAX, true),
  contact: text(120, true),
  phone: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(30, { error: 'too_long' })
    .regex(/^[+0-9 ()./-]*$/, { error: 'invalid_phone' }),
  email: emailSchema,
};

/** Adds 'date_end_before_start' on date_end when both dates are yyyy-mm-dd and end < start. */
function endNotBeforeStart(v: { date_start: string; date_end: string }, ctx: z.RefinementCtx): void {
  const iso = /^\d{4}-\d{2}-\d{2}$/;
  if (iso.test(v.date_start) && iso.test(v.date_end) && v.date_end < v.date_start)
    ctx.addIssue({ code: 'custom', path: ['date_end'], message: 'date_end_before_start' });
}

/**
 * Fields of POST classified_ads and POST classified_ads/{id} (multipart text fields). All are
 * mandatory (docs/product/community-and-content.md); the document is the optional `file` part; `file_delete` ('true', '1' or
 * 'on') removes the current document on update. date_end ≥ date_start, else
 * 'date_end_before_start' on date_end.
 */
export const classifiedAdInputSchema = z
  .object({
    ...adTextFields,
    date_start: isoDateSchema,
    date_end: isoDateSchema,
    file_delete: z
      .enum(['true', 'false', '1', '0', 'on', ''])
      .optional()
      .transform((v) => v === 'true' || v === '1' || v === 'on'),
  })
  .superRefine(endNotBeforeStart);
export type ClassifiedAdInput = z.input<typeof classifiedAdInputSchema>;
export type ClassifiedAdValues = z.output<typeof classifiedAdInputSchema>;

/** The attached PDF: `size` in bytes; `url` the api path that serves it. */
export const classifiedAdFileSchema = z.object({
  filename: z.string(),
  size: z.number().int(),
  url: z.string(),
});

/**
 * A small ad. `is_owner`: the caller's customer owns it (may edit, submit, delete).
 * `rejection_reason` is set when staff refused it (state cancel). `customer_name` is given to staff only.
 */
export const classifiedAdSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  date_start: z.string(),
  date_end: z.string(),
  category: classifiedAdCategorySchema,
  country_state_code: classifiedAdRegionSchema,
  body: z.string(),
  contact: z.string(),
  phone: z.string(),
  email: z.string(),
  state: classifiedAdStateSchema,
  rejection_reason: z.string().nullable(),
  file: classifiedAdFileSchema.nullable(),
  is_owner: z.boolean(),
  customer_name: z.string().nullable(),
  submitted_at: z.string().nullable(),
  moderated_at: z.string().nullable(),
  updated_at: z.string(),
  /**
   * Starts at 1, incremented by every customer update of the content (fields or document). Staff
   * moderation sends back the version it reviewed (docs/decisions/small-ads.md).
   */
  version: z.number().int(),
});
export type ClassifiedAd = z.infer<typeof classifiedAdSchema>;

/** A page of ads: `count` = all matching ads, `items` = the page. */
export const classifiedAdListSchema = z.object({
  count: z.number().int(),
  items: z.array(classifiedAdSchema),
});
export type ClassifiedAdList = z.infer<typeof classifiedAdListSchema>;

const pageSchema = z.coerce.number().int().min(1).max(100000).default(1);
const sizeSchema = z.coerce.number().int().min(1).max(100).default(CLASSIFIED_AD_PAGE_SIZE);

/** GET classified_ads/my_classified_ads?per_page&page&state (state: none = all the customer's ads). */
export const myClassifiedAdsQuerySchema = z.object({
  per_page: sizeSchema,
  page: pageSchema,
  state: classifiedAdStateSchema.optional(),
});

/** GET classified_ads/search?page_size&page&category&region: published ads valid today. */
export const classifiedAdSearchQuerySchema = z.object({
  page_size: sizeSchema,
  page: pageSchema,
  category: classifiedAdCategorySchema.optional(),
  region: classifiedAdRegionSchema.optional(),
});

/** GET staff/classified_ads?state&page&page_size (state default pending: the moderation queue). */
export const staffClassifiedAdsQuerySchema = z.object({
  page_size: sizeSchema,
  page: pageSchema,
  state: classifiedAdStateSchema.default('pending'),
});

/** The version of the ad staff reviewed (its `version`); another version → 409 `ad_changed`. */
const reviewedVersionSchema = z.number({ error: 'required' }).int().min(1).max(2_147_483_647);

/** POST staff/classified_ads/{id}/publish: the version staff reviewed. */
export const classifiedAdPublishSchema = z.strictObject({ version: reviewedVersionSchema });
export type ClassifiedAdPublish = z.infer<typeof classifiedAdPublishSchema>;

/** POST staff/classified_ads/{id}/refuse: the reason the author sees and the version staff reviewed. */
export const classifiedAdRefuseSchema = z.strictObject({
  reason: text(CLASSIFIED_AD_REASON_MAX, true),
  version: reviewedVersionSchema,
});

/** dd/mm/yyyy (day and month may have one digit) → yyyy-mm-dd, or null when not a real date. */
export function displayDateToIso(value: string): string | null {
  const m = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(value);
  if (!m) return null;
  const [, d, mo, y] = m;
  const iso = `${y}-${mo!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
  return z.iso.date().safeParse(iso).success ? iso : null;
}

/** yyyy-mm-dd → dd/mm/yyyy ('' for an empty value). */
export function isoDateToDisplay(value: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** A date typed dd/mm/yyyy (docs/product/community-and-content.md), output yyyy-mm-dd; 'required' or 'invalid_date'. */
export const displayDateSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .transform((v, ctx) => {
    const iso = displayDateToIso(v);
    if (iso === null) {
      ctx.addIssue({ code: 'custom', message: 'invalid_date' });
      return z.NEVER;
    }
    return iso;
  });

/**
 * The web form of a small ad (react-hook-form + zodResolver): the same fields and codes as
 * `classifiedAdInputSchema`, dates typed dd/mm/yyyy and output yyyy-mm-dd (docs/product/community-and-content.md).
 */
export const classifiedAdFormSchema = z
  .object({ ...adTextFields, date_start: displayDateSchema, date_end: displayDateSchema })
  .superRefine(endNotBeforeStart);
export type ClassifiedAdFormInput = z.input<typeof classifiedAdFormSchema>;
export type ClassifiedAdFormOutput = z.output<typeof classifiedAdFormSchema>;

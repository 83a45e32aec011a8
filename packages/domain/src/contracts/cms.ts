/**
 * zod contracts of the website content, info banners and advertisements (docs/product/community-and-content.md#website-content /
 * Info banner / Advertisement, docs/product/community-and-content.md#website-content "GET cms/content with type page, snippet or news", docs/product/constants.md
 * defaults). Shared by apps/api (validation, OpenAPI) and apps/web (answer parsing, staff forms).
 *
 * - A content has one translation per locale; `url` is its slug path in that locale ('about',
 *   'legal/terms-of-sale'), unique per locale; `locale_urls` gives the slug in every locale that has
 *   one, so the locale switcher and hreflang links point at the same content in other languages.
 * - `content` (and banner html) is html sanitised by the api with a strict allow-list: no script,
 *   no event handler attributes, no javascript: urls, images only from our stored files
 *   (`/api/files/{id}`) or https.
 * - Dates: `date` of a news is yyyy-mm-dd; banner and advertisement windows are ISO 8601 instants,
 *   open-ended when null, valid when now is inside them (inclusive).
 *
 * Problem codes: 400 `bad_request` (malformed input), 400 `cms_file_unknown` (a file id that is not
 * stored), 404 `not_found` (no such content / slug), 409 `cms_url_taken` (the slug of a locale is
 * already used by another content).
 */
import { z } from 'zod';
import { localeSchema } from './catalog.ts';
import { LOCALES } from '../constants/catalog.ts';
import { META_DESCRIPTION_MAX } from '../text.ts';

export const CMS_TYPES = ['page', 'snippet', 'news'] as const;
export const cmsTypeSchema = z.enum(CMS_TYPES);
export type CmsType = z.infer<typeof cmsTypeSchema>;

/** Snippet slots the site renders (docs/product/community-and-content.md "slots (including footer and subfooter)"). */
export const CMS_SLOTS = ['footer', 'subfooter'] as const;
export const cmsSlotSchema = z.enum(CMS_SLOTS);

/**
 * Group of the content page holding the terms of sale (docs/decisions/terms-of-sale-link.md): the
 * registration form links its "I accept the terms of sale" box to the published page of this group
 * in the form's language. Staff give the group to whichever page holds the terms.
 */
export const CMS_TERMS_GROUP = 'terms-of-sale';

export const INFO_BANNER_TYPES = ['info', 'warning', 'alert'] as const;
export const INFO_BANNER_VISIBILITIES = ['all', 'guests', 'customers'] as const;
/** Corners where an advertisement shows; docs/product/constants.md#defaults default bottom_right. */
export const AD_SLOTS = ['bottom_right', 'bottom_left', 'top_right', 'top_left'] as const;
/** docs/product/constants.md#defaults: advertisement display time −1 (shown until closed); otherwise seconds. */
export const AD_DISPLAY_TIME_DEFAULT = -1;
export const AD_SLOT_DEFAULT = 'bottom_right';
/** Largest html body accepted (characters), pages included. */
export const CMS_HTML_MAX = 200_000;
/** News per page of /{lang}/news (default). */
export const NEWS_PAGE_SIZE = 10;

/** Stable problem codes of the content routes. */
export const CMS_ERROR_CODES = ['cms_url_taken', 'cms_file_unknown'] as const;

/** A slug path: lowercase words of letters, digits and hyphens, separated by '/'. */
export const cmsUrlSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/, 'cms_url_invalid');

/** Slug of each locale that has a translation. */
export const localeUrlsSchema = z.partialRecord(localeSchema, z.string()).describe('slug per locale');
export type LocaleUrls = Partial<Record<(typeof LOCALES)[number], string>>;

/** One content in one locale, as the public site shows it (html already sanitised). */
export const cmsContentSchema = z.object({
  id: z.number().int(),
  type: cmsTypeSchema,
  lang: localeSchema,
  url: z.string(),
  locale_urls: localeUrlsSchema,
  title: z.string(),
  foreword: z.string(),
  content: z.string(),
  meta_description: z.string(),
  group: z.string().nullable(),
  slot: z.string().nullable(),
  date: z.string().nullable(),
  sequence: z.number().int(),
  /** Same-origin urls of the stored files (`/api/files/{id}`), null when none. */
  image_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  file_url: z.string().nullable(),
  file_name: z.string().nullable(),
});
export type CmsContent = z.infer<typeof cmsContentSchema>;

/** GET cms/content query. */
export const cmsContentQuerySchema = z
  .object({
    type: cmsTypeSchema,
    lang: localeSchema.optional(),
    slot: z.string().max(50).optional(),
    group: z.string().max(50).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    per_page: z.coerce.number().int().min(1).max(100).default(NEWS_PAGE_SIZE),
  })
  .strict();
export type CmsContentQuery = z.infer<typeof cmsContentQuerySchema>;

export const cmsContentListSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  items: z.array(cmsContentSchema),
});
export type CmsContentList = z.infer<typeof cmsContentListSchema>;

/** GET cms/content/by_url query: the content whose slug in `lang` (else in another locale) is `url`. */
export const cmsByUrlQuerySchema = z
  .object({ type: cmsTypeSchema, url: z.string().max(200), lang: localeSchema.optional() })
  .strict();

/** One locale of a content as staff edit it. */
export const cmsTranslationInputSchema = z.object({
  url: cmsUrlSchema,
  title: z.string().trim().min(1).max(200),
  foreword: z.string().max(2000).default(''),
  content: z.string().max(CMS_HTML_MAX).default(''),
  meta_description: z.string().max(META_DESCRIPTION_MAX).default(''),
});
export type CmsTranslationInput = z.input<typeof cmsTranslationInputSchema>;

const fileIdSchema = z.number().int().min(1).max(2_147_483_647).nullable().default(null);

/** POST /staff/cms/contents and PUT /staff/cms/contents/{id}: the whole content (every locale given replaces the stored ones; at least one). */
export const cmsContentInputSchema = z
  .object({
    type: cmsTypeSchema,
    group: z.string().trim().max(50).nullable().default(null),
    slot: z.string().trim().max(50).nullable().default(null),
    published: z.boolean().default(true),
    date: z.iso.date().nullable().default(null),
    sequence: z.number().int().min(-100_000).max(100_000).default(0),
    image_file_id: fileIdSchema,
    thumbnail_file_id: fileIdSchema,
    file_id: fileIdSchema,
    translations: z
      .partialRecord(localeSchema, cmsTranslationInputSchema)
      .refine((t) => Object.keys(t).length > 0, 'cms_translation_required'),
  })
  .strict();
export type CmsContentInput = z.input<typeof cmsContentInputSchema>;

/** A content with every locale, for the staff screens. */
export const cmsStaffContentSchema = z.object({
  id: z.number().int(),
  type: cmsTypeSchema,
  group: z.string().nullable(),
  slot: z.string().nullable(),
  published: z.boolean(),
  date: z.string().nullable(),
  sequence: z.number().int(),
  image_file_id: z.number().int().nullable(),
  thumbnail_file_id: z.number().int().nullable(),
  file_id: z.number().int().nullable(),
  updated_at: z.string(),
  translations: z.partialRecord(
    localeSchema,
    z.object({
      url: z.string(),
      title: z.string(),
      foreword: z.string(),
      content: z.string(),
      meta_description: z.string(),
    }),
  ),
});
export type CmsStaffContent = z.infer<typeof cmsStaffContentSchema>;

export const cmsStaffListQuerySchema = z
  .object({
    type: cmsTypeSchema.optional(),
    lang: localeSchema.optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    per_page: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();

export const cmsStaffContentListSchema = z.object({
  count: z.number().int(),
  items: z.array(cmsStaffContentSchema),
});

/** Localised texts (fr, nl, en), each optional. */
export const cmsLocalizedTextSchema = z.partialRecord(localeSchema, z.string());

const instantSchema = z.iso.datetime({ offset: true }).nullable().default(null);

/** An info banner as the public site shows it (html in the request locale, sanitised). */
export const infoBannerSchema = z.object({
  id: z.number().int(),
  date_start: z.string().nullable(),
  date_end: z.string().nullable(),
  html: z.string(),
  type: z.enum(INFO_BANNER_TYPES),
  visibility: z.enum(INFO_BANNER_VISIBILITIES),
});
export type InfoBanner = z.infer<typeof infoBannerSchema>;

/** POST/PUT /staff/info_banners. */
export const infoBannerInputSchema = z
  .object({
    date_start: instantSchema,
    date_end: instantSchema,
    html: z.partialRecord(localeSchema, z.string().max(20_000)),
    type: z.enum(INFO_BANNER_TYPES).default('info'),
    visibility: z.enum(INFO_BANNER_VISIBILITIES).default('all'),
  })
  .strict();
export type InfoBannerInput = z.input<typeof infoBannerInputSchema>;

export const staffInfoBannerSchema = infoBannerSchema.omit({ html: true }).extend({
  html: cmsLocalizedTextSchema,
  /** True when now is inside the dates. */
  active: z.boolean(),
});
export type StaffInfoBanner = z.infer<typeof staffInfoBannerSchema>;

/** An advertisement as the public site shows it (alt in the request locale). */
export const advertisementSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  date_start: z.string().nullable(),
  date_end: z.string().nullable(),
  link: z.string().nullable(),
  image_url: z.string().nullable(),
  alt: z.string(),
  /** Seconds the ad stays; −1 = until closed (docs/product/constants.md). */
  display_time: z.number().int(),
  display_slot: z.enum(AD_SLOTS),
});
export type Advertisement = z.infer<typeof advertisementSchema>;

/** A link of an advertisement: https, or a path of this site ('/fr/promotions'). */
export const adLinkSchema = z
  .string()
  .trim()
  .max(500)
  .regex(/^(https:\/\/[^\s]+|\/(?!\/)[^\s]*)$/, 'ad_link_invalid');

/** POST/PUT /staff/advertisements. */
export const advertisementInputSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    date_start: instantSchema,
    date_end: instantSchema,
    link: adLinkSchema.nullable().default(null),
    image_file_id: fileIdSchema,
    alt: z.partialRecord(localeSchema, z.string().max(300)).default({}),
    display_time: z.number().int().min(-1).max(3600).default(AD_DISPLAY_TIME_DEFAULT),
    display_slot: z.enum(AD_SLOTS).default(AD_SLOT_DEFAULT),
  })
  .strict();
export type AdvertisementInput = z.input<typeof advertisementInputSchema>;

export const staffAdvertisementSchema = advertisementSchema.omit({ alt: true }).extend({
  alt: cmsLocalizedTextSchema,
  image_file_id: z.number().int().nullable(),
  active: z.boolean(),
});
export type StaffAdvertisement = z.infer<typeof staffAdvertisementSchema>;

/** True when `now` is inside [start, end] (ISO instants; null = open-ended). */
export function isWithinDates(start: string | null, end: string | null, now: Date): boolean {
  const t = now.getTime();
  if (start && Date.parse(start) > t) return false;
  if (end && Date.parse(end) < t) return false;
  return true;
}

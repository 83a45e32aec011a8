/**
 * Drizzle schema of small ads, website content, contact and the staff back office (docs/product/community-and-content.md#website-content;
 * docs/product/community-and-content.md#small-ad-fields, docs/product/community-and-content.md#advertisements, docs/product/community-and-content.md#info-banners, docs/product/community-and-content.md#forms, docs/product/community-and-content.md#website-content, docs/product/community-and-content.md#contact-request, docs/product/community-and-content.md#small-ads
 * Small ad states, docs/product/accounts.md#moderation).
 *
 * - `stored_files`: uploaded files (small-ad PDFs, lead attachments, content images and files),
 *   kept in PostgreSQL so every api process serves them; `sha256` of the bytes, `size` in bytes.
 * - `classified_ads`: small ads of a customer (states draft, pending, published, cancel).
 * - `cms_contents` + `cms_translations`: pages, snippets and news with one row per locale (url =
 *   the slug path in that locale; html sanitised before it is stored).
 * - `info_banners`, `advertisements`: dated site-wide messages and ads (per-locale texts in jsonb).
 * - `forms` and `leads` (+ `lead_files`): contact form definitions and the requests sent.
 * - `audit_log`: every staff action (who, what, when).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Locale } from '@vetshop/domain';
import { customers, users } from './accounts-schema.ts';

/** PostgreSQL bytea (PGlite answers Uint8Array, node-postgres Buffer, which is a Uint8Array). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** Texts per locale (fr, nl, en); a missing locale falls back to fr then to the first present. */
export type LocalizedText = Partial<Record<Locale, string>>;

/** Uploaded files; `purpose` is classified_ad, lead, cms_image, cms_file or advertisement. */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose').notNull(),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stored_files_owner_idx').on(t.ownerUserId)],
);

/**
 * Small ads (docs/product/community-and-content.md#small-ad-fields). `state`: draft, pending, published, cancel (shown as refused, with
 * `rejectionReason`). `dateStart` is the publication date, `dateEnd` the expiry date;
 * `countryStateCode` one of the 11 Belgian region codes; `body` at most 500 characters.
 */
export const classifiedAds = pgTable(
  'classified_ads',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    dateStart: date('date_start').notNull(),
    dateEnd: date('date_end').notNull(),
    category: text('category').notNull(),
    countryStateCode: text('country_state_code').notNull(),
    body: text('body').notNull(),
    contact: text('contact').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    fileId: integer('file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    state: text('state').notNull().default('draft'),
    rejectionReason: text('rejection_reason'),
    /** Incremented by every customer update of the content; moderation names the version it reviewed (0023). */
    version: integer('version').notNull().default(1),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    moderatedBy: integer('moderated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('classified_ads_customer_idx').on(t.customerId, t.state),
    index('classified_ads_public_idx').on(t.state, t.category, t.countryStateCode, t.dateStart),
  ],
);

/**
 * Website content (docs/product/community-and-content.md#website-content): `type` page, snippet or news; `group` groups pages
 * (menus); `slot` places a snippet (footer, subfooter, …); `published` hides drafts; `date` is the
 * news date. Images and the attached file are stored files.
 */
export const cmsContents = pgTable(
  'cms_contents',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    group: text('group'),
    slot: text('slot'),
    published: boolean('published').notNull().default(true),
    date: date('date'),
    sequence: integer('sequence').notNull().default(0),
    imageFileId: integer('image_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    thumbnailFileId: integer('thumbnail_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    fileId: integer('file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cms_contents_type_idx').on(t.type, t.published)],
);

/** One locale of a content: `url` the slug path ('about/terms'), unique per type and locale; `content` sanitised html. */
export const cmsTranslations = pgTable(
  'cms_translations',
  {
    contentId: integer('content_id')
      .notNull()
      .references(() => cmsContents.id, { onDelete: 'cascade' }),
    locale: text('locale').$type<Locale>().notNull(),
    url: text('url').notNull(),
    title: text('title').notNull(),
    foreword: text('foreword').notNull().default(''),
    content: text('content').notNull().default(''),
    metaDescription: text('meta_description').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.locale] }),
    uniqueIndex('cms_translations_url_uq').on(t.locale, t.url),
  ],
);

/** Info banners (docs/product/community-and-content.md#info-banners): `type` info, warning or alert; `visibility` all, guests or customers; `html` per locale, sanitised. */
export const infoBanners = pgTable('info_banners', {
  id: serial('id').primaryKey(),
  dateStart: timestamp('date_start', { withTimezone: true }),
  dateEnd: timestamp('date_end', { withTimezone: true }),
  html: jsonb('html').$type<LocalizedText>().notNull().default({}),
  type: text('type').notNull().default('info'),
  visibility: text('visibility').notNull().default('all'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Advertisements (docs/product/community-and-content.md, docs/product/constants.md): valid when now is inside the dates; `displayTime` −1 by default, `displaySlot` bottom_right by default. */
export const advertisements = pgTable('advertisements', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  dateStart: timestamp('date_start', { withTimezone: true }),
  dateEnd: timestamp('date_end', { withTimezone: true }),
  link: text('link'),
  imageFileId: integer('image_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
  alt: jsonb('alt').$type<LocalizedText>().notNull().default({}),
  displayTime: integer('display_time').notNull().default(-1),
  displaySlot: text('display_slot').notNull().default('bottom_right'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Contact forms (docs/product/community-and-content.md#forms): `definition` is the JSON form definition, `name` per locale. */
export const forms = pgTable('forms', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: jsonb('name').$type<LocalizedText>().notNull().default({}),
  definition: jsonb('definition').$type<Record<string, unknown>>().notNull().default({}),
  options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
  sequence: integer('sequence').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

/** Contact requests (docs/product/community-and-content.md#contact-request) and form answers; `data` holds the answers as sent. */
export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    formId: integer('form_id').references(() => forms.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    locale: text('locale').$type<Locale>().notNull().default('fr'),
    subject: text('subject').notNull().default(''),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    company: text('company').notNull().default(''),
    address: text('address').notNull().default(''),
    description: text('description').notNull().default(''),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state').notNull().default('new'),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('leads_state_idx').on(t.state, t.createdAt)],
);

/** Files attached to a lead. */
export const leadFiles = pgTable(
  'lead_files',
  {
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.leadId, t.fileId] })],
);

/**
 * Audit log of staff actions: who (`userId`, `userLogin` kept if the user is deleted), what
 * (`action` e.g. 'POST /staff/classified_ads/:id/publish', `targetType`/`targetId`, `details`),
 * when, and the answer's `status`.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userLogin: text('user_login').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    status: integer('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_user_idx').on(t.userId)],
);

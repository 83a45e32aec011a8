/**
 * Use cases of the website content, info banners and advertisements (docs/product/community-and-content.md#website-content, docs/product/community-and-content.md#info-banners, docs/product/community-and-content.md#advertisements, docs/product/community-and-content.md#website-content GET cms/content, docs/product/constants.md#defaults). Contracts in @vetshop/domain
 * contracts/cms.ts.
 *
 * - Public reads answer published contents in the request locale (a content without that locale is
 *   left out), with `locale_urls` (the slug in every locale); html is sanitised again on read.
 * - News are sorted newest first (date, then id); pages and snippets by sequence then id.
 * - Banners and advertisements are valid when now is inside their dates (open-ended when null).
 * - Staff writes sanitise html, check the file ids and keep slugs unique per locale (409
 *   `cms_url_taken`).
 */
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  AD_SLOT_DEFAULT,
  type Advertisement,
  type AdvertisementInput,
  type CmsContent,
  type CmsContentInput,
  type CmsContentList,
  type CmsStaffContent,
  type CmsType,
  type InfoBanner,
  type InfoBannerInput,
  type Locale,
  type LocaleUrls,
  type StaffAdvertisement,
  type StaffInfoBanner,
  advertisementInputSchema,
  cmsContentInputSchema,
  infoBannerInputSchema,
  isWithinDates,
  LOCALES,
  AD_SLOTS,
  INFO_BANNER_TYPES,
  INFO_BANNER_VISIBILITIES,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import {
  advertisements,
  cmsContents,
  cmsTranslations,
  infoBanners,
  storedFiles,
  type LocalizedText,
} from '../../db/schema.ts';
import { ApiError, notFound } from '../../errors.ts';
import { cmsFileUrl, plainText, sanitizeContentHtml } from './sanitize.ts';

type ContentRow = typeof cmsContents.$inferSelect;
type TranslationRow = typeof cmsTranslations.$inferSelect;

/** Purposes of stored files that are public through GET /cms/files/{id}. */
export const PUBLIC_FILE_PURPOSES = ['cms_image', 'cms_file', 'advertisement'] as const;

/** Slugs per locale of the given contents. */
async function localeUrlsOf(db: Db, ids: number[]): Promise<Map<number, LocaleUrls>> {
  const out = new Map<number, LocaleUrls>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({ id: cmsTranslations.contentId, locale: cmsTranslations.locale, url: cmsTranslations.url })
    .from(cmsTranslations)
    .where(inArray(cmsTranslations.contentId, ids));
  for (const r of rows) {
    const urls = out.get(r.id) ?? {};
    urls[r.locale] = r.url;
    out.set(r.id, urls);
  }
  return out;
}

/** File names of the given stored files. */
async function fileNames(db: Db, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = ids.filter((id): id is number => id !== null);
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: storedFiles.id, filename: storedFiles.filename })
    .from(storedFiles)
    .where(inArray(storedFiles.id, wanted));
  return new Map(rows.map((r) => [r.id, r.filename]));
}

function toPublic(
  c: ContentRow,
  t: TranslationRow,
  urls: LocaleUrls,
  names: Map<number, string>,
): CmsContent {
  return {
    id: c.id,
    type: c.type as CmsType,
    lang: t.locale,
    url: t.url,
    locale_urls: urls,
    title: plainText(t.title),
    foreword: plainText(t.foreword),
    content: sanitizeContentHtml(t.content),
    meta_description: plainText(t.metaDescription).slice(0, 255),
    group: c.group,
    slot: c.slot,
    date: c.date,
    sequence: c.sequence,
    image_url: cmsFileUrl(c.imageFileId),
    thumbnail_url: cmsFileUrl(c.thumbnailFileId ?? c.imageFileId),
    file_url: cmsFileUrl(c.fileId),
    file_name: c.fileId === null ? null : (names.get(c.fileId) ?? null),
  };
}

async function publicRows(db: Db, rows: { c: ContentRow; t: TranslationRow }[]): Promise<CmsContent[]> {
  const urls = await localeUrlsOf(
    db,
    rows.map((r) => r.c.id),
  );
  const names = await fileNames(
    db,
    rows.map((r) => r.c.fileId),
  );
  return rows.map((r) => toPublic(r.c, r.t, urls.get(r.c.id) ?? {}, names));
}

/**
 * GET cms/content: published contents of `type` in `locale` (optionally of one slot or group),
 * one page of `perPage`. News newest first; pages and snippets by sequence.
 */
export async function listContents(
  db: Db,
  q: { type: CmsType; locale: Locale; slot?: string; group?: string; page: number; perPage: number },
): Promise<CmsContentList> {
  const where: SQL[] = [
    eq(cmsContents.type, q.type),
    eq(cmsContents.published, true),
    eq(cmsTranslations.locale, q.locale),
  ];
  if (q.slot) where.push(eq(cmsContents.slot, q.slot));
  if (q.group) where.push(eq(cmsContents.group, q.group));
  const filter = and(...where);
  const [total] = await db
    .select({ n: count() })
    .from(cmsContents)
    .innerJoin(cmsTranslations, eq(cmsTranslations.contentId, cmsContents.id))
    .where(filter);
  const order =
    q.type === 'news'
      ? [sql`${cmsContents.date} DESC NULLS LAST`, desc(cmsContents.id)]
      : [asc(cmsContents.sequence), asc(cmsContents.id)];
  const rows = await db
    .select({ c: cmsContents, t: cmsTranslations })
    .from(cmsContents)
    .innerJoin(cmsTranslations, eq(cmsTranslations.contentId, cmsContents.id))
    .where(filter)
    .orderBy(...order)
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  return {
    count: Number(total?.n ?? 0),
    page: q.page,
    per_page: q.perPage,
    items: await publicRows(db, rows),
  };
}

/**
 * GET cms/content/by_url: the published content of `type` whose slug in `locale` is `url`; when no
 * content has that slug in `locale`, one with that slug in another locale answers in `locale` (its
 * `url` then differs, and the site redirects to it). Null when none (→ 404).
 */
export async function contentByUrl(
  db: Db,
  q: { type: CmsType; locale: Locale; url: string },
): Promise<CmsContent | null> {
  const url = q.url.replace(/^\/+|\/+$/g, '').toLowerCase();
  const matches = await db
    .select({ id: cmsContents.id, locale: cmsTranslations.locale })
    .from(cmsContents)
    .innerJoin(cmsTranslations, eq(cmsTranslations.contentId, cmsContents.id))
    .where(and(eq(cmsContents.type, q.type), eq(cmsContents.published, true), eq(cmsTranslations.url, url)));
  const match = matches.find((m) => m.locale === q.locale) ?? matches[0];
  if (!match) return null;
  const rows = await db
    .select({ c: cmsContents, t: cmsTranslations })
    .from(cmsContents)
    .innerJoin(cmsTranslations, eq(cmsTranslations.contentId, cmsContents.id))
    .where(and(eq(cmsContents.id, match.id), eq(cmsTranslations.locale, q.locale)));
  if (rows.length === 0) return null;
  return (await publicRows(db, rows))[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Staff: contents

function toStaff(c: ContentRow, ts: TranslationRow[]): CmsStaffContent {
  return {
    id: c.id,
    type: c.type as CmsType,
    group: c.group,
    slot: c.slot,
    published: c.published,
    date: c.date,
    sequence: c.sequence,
    image_file_id: c.imageFileId,
    thumbnail_file_id: c.thumbnailFileId,
    file_id: c.fileId,
    updated_at: c.updatedAt.toISOString(),
    translations: Object.fromEntries(
      ts.map((t) => [
        t.locale,
        {
          url: t.url,
          title: t.title,
          foreword: t.foreword,
          content: t.content,
          meta_description: t.metaDescription,
        },
      ]),
    ),
  };
}

/** Staff list: every content (published or not) of `type` (or all), newest first, with all locales. */
export async function staffListContents(
  db: Db,
  q: { type?: CmsType; page: number; perPage: number },
): Promise<{ count: number; items: CmsStaffContent[] }> {
  const filter = q.type ? eq(cmsContents.type, q.type) : undefined;
  const [total] = await db.select({ n: count() }).from(cmsContents).where(filter);
  const rows = await db
    .select()
    .from(cmsContents)
    .where(filter)
    .orderBy(
      asc(cmsContents.type),
      sql`${cmsContents.date} DESC NULLS LAST`,
      asc(cmsContents.sequence),
      asc(cmsContents.id),
    )
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  const ts =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(cmsTranslations)
          .where(
            inArray(
              cmsTranslations.contentId,
              rows.map((r) => r.id),
            ),
          );
  return {
    count: Number(total?.n ?? 0),
    items: rows.map((r) =>
      toStaff(
        r,
        ts.filter((t) => t.contentId === r.id),
      ),
    ),
  };
}

/** One content with all its locales, or null. */
export async function staffGetContent(db: Db, id: number): Promise<CmsStaffContent | null> {
  const [row] = await db.select().from(cmsContents).where(eq(cmsContents.id, id));
  if (!row) return null;
  const ts = await db.select().from(cmsTranslations).where(eq(cmsTranslations.contentId, id));
  return toStaff(row, ts);
}

/** 400 `cms_file_unknown` unless every given file id is stored. */
async function checkFiles(db: Db, ids: (number | null | undefined)[]): Promise<void> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return;
  const rows = await db
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(inArray(storedFiles.id, wanted));
  if (rows.length !== wanted.length)
    throw new ApiError(400, 'cms_file_unknown', 'Bad request', 'A file id does not name a stored file.');
}

/** 409 `cms_url_taken` when a slug of `translations` is used by another content in that locale. */
async function checkUrls(
  db: Db,
  id: number | null,
  translations: Record<string, { url: string }>,
): Promise<void> {
  for (const [locale, t] of Object.entries(translations)) {
    const [clash] = await db
      .select({ id: cmsTranslations.contentId })
      .from(cmsTranslations)
      .where(and(eq(cmsTranslations.locale, locale as Locale), eq(cmsTranslations.url, t.url)));
    if (clash && clash.id !== id)
      throw new ApiError(
        409,
        'cms_url_taken',
        'Conflict',
        `The address "${t.url}" (${locale}) is already used by another content.`,
        [{ field: `translations.${locale}.url`, code: 'cms_url_taken' }],
      );
  }
}

/** Creates (id null) or replaces a content and its locales; html sanitised. Answers the stored content. */
export async function saveContent(db: Db, id: number | null, raw: CmsContentInput): Promise<CmsStaffContent> {
  const input = cmsContentInputSchema.parse(raw);
  await checkFiles(db, [input.image_file_id, input.thumbnail_file_id, input.file_id]);
  await checkUrls(db, id, input.translations);
  const values = {
    type: input.type,
    group: input.group || null,
    slot: input.slot || null,
    published: input.published,
    date: input.date ?? (input.type === 'news' ? new Date().toISOString().slice(0, 10) : null),
    sequence: input.sequence,
    imageFileId: input.image_file_id,
    thumbnailFileId: input.thumbnail_file_id,
    fileId: input.file_id,
    updatedAt: new Date(),
  };
  const contentId = await db.transaction(async (tx) => {
    let cid = id;
    if (cid === null) {
      const [row] = await tx.insert(cmsContents).values(values).returning({ id: cmsContents.id });
      cid = row!.id;
    } else {
      const updated = await tx
        .update(cmsContents)
        .set(values)
        .where(eq(cmsContents.id, cid))
        .returning({ id: cmsContents.id });
      if (updated.length === 0) throw notFound(`Content ${cid} not found.`);
      await tx.delete(cmsTranslations).where(eq(cmsTranslations.contentId, cid));
    }
    const rows = Object.entries(input.translations).map(([locale, t]) => ({
      contentId: cid!,
      locale: locale as Locale,
      url: t.url,
      title: plainText(t.title),
      foreword: plainText(t.foreword),
      content: sanitizeContentHtml(t.content),
      metaDescription: plainText(t.meta_description),
    }));
    if (rows.length > 0) await tx.insert(cmsTranslations).values(rows);
    return cid;
  });
  return (await staffGetContent(db, contentId))!;
}

/** Deletes a content (its locales go with it); false when unknown. */
export async function deleteContent(db: Db, id: number): Promise<boolean> {
  const gone = await db.delete(cmsContents).where(eq(cmsContents.id, id)).returning({ id: cmsContents.id });
  return gone.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Info banners and advertisements

/** Text of `locale`, else fr, else the first present, else ''. */
export function localized(text: LocalizedText, locale: Locale): string {
  return text[locale] ?? text.fr ?? Object.values(text).find((v) => typeof v === 'string') ?? '';
}

/** Drizzle condition: now inside [dateStart, dateEnd] (null = open). */
function activeAt(
  start: typeof infoBanners.dateStart | typeof advertisements.dateStart,
  end: typeof infoBanners.dateEnd | typeof advertisements.dateEnd,
  now: Date,
): SQL | undefined {
  return and(or(isNull(start), lte(start, now)), or(isNull(end), gte(end, now)));
}

type BannerRow = typeof infoBanners.$inferSelect;

function bannerBase(b: BannerRow) {
  return {
    id: b.id,
    date_start: b.dateStart?.toISOString() ?? null,
    date_end: b.dateEnd?.toISOString() ?? null,
    type: (INFO_BANNER_TYPES as readonly string[]).includes(b.type) ? (b.type as InfoBanner['type']) : 'info',
    visibility: (INFO_BANNER_VISIBILITIES as readonly string[]).includes(b.visibility)
      ? (b.visibility as InfoBanner['visibility'])
      : 'all',
  };
}

/**
 * The info banners valid now for this viewer: visibility `all`, plus `guests` for a guest or
 * `customers` for a signed-in user; html in `locale`, sanitised; empty html left out.
 */
export async function activeInfoBanners(
  db: Db,
  { locale, signedIn, now = new Date() }: { locale: Locale; signedIn: boolean; now?: Date },
): Promise<InfoBanner[]> {
  const rows = await db
    .select()
    .from(infoBanners)
    .where(
      and(
        activeAt(infoBanners.dateStart, infoBanners.dateEnd, now),
        inArray(infoBanners.visibility, ['all', signedIn ? 'customers' : 'guests']),
      ),
    )
    .orderBy(desc(infoBanners.id));
  return rows
    .map((b) => ({ ...bannerBase(b), html: sanitizeContentHtml(localized(b.html, locale)) }))
    .filter((b) => b.html.length > 0);
}

function toStaffBanner(b: BannerRow, now: Date): StaffInfoBanner {
  const base = bannerBase(b);
  const html: LocalizedText = {};
  for (const l of LOCALES) if (b.html[l] !== undefined) html[l] = b.html[l];
  return { ...base, html, active: isWithinDates(base.date_start, base.date_end, now) };
}

/** Staff: every banner, newest first, with its html per locale and whether it shows now. */
export async function staffListBanners(db: Db, now = new Date()): Promise<StaffInfoBanner[]> {
  const rows = await db.select().from(infoBanners).orderBy(desc(infoBanners.id));
  return rows.map((b) => toStaffBanner(b, now));
}

/** Staff: one banner or null. */
export async function staffGetBanner(db: Db, id: number): Promise<StaffInfoBanner | null> {
  const [row] = await db.select().from(infoBanners).where(eq(infoBanners.id, id));
  return row ? toStaffBanner(row, new Date()) : null;
}

/** 400 `cms_dates_order` when the end is before the start. */
function checkDates(start: string | null, end: string | null): void {
  if (start && end && Date.parse(end) < Date.parse(start))
    throw new ApiError(400, 'cms_dates_order', 'Bad request', 'The end date is before the start date.', [
      { field: 'date_end', code: 'cms_dates_order' },
    ]);
}

/** Creates (id null) or replaces an info banner; html sanitised per locale. */
export async function saveBanner(db: Db, id: number | null, raw: InfoBannerInput): Promise<StaffInfoBanner> {
  const input = infoBannerInputSchema.parse(raw);
  checkDates(input.date_start, input.date_end);
  const html: LocalizedText = {};
  for (const [l, v] of Object.entries(input.html)) html[l as Locale] = sanitizeContentHtml(v ?? '');
  const values = {
    dateStart: input.date_start ? new Date(input.date_start) : null,
    dateEnd: input.date_end ? new Date(input.date_end) : null,
    html,
    type: input.type,
    visibility: input.visibility,
  };
  let row: BannerRow | undefined;
  if (id === null) [row] = await db.insert(infoBanners).values(values).returning();
  else [row] = await db.update(infoBanners).set(values).where(eq(infoBanners.id, id)).returning();
  if (!row) throw notFound(`Info banner ${id} not found.`);
  return toStaffBanner(row, new Date());
}

/** Deletes an info banner; false when unknown. */
export async function deleteBanner(db: Db, id: number): Promise<boolean> {
  const gone = await db.delete(infoBanners).where(eq(infoBanners.id, id)).returning({ id: infoBanners.id });
  return gone.length > 0;
}

type AdRow = typeof advertisements.$inferSelect;

function adBase(a: AdRow) {
  return {
    id: a.id,
    name: a.name,
    date_start: a.dateStart?.toISOString() ?? null,
    date_end: a.dateEnd?.toISOString() ?? null,
    link: a.link,
    image_url: cmsFileUrl(a.imageFileId),
    display_time: a.displayTime,
    display_slot: (AD_SLOTS as readonly string[]).includes(a.displaySlot)
      ? (a.displaySlot as Advertisement['display_slot'])
      : AD_SLOT_DEFAULT,
  };
}

/** The advertisements valid now (docs/product/community-and-content.md: now inside their dates), alt text in `locale`. */
export async function activeAdvertisements(
  db: Db,
  { locale, now = new Date() }: { locale: Locale; now?: Date },
): Promise<Advertisement[]> {
  const rows = await db
    .select()
    .from(advertisements)
    .where(activeAt(advertisements.dateStart, advertisements.dateEnd, now))
    .orderBy(desc(advertisements.id));
  return rows.map((a) => ({ ...adBase(a), alt: plainText(localized(a.alt, locale)) }));
}

function toStaffAd(a: AdRow, now: Date): StaffAdvertisement {
  const base = adBase(a);
  return {
    ...base,
    alt: { ...a.alt },
    image_file_id: a.imageFileId,
    active: isWithinDates(base.date_start, base.date_end, now),
  };
}

/** Staff: every advertisement, newest first. */
export async function staffListAds(db: Db, now = new Date()): Promise<StaffAdvertisement[]> {
  const rows = await db.select().from(advertisements).orderBy(desc(advertisements.id));
  return rows.map((a) => toStaffAd(a, now));
}

/** Staff: one advertisement or null. */
export async function staffGetAd(db: Db, id: number): Promise<StaffAdvertisement | null> {
  const [row] = await db.select().from(advertisements).where(eq(advertisements.id, id));
  return row ? toStaffAd(row, new Date()) : null;
}

/** Creates (id null) or replaces an advertisement (defaults of docs/product/constants.md#defaults: display time −1, slot bottom_right). */
export async function saveAd(
  db: Db,
  id: number | null,
  raw: AdvertisementInput,
): Promise<StaffAdvertisement> {
  const input = advertisementInputSchema.parse(raw);
  checkDates(input.date_start, input.date_end);
  await checkFiles(db, [input.image_file_id]);
  const alt: LocalizedText = {};
  for (const [l, v] of Object.entries(input.alt)) alt[l as Locale] = plainText(v ?? '');
  const values = {
    name: input.name,
    dateStart: input.date_start ? new Date(input.date_start) : null,
    dateEnd: input.date_end ? new Date(input.date_end) : null,
    link: input.link,
    imageFileId: input.image_file_id,
    alt,
    displayTime: input.display_time,
    displaySlot: input.display_slot,
  };
  let row: AdRow | undefined;
  if (id === null) [row] = await db.insert(advertisements).values(values).returning();
  else [row] = await db.update(advertisements).set(values).where(eq(advertisements.id, id)).returning();
  if (!row) throw notFound(`Advertisement ${id} not found.`);
  return toStaffAd(row, new Date());
}

/** Deletes an advertisement; false when unknown. */
export async function deleteAd(db: Db, id: number): Promise<boolean> {
  const gone = await db
    .delete(advertisements)
    .where(eq(advertisements.id, id))
    .returning({ id: advertisements.id });
  return gone.length > 0;
}

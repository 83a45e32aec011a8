/**
 * Public reads of the website content (docs/product/community-and-content.md#website-content GET
 * cms/content with type page, snippet or news): published contents in the request locale (a
 * content without that locale is left out), with `locale_urls` (the slug in every locale); html is
 * sanitised again on read. News are sorted newest first (date, then id); pages and snippets by
 * sequence then id. Also the row types staff-contents.ts shares and the public file purposes.
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CmsContent, CmsContentList, CmsType, Locale, LocaleUrls } from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { cmsContents, cmsTranslations, storedFiles } from '../../db/schema.ts';
import { cmsFileUrl, plainText, sanitizeContentHtml } from './sanitize.ts';

/** A row of `cms_contents`. */
export type ContentRow = typeof cmsContents.$inferSelect;
/** A row of `cms_translations`. */
export type TranslationRow = typeof cmsTranslations.$inferSelect;

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

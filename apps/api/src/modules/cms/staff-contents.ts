/**
 * Staff use cases of the website content (docs/product/community-and-content.md#website-content,
 * docs/product/back-office.md): list and read contents with every locale, create or replace one
 * (html sanitised, file ids checked, slugs unique per locale: 409 `cms_url_taken`), delete one.
 */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  cmsContentInputSchema,
  type CmsContentInput,
  type CmsStaffContent,
  type CmsType,
  type Locale,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { cmsContents, cmsTranslations, storedFiles } from '../../db/schema.ts';
import { ApiError, notFound } from '../../errors.ts';
import { plainText, sanitizeContentHtml } from './sanitize.ts';
import type { ContentRow, TranslationRow } from './contents.ts';

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
export async function checkFiles(db: Db, ids: (number | null | undefined)[]): Promise<void> {
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

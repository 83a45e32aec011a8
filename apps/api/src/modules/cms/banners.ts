/**
 * Info banners (docs/product/community-and-content.md#info-banners): the banners valid now for a
 * guest or a signed-in user, and the staff list, read, save (html sanitised per locale) and delete.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  infoBannerInputSchema,
  isWithinDates,
  INFO_BANNER_TYPES,
  INFO_BANNER_VISIBILITIES,
  LOCALES,
  type InfoBanner,
  type InfoBannerInput,
  type Locale,
  type StaffInfoBanner,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { infoBanners, type LocalizedText } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { sanitizeContentHtml } from './sanitize.ts';
import { activeAt, checkDates, localized, requireVisibleText } from './validity.ts';

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

/** Creates (id null) or replaces an info banner; html sanitised per locale. */
export async function saveBanner(db: Db, id: number | null, raw: InfoBannerInput): Promise<StaffInfoBanner> {
  const input = infoBannerInputSchema.parse(raw);
  checkDates(input.date_start, input.date_end);
  const html: LocalizedText = {};
  for (const [l, v] of Object.entries(input.html)) html[l as Locale] = sanitizeContentHtml(v ?? '');
  requireVisibleText(html, 'html');
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

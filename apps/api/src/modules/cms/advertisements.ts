/**
 * Advertisements (docs/product/community-and-content.md#advertisements, docs/product/constants.md#defaults):
 * the advertisements valid now with their alt text in a locale, and the staff list, read, save
 * (display time −1 and slot bottom_right by default) and delete.
 */
import { desc, eq } from 'drizzle-orm';
import {
  AD_SLOT_DEFAULT,
  AD_SLOTS,
  advertisementInputSchema,
  isWithinDates,
  type Advertisement,
  type AdvertisementInput,
  type Locale,
  type StaffAdvertisement,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { advertisements, type LocalizedText } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { cmsFileUrl, plainText } from './sanitize.ts';
import { activeAt, checkDates, localized } from './validity.ts';
import { checkFiles } from './staff-contents.ts';

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

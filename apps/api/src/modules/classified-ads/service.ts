/**
 * Small ads (docs/product/community-and-content.md#small-ad-fields, docs/product/community-and-content.md#small-ad-states, docs/product/community-and-content.md#small-ad-rules, docs/product/accounts.md#moderation, docs/product/community-and-content.md#small-ads
 * Classified ads). Business rules:
 *
 * - An ad belongs to a customer (every user of that customer may edit it). Other customers see
 *   only published ads valid today (date_start ≤ today ≤ date_end, Europe/Brussels); an ad of
 *   another customer they may not see is a 404, and edits of another customer's ad are 404 too.
 * - States: draft → submit → pending → staff publish → published, or staff refuse → cancel
 *   (shown as refused with its reason). Any update of the fields, and update_set_to_draft, puts
 *   the ad back to draft (a published ad leaves public view until resubmitted and published again).
 *   Submit is allowed from draft only (409 `invalid_state` otherwise); publish and refuse from
 *   pending only (refuse also from published, to withdraw it).
 * - The optional document is a real PDF (files module, purpose classified_ad): 400
 *   `file_type_refused`, 413 `file_too_large`. Deleting the ad or the document deletes the stored file.
 */
import { and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import {
  businessDate,
  type ClassifiedAd,
  type ClassifiedAdList,
  type ClassifiedAdState,
  type ClassifiedAdValues,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { classifiedAds, customers, storedFiles } from '../../db/schema.ts';
import { ApiError, notFound } from '../../errors.ts';
import { deleteStoredFile, storeFile, type UploadInput } from '../files/index.ts';
import { enqueueMail } from '../mail/index.ts';

type AdRow = typeof classifiedAds.$inferSelect;

/** Who asks: a customer user (customerId set) or a staff user (staff true). */
export interface AdViewer {
  userId: number;
  customerId: number | null;
  staff: boolean;
}

const adColumns = {
  ad: classifiedAds,
  fileName: storedFiles.filename,
  fileSize: storedFiles.size,
  customerName: customers.name,
};

type AdJoined = { ad: AdRow; fileName: string | null; fileSize: number | null; customerName: string | null };

function iso(d: Date | null): string | null {
  return d ? d.toISOString() : null;
}

/** Maps a row to the api shape (docs/product/community-and-content.md). */
function toAd(row: AdJoined, viewer: AdViewer): ClassifiedAd {
  const { ad } = row;
  const base = viewer.staff ? `/staff/classified_ads/${ad.id}/file` : `/classified_ads/${ad.id}/file`;
  return {
    id: ad.id,
    name: ad.name,
    date_start: ad.dateStart,
    date_end: ad.dateEnd,
    category: ad.category as ClassifiedAd['category'],
    country_state_code: ad.countryStateCode as ClassifiedAd['country_state_code'],
    body: ad.body,
    contact: ad.contact,
    phone: ad.phone,
    email: ad.email,
    state: ad.state as ClassifiedAdState,
    rejection_reason: ad.rejectionReason,
    file:
      ad.fileId != null && row.fileName != null
        ? { filename: row.fileName, size: row.fileSize ?? 0, url: base }
        : null,
    is_owner: viewer.customerId != null && viewer.customerId === ad.customerId,
    customer_name: viewer.staff ? row.customerName : null,
    submitted_at: iso(ad.submittedAt),
    moderated_at: iso(ad.moderatedAt),
    updated_at: ad.updatedAt.toISOString(),
    version: ad.version,
  };
}

function joined(db: Db) {
  return db
    .select(adColumns)
    .from(classifiedAds)
    .leftJoin(storedFiles, eq(storedFiles.id, classifiedAds.fileId))
    .leftJoin(customers, eq(customers.id, classifiedAds.customerId));
}

/** Condition: published and valid on `today` (what customers other than the owner see). */
function publicCondition(today: string): SQL {
  return and(
    eq(classifiedAds.state, 'published'),
    lte(classifiedAds.dateStart, today),
    gte(classifiedAds.dateEnd, today),
  ) as SQL;
}

async function page(
  db: Db,
  where: SQL | undefined,
  viewer: AdViewer,
  pageNo: number,
  size: number,
  order: 'updated' | 'submitted' = 'updated',
): Promise<ClassifiedAdList> {
  const [total] = await db.select({ n: count() }).from(classifiedAds).where(where);
  const rows = await joined(db)
    .where(where)
    .orderBy(
      order === 'submitted' ? classifiedAds.submittedAt : desc(classifiedAds.updatedAt),
      desc(classifiedAds.id),
    )
    .limit(size)
    .offset((pageNo - 1) * size);
  return { count: total?.n ?? 0, items: rows.map((r) => toAd(r, viewer)) };
}

/** GET classified_ads/my_classified_ads: the customer's ads (all states or one), newest change first. */
export function listMyAds(
  db: Db,
  viewer: AdViewer & { customerId: number },
  q: { page: number; per_page: number; state?: ClassifiedAdState },
): Promise<ClassifiedAdList> {
  const where = and(
    eq(classifiedAds.customerId, viewer.customerId),
    q.state ? eq(classifiedAds.state, q.state) : undefined,
  );
  return page(db, where, viewer, q.page, q.per_page);
}

/** GET classified_ads/search: published ads valid today, optionally one category and one region. */
export function searchAds(
  db: Db,
  viewer: AdViewer,
  q: { page: number; page_size: number; category?: string; region?: string },
  today = businessDate(),
): Promise<ClassifiedAdList> {
  const where = and(
    publicCondition(today),
    q.category ? eq(classifiedAds.category, q.category) : undefined,
    q.region ? eq(classifiedAds.countryStateCode, q.region) : undefined,
  );
  return page(db, where, viewer, q.page, q.page_size);
}

/** GET staff/classified_ads: ads in one state (default pending = the queue, oldest submission first). */
export function listAdsForStaff(
  db: Db,
  viewer: AdViewer,
  q: { page: number; page_size: number; state: ClassifiedAdState },
): Promise<ClassifiedAdList> {
  return page(
    db,
    eq(classifiedAds.state, q.state),
    viewer,
    q.page,
    q.page_size,
    q.state === 'pending' ? 'submitted' : 'updated',
  );
}

async function loadRow(db: Db, id: number): Promise<AdJoined | null> {
  const [row] = await joined(db).where(eq(classifiedAds.id, id));
  return row ?? null;
}

/** True when `viewer` may read the ad: staff, its owner (any state), others only published and current. */
export function canRead(ad: AdRow, viewer: AdViewer, today = businessDate()): boolean {
  if (viewer.staff) return true;
  if (viewer.customerId != null && ad.customerId === viewer.customerId) return true;
  return ad.state === 'published' && ad.dateStart <= today && ad.dateEnd >= today;
}

/** GET classified_ads/{id} (and the staff detail): 404 `not_found` when the viewer may not read it. */
export async function getAd(db: Db, id: number, viewer: AdViewer): Promise<ClassifiedAd> {
  const row = await loadRow(db, id);
  if (!row || !canRead(row.ad, viewer)) throw notFound(`Small ad ${id} not found.`);
  return toAd(row, viewer);
}

/** The ad's row when `viewer` may read it (for the file route), else 404. */
export async function readableAdRow(db: Db, id: number, viewer: AdViewer): Promise<AdRow> {
  const [ad] = await db.select().from(classifiedAds).where(eq(classifiedAds.id, id));
  if (!ad || !canRead(ad, viewer)) throw notFound(`Small ad ${id} not found.`);
  return ad;
}

/** The customer's own ad (for edits), else 404 (another customer's ad does not exist for them). */
async function ownAd(db: Db, id: number, customerId: number): Promise<AdRow> {
  const [ad] = await db
    .select()
    .from(classifiedAds)
    .where(and(eq(classifiedAds.id, id), eq(classifiedAds.customerId, customerId)));
  if (!ad) throw notFound(`Small ad ${id} not found.`);
  return ad;
}

function invalidState(state: string, action: string): ApiError {
  return new ApiError(409, 'invalid_state', 'Conflict', `A ${state} small ad cannot be ${action}.`);
}

function fieldsOf(v: ClassifiedAdValues) {
  return {
    name: v.name,
    dateStart: v.date_start,
    dateEnd: v.date_end,
    category: v.category,
    countryStateCode: v.country_state_code,
    body: v.body,
    contact: v.contact,
    phone: v.phone,
    email: v.email,
  };
}

/**
 * POST classified_ads: creates a draft of the customer with the validated fields and the optional
 * PDF (stored first; a refused file stores nothing).
 */
export async function createAd(
  db: Db,
  viewer: AdViewer & { customerId: number },
  values: ClassifiedAdValues,
  file: UploadInput | null,
): Promise<ClassifiedAd> {
  const stored = file
    ? await storeFile(db, { ...file, purpose: 'classified_ad', ownerUserId: viewer.userId })
    : null;
  const [ad] = await db
    .insert(classifiedAds)
    .values({
      ...fieldsOf(values),
      customerId: viewer.customerId,
      userId: viewer.userId,
      fileId: stored?.id ?? null,
      state: 'draft',
    })
    .returning({ id: classifiedAds.id });
  return getAd(db, ad!.id, viewer);
}

/**
 * POST classified_ads/{id}: replaces the fields of the customer's ad, sets it back to draft
 * (docs/product/community-and-content.md#small-ad-states: every update sets state draft). A new `file` replaces the document; `file_delete` removes it.
 * 404 for an ad of another customer.
 */
export async function updateAd(
  db: Db,
  viewer: AdViewer & { customerId: number },
  id: number,
  values: ClassifiedAdValues,
  file: UploadInput | null,
): Promise<ClassifiedAd> {
  const ad = await ownAd(db, id, viewer.customerId);
  const stored = file
    ? await storeFile(db, { ...file, purpose: 'classified_ad', ownerUserId: viewer.userId })
    : null;
  const dropOld = ad.fileId != null && (stored != null || values.file_delete);
  await db
    .update(classifiedAds)
    .set({
      ...fieldsOf(values),
      fileId: stored ? stored.id : values.file_delete ? null : ad.fileId,
      state: 'draft',
      userId: viewer.userId,
      updatedAt: new Date(),
      // Staff who reviewed the previous content can no longer moderate it (moderateAd).
      version: sql`${classifiedAds.version} + 1`,
    })
    .where(eq(classifiedAds.id, id));
  if (dropOld) await deleteStoredFile(db, ad.fileId);
  return getAd(db, id, viewer);
}

/** POST classified_ads/{id}/update_set_to_draft: back to draft from any state (404 for others' ads). */
export async function setToDraft(
  db: Db,
  viewer: AdViewer & { customerId: number },
  id: number,
): Promise<ClassifiedAd> {
  await ownAd(db, id, viewer.customerId);
  await db
    .update(classifiedAds)
    .set({ state: 'draft', updatedAt: new Date() })
    .where(eq(classifiedAds.id, id));
  return getAd(db, id, viewer);
}

/** POST classified_ads/{id}/submit: draft → pending (409 `invalid_state` from another state). */
export async function submitAd(
  db: Db,
  viewer: AdViewer & { customerId: number },
  id: number,
): Promise<ClassifiedAd> {
  const ad = await ownAd(db, id, viewer.customerId);
  if (ad.state !== 'draft') throw invalidState(ad.state, 'submitted');
  const now = new Date();
  await db
    .update(classifiedAds)
    .set({ state: 'pending', submittedAt: now, rejectionReason: null, updatedAt: now })
    .where(and(eq(classifiedAds.id, id), eq(classifiedAds.state, 'draft')));
  return getAd(db, id, viewer);
}

/** DELETE classified_ads/{id}: deletes the customer's ad and its document (404 for others' ads). */
export async function deleteAd(db: Db, customerId: number, id: number): Promise<void> {
  const ad = await ownAd(db, id, customerId);
  await db.delete(classifiedAds).where(eq(classifiedAds.id, id));
  await deleteStoredFile(db, ad.fileId);
}

/**
 * Staff moderation: publish (pending → published) or refuse with a reason (pending or published
 * → cancel), and the mail telling the author (modules/mail/outbox.ts) enqueued in the same
 * transaction. `decision.version` is the ad's version staff reviewed: when the customer changed
 * the ad since (another version), nothing happens — 409 `ad_changed`, staff must look again.
 * Errors: 404 unknown id, 409 `ad_changed`, 409 `invalid_state`.
 */
export async function moderateAd(
  db: Db,
  staff: AdViewer,
  id: number,
  decision: ({ publish: true } | { publish: false; reason: string }) & { version: number },
): Promise<ClassifiedAd> {
  const [ad] = await db.select().from(classifiedAds).where(eq(classifiedAds.id, id));
  if (!ad) throw notFound(`Small ad ${id} not found.`);
  if (ad.version !== decision.version) throw adChanged(decision.version, ad.version);
  const allowed = decision.publish ? ['pending'] : ['pending', 'published'];
  if (!allowed.includes(ad.state)) throw invalidState(ad.state, decision.publish ? 'published' : 'refused');
  const now = new Date();
  const moderated = await db.transaction(async (tx) => {
    // The state and the version reviewed are conditions of the update itself: a customer edit
    // between the read above and this statement leaves the ad untouched.
    const rows = await tx
      .update(classifiedAds)
      .set({
        state: decision.publish ? 'published' : 'cancel',
        rejectionReason: decision.publish ? null : decision.reason,
        moderatedAt: now,
        moderatedBy: staff.userId,
        updatedAt: now,
      })
      .where(
        and(
          eq(classifiedAds.id, id),
          eq(classifiedAds.state, ad.state),
          eq(classifiedAds.version, decision.version),
        ),
      )
      .returning({ id: classifiedAds.id });
    // The author is told, committed with the decision (modules/mail/outbox.ts).
    if (rows.length)
      await enqueueMail(tx, {
        kind: decision.publish ? 'ad_published' : 'ad_refused',
        adId: id,
        moderatedAt: now.getTime(),
      });
    return rows.length > 0;
  });
  if (!moderated) {
    const [current] = await db.select().from(classifiedAds).where(eq(classifiedAds.id, id));
    if (!current) throw notFound(`Small ad ${id} not found.`);
    if (current.version !== decision.version) throw adChanged(decision.version, current.version);
    throw invalidState(current.state, decision.publish ? 'published' : 'refused');
  }
  return getAd(db, id, staff);
}

/** 409 `ad_changed`: the customer changed the ad after staff opened version `reviewed`. */
function adChanged(reviewed: number, current: number): ApiError {
  return new ApiError(
    409,
    'ad_changed',
    'Conflict',
    `The small ad changed since you opened it (version ${reviewed}, now ${current}). Review it again.`,
  );
}

/**
 * Coupons (docs/decisions/coupons.md): the staff back office (list, create, update, deactivate),
 * the cart's reward (`cartReward`, through the domain's `evaluateCoupon`), applying a code to the
 * open cart and recording the redemption at confirm. Money in integer cents EUR excl. VAT inside,
 * EUR on the wire; rates in basis points inside, % on the wire.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  bpToPercent,
  centsToEur,
  eurToCents,
  evaluateCoupon,
  type CouponCreate,
  type CouponLine,
  type CouponOutcome,
  type CouponRefusal,
  type Locale,
  type CouponReward,
  type CouponTerms,
  type StaffCoupon,
  type StaffCouponList,
} from '@vetshop/domain';
import type { Db, Queryable } from '../../db/client.ts';
import { couponRedemptions, coupons } from '../../db/schema.ts';
import { ApiError, fieldError, notFound } from '../../errors.ts';
import { businessToday } from '../carts/index.ts';

type CouponRow = typeof coupons.$inferSelect;

/** The rule's view of a stored coupon. */
function termsOf(row: CouponRow): CouponTerms {
  return {
    percentBp: row.percentBp,
    amountCents: row.amountCents,
    minOrderCents: row.minOrderCents,
    validFrom: row.validFrom,
    validTo: row.validTo,
    usesPerCustomer: row.usesPerCustomer,
    usesTotal: row.usesTotal,
    families: row.families,
    brandIds: row.brandIds,
    active: row.active,
  };
}

/** The coupon of `code` (compared upper-case, trimmed) with its uses by `customerId` and in total. */
async function couponWithUses(
  conn: Queryable,
  code: string,
  customerId: number,
): Promise<{ row: CouponRow; byCustomer: number; total: number } | null> {
  const r = await conn.execute<{ coupon: unknown; by_customer: number; total: number }>(sql`
    SELECT to_json(c) AS coupon,
           (SELECT count(*)::int FROM coupon_redemptions r WHERE r.coupon_id = c.id AND r.customer_id = ${customerId}) AS by_customer,
           (SELECT count(*)::int FROM coupon_redemptions r WHERE r.coupon_id = c.id) AS total
    FROM coupons c WHERE c.code = ${code.trim().toUpperCase()}`);
  const first = r.rows[0];
  if (!first) return null;
  const raw = (typeof first.coupon === 'string' ? JSON.parse(first.coupon) : first.coupon) as Record<
    string,
    unknown
  >;
  const row: CouponRow = {
    id: Number(raw.id),
    code: String(raw.code),
    description: String(raw.description ?? ''),
    percentBp: raw.percent_bp === null ? null : Number(raw.percent_bp),
    amountCents: raw.amount_cents === null ? null : Number(raw.amount_cents),
    minOrderCents: Number(raw.min_order_cents),
    validFrom: (raw.valid_from as string | null) ?? null,
    validTo: (raw.valid_to as string | null) ?? null,
    usesPerCustomer: raw.uses_per_customer === null ? null : Number(raw.uses_per_customer),
    usesTotal: raw.uses_total === null ? null : Number(raw.uses_total),
    families: (raw.families as string[]) ?? [],
    brandIds: ((raw.brand_ids as number[]) ?? []).map(Number),
    active: Boolean(raw.active),
    createdAt: new Date(String(raw.created_at)),
    updatedAt: new Date(String(raw.updated_at)),
  };
  return { row, byCustomer: Number(first.by_customer), total: Number(first.total) };
}

/** The coupon of a cart and what it gives now. */
export interface CartCoupon {
  couponId: number | null;
  code: string;
  outcome: CouponOutcome;
  /** Minimum order of the coupon, cents excl. VAT (for the `coupon_minimum` message). */
  minOrderCents: number;
}

/**
 * What the coupon `code` gives to a cart of `lines` (paid product lines, cents excl. VAT) of
 * `customerId` on the business day `on`: the reward, or why it is refused.
 */
export async function cartReward(
  conn: Queryable,
  code: string,
  customerId: number,
  lines: readonly CouponLine[],
  on: string = businessToday(),
): Promise<CartCoupon> {
  const found = await couponWithUses(conn, code, customerId);
  const outcome = evaluateCoupon(
    found ? termsOf(found.row) : null,
    lines,
    { byCustomer: found?.byCustomer ?? 0, total: found?.total ?? 0 },
    on,
  );
  return {
    couponId: found?.row.id ?? null,
    code: code.trim().toUpperCase(),
    outcome,
    minOrderCents: found?.row.minOrderCents ?? 0,
  };
}

/** The reward of a cart coupon, zero when refused. */
export function rewardOf(coupon: CartCoupon | null): CouponReward {
  return coupon?.outcome.ok ? coupon.outcome.reward : { untaxedCents: 0, perRate: [], totalCents: 0 };
}

/** `detail` of each refusal per language; `{min}` is the minimum order in EUR excl. VAT. */
const REFUSAL_DETAIL: Record<CouponRefusal, Record<Locale, string>> = {
  coupon_unknown: {
    fr: 'Ce code promo n’existe pas.',
    nl: 'Deze promotiecode bestaat niet.',
    en: 'This promo code does not exist.',
  },
  coupon_expired: {
    fr: 'Ce code promo n’est pas valable aujourd’hui.',
    nl: 'Deze promotiecode is vandaag niet geldig.',
    en: 'This promo code is not valid today.',
  },
  coupon_minimum: {
    fr: 'Ce code promo demande une commande d’au moins {min} EUR HTVA.',
    nl: 'Deze promotiecode vraagt een bestelling van minstens {min} EUR excl. btw.',
    en: 'This promo code needs an order of at least {min} EUR excl. VAT.',
  },
  coupon_used: {
    fr: 'Ce code promo a déjà été utilisé.',
    nl: 'Deze promotiecode werd al gebruikt.',
    en: 'This promo code has already been used.',
  },
  coupon_not_applicable: {
    fr: 'Ce code promo ne s’applique à aucun produit de votre panier.',
    nl: 'Deze promotiecode geldt voor geen enkel product in uw winkelmandje.',
    en: 'This promo code does not apply to any product in your cart.',
  },
};

/**
 * 400 problem of a refused code, its detail in `locale`: `code` is the refusal (coupon_unknown,
 * coupon_expired, coupon_minimum with `min_order` in EUR excl. VAT, coupon_used,
 * coupon_not_applicable); the web shows its own text per code (messages namespace coupons.errors).
 */
export function couponRefused(coupon: CartCoupon, locale: Locale): ApiError {
  const reason: CouponRefusal = coupon.outcome.ok ? 'coupon_unknown' : coupon.outcome.reason;
  const min = (coupon.minOrderCents / 100).toFixed(2);
  return new ApiError(
    400,
    reason,
    'Bad request',
    REFUSAL_DETAIL[reason][locale].replace('{min}', locale === 'en' ? min : min.replace('.', ',')),
    undefined,
    reason === 'coupon_minimum' ? { min_order: centsToEur(coupon.minOrderCents) } : undefined,
  );
}

/** Sets (or clears with null) the coupon code of the open cart `cartId`. */
export async function setCartCoupon(conn: Queryable, cartId: number, code: string | null): Promise<void> {
  await conn.execute(
    sql`UPDATE carts SET coupon_code = ${code === null ? null : code.trim().toUpperCase()}, updated_at = now() WHERE id = ${cartId}`,
  );
}

/**
 * Records the redemption of an applied coupon in the confirm's transaction (one row per sale);
 * nothing when the cart had no applicable coupon.
 */
export async function recordRedemption(
  tx: Queryable,
  coupon: CartCoupon | null,
  customerId: number,
  saleId: number,
): Promise<void> {
  if (!coupon || !coupon.outcome.ok || coupon.couponId === null) return;
  const reward = coupon.outcome.reward;
  await tx.execute(sql`
    INSERT INTO coupon_redemptions (coupon_id, customer_id, sale_id, reward_cents, reward_tax_incl_cents)
    VALUES (${coupon.couponId}, ${customerId}, ${saleId}, ${reward.untaxedCents}, ${reward.totalCents})
    ON CONFLICT (sale_id) DO NOTHING`);
}

// ---------------------------------------------------------------------------------------------
// Staff back office

/** Wire form of a stored coupon. */
function toStaffCoupon(row: CouponRow, used: number): StaffCoupon {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    percent: row.percentBp === null ? null : bpToPercent(row.percentBp),
    amount: row.amountCents === null ? null : centsToEur(row.amountCents),
    min_order: centsToEur(row.minOrderCents),
    valid_from: row.validFrom,
    valid_to: row.validTo,
    uses_per_customer: row.usesPerCustomer,
    uses_total: row.usesTotal,
    families: row.families,
    brand_ids: row.brandIds,
    active: row.active,
    used,
  };
}

/** Column values of a staff input. */
function valuesOf(input: CouponCreate) {
  return {
    code: input.code,
    description: input.description,
    percentBp: input.percent === null ? null : Math.round(input.percent * 100),
    amountCents: input.amount === null ? null : eurToCents(input.amount),
    minOrderCents: eurToCents(input.min_order),
    validFrom: input.valid_from,
    validTo: input.valid_to,
    usesPerCustomer: input.uses_per_customer,
    usesTotal: input.uses_total,
    families: [...input.families],
    brandIds: [...new Set(input.brand_ids)],
    active: input.active,
  };
}

async function usesOf(db: Db, id: number): Promise<number> {
  const r = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM coupon_redemptions WHERE coupon_id = ${id}`,
  );
  return Number(r.rows[0]?.n ?? 0);
}

/** GET /staff/coupons: every coupon, newest first, with its number of uses, and every brand by name. */
export async function listCoupons(db: Db): Promise<StaffCouponList> {
  const rows = await db
    .select({
      coupon: coupons,
      used: sql<number>`(SELECT count(*)::int FROM ${couponRedemptions} r WHERE r.coupon_id = ${coupons.id})`,
    })
    .from(coupons)
    .orderBy(sql`${coupons.createdAt} DESC`, sql`${coupons.id} DESC`);
  const brands = await db.execute<{ id: number; name: string }>(
    sql`SELECT id, name FROM brands ORDER BY lower(name), id`,
  );
  return {
    items: rows.map((r) => toStaffCoupon(r.coupon, Number(r.used))),
    brands: brands.rows.map((b) => ({ id: Number(b.id), name: b.name })),
  };
}

/** 409 `coupon_code_taken` when another coupon has the code. */
function codeTaken(): ApiError {
  return new ApiError(409, 'coupon_code_taken', 'Conflict', 'Another coupon already has this code.');
}

/**
 * 400 `unknown_brand` (field `brand_ids`) when one of `ids` is no brand of the catalogue: a coupon
 * restricted to a brand that does not exist would apply to nothing, and its form could not show it.
 */
async function checkBrands(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const r = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM brands WHERE id = ANY(${sql.param([...new Set(ids)])}::int[])`,
  );
  if (Number(r.rows[0]?.n ?? 0) !== new Set(ids).size) throw fieldError('brand_ids', 'unknown_brand');
}

/** POST /staff/coupons: creates a coupon; 409 `coupon_code_taken` when the code exists, 400 `unknown_brand`. */
export async function createCoupon(db: Db, input: CouponCreate): Promise<StaffCoupon> {
  await checkBrands(db, input.brand_ids);
  const [row] = await db.insert(coupons).values(valuesOf(input)).onConflictDoNothing().returning();
  if (!row) throw codeTaken();
  return toStaffCoupon(row, 0);
}

/** PUT /staff/coupons/:id: replaces a coupon's fields; 404 unknown, 409 code of another coupon, 400 `unknown_brand`. */
export async function updateCoupon(db: Db, id: number, input: CouponCreate): Promise<StaffCoupon> {
  await checkBrands(db, input.brand_ids);
  const [other] = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(and(eq(coupons.code, input.code), sql`${coupons.id} <> ${id}`));
  if (other) throw codeTaken();
  const [row] = await db
    .update(coupons)
    .set({ ...valuesOf(input), updatedAt: new Date() })
    .where(eq(coupons.id, id))
    .returning();
  if (!row) throw notFound(`No coupon ${id}.`);
  return toStaffCoupon(row, await usesOf(db, id));
}

/** POST /staff/coupons/:id/deactivate: the coupon stops applying (carts holding it get no reward); 404 unknown. */
export async function deactivateCoupon(db: Db, id: number): Promise<StaffCoupon> {
  const [row] = await db
    .update(coupons)
    .set({ active: false, updatedAt: new Date() })
    .where(eq(coupons.id, id))
    .returning();
  if (!row) throw notFound(`No coupon ${id}.`);
  return toStaffCoupon(row, await usesOf(db, id));
}

/**
 * Locks the coupon of `code` (if any) until the end of the confirm's transaction, so two
 * concurrent confirms count each other's redemption (uses per customer and in total).
 */
export async function lockCoupon(tx: Queryable, code: string | null): Promise<void> {
  if (code === null) return;
  await tx.execute(sql`SELECT id FROM coupons WHERE code = ${code.trim().toUpperCase()} FOR UPDATE`);
}

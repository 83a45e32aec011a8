/**
 * Promo-end alerts (docs/decisions/promo-end-alerts.md; docs/product/customer-area.md#promo-subscriptions, docs/product/customer-area.md#promo-subscription-calls): a user's
 * subscriptions (one per product = variant), and the job that mails each subscriber, in their
 * locale, before a subscribed promotion ends (docs/decisions/promo-end-alerts.md).
 *
 * Exactly-once mailing with several api processes:
 * 1. one run at a time: the run's transaction takes `pg_try_advisory_xact_lock(PROMO_ALERT_LOCK)`;
 *    a run that does not get it does nothing (`ran: false`);
 * 2. each alert is first inserted into promo_alerts_sent (primary key user, product, promotion
 *    key + end date) with ON CONFLICT DO NOTHING ... RETURNING, committed before a single mail is sent,
 *    and only the rows that came back are mailed. A run after (or despite) another one finds them
 *    and mails nothing. A mail that fails deletes its row again, so the next run retries it.
 */
import { sql, type SQL } from 'drizzle-orm';
import { businessDate, type PromoAlertRun, type PromoSubscriptionList } from '@vetshop/domain';
import type { Db, Queryable } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { type Mailer, mailLocale } from '../mail/index.ts';
import { visibleTo } from '../catalog/index.ts';
import {
  PRODUCT_COLUMNS,
  productJoins,
  promotionRows,
  promotionTermsOf,
  type ProductRow,
  type PromotionRow,
  type PromoViewer,
} from '../promotions/index.ts';
import { renderPromoAlert } from './mail.ts';

/** Default lead time: subscribers are mailed from 7 days before a promotion's last day. */
export const DEFAULT_PROMO_ALERT_LEAD_DAYS = 7;

/** Key of the advisory lock held by one run of the job at a time (whichever api process). */
export const PROMO_ALERT_LOCK = sql`hashtext('vetshop:promo-end-alerts')`;

/** GET promo_subscriptions: the user's subscriptions, oldest first. */
export async function listSubscriptions(db: Queryable, userId: number): Promise<PromoSubscriptionList> {
  const r = await db.execute<{ product_id: number }>(sql`
    SELECT variant_id AS product_id FROM promo_subscriptions WHERE user_id = ${userId}
    ORDER BY created_at, variant_id`);
  return { data: r.rows.map((row) => ({ product_id: Number(row.product_id) })) };
}

/**
 * SQL expression (int[]): the variants among `variantIds` to whose promo-end alerts user `userId`
 * is subscribed, in no order ({@link subscribedIn} orders them): the product page's toggles, read
 * with the signed-in customer's other parts of the page in one statement (restrictions module
 * `customerPartsOfProduct`; docs/decisions/web-page-performance.md, "Promo-end alert state in the
 * product answer").
 */
export function subscribedVariantsSql(userId: number, variantIds: readonly number[]): SQL {
  return sql`ARRAY(SELECT variant_id FROM promo_subscriptions
                   WHERE user_id = ${userId} AND variant_id = ANY(${sql.param([...variantIds])}::int[]))`;
}

/** The ids of `variantIds` (in their order) that are in `subscribed` (a {@link subscribedVariantsSql} value). */
export function subscribedIn(
  variantIds: readonly number[],
  subscribed: readonly (number | string)[],
): number[] {
  const set = new Set(subscribed.map(Number));
  return variantIds.filter((id) => set.has(id));
}

/**
 * POST promo_subscriptions: subscribes the user to promo-end alerts of a product (variant) the
 * viewer can see. Idempotent; returns true when the subscription is new.
 * Errors: 404 `not_found` for an unknown product or one hidden to the viewer.
 */
export async function subscribe(
  db: Queryable,
  viewer: PromoViewer,
  userId: number,
  productId: number,
): Promise<boolean> {
  const visible = await db.execute<{ id: number }>(sql`
    SELECT v.id FROM product_variants v JOIN products p ON p.id = v.product_id
    WHERE v.id = ${productId} AND ${visibleTo(viewer)}`);
  if (visible.rows.length === 0) throw notFound(`Product ${productId} not found.`);
  const r = await db.execute<{ variant_id: number }>(sql`
    INSERT INTO promo_subscriptions (user_id, variant_id) VALUES (${userId}, ${productId})
    ON CONFLICT DO NOTHING RETURNING variant_id`);
  return r.rows.length > 0;
}

/** DELETE promo_subscriptions/{productId}. Errors: 404 when the user has no such subscription. */
export async function unsubscribe(db: Queryable, userId: number, productId: number): Promise<void> {
  const r = await db.execute<{ variant_id: number }>(sql`
    DELETE FROM promo_subscriptions WHERE user_id = ${userId} AND variant_id = ${productId}
    RETURNING variant_id`);
  if (r.rows.length === 0) throw notFound(`No promo-end alert for product ${productId}.`);
}

/** Settings of a job run. */
export interface PromoAlertRunOptions {
  /** Days before a promotion's end date from which subscribers are mailed (≥ 0). */
  leadDays: number;
  /** Public origin of the shop for the links (no trailing slash). */
  siteUrl: string;
  /** Business day to run as (default today, Europe/Brussels). */
  asOf?: string;
}

type Subscriber = {
  id: number;
  email: string;
  given_name: string;
  name: string;
  locale: string;
  price_list: string;
  vet_group_ids: number[];
  supplier_promotion: boolean;
};

type DueAlert = PromotionRow & ProductRow & { promo_key: string };

/**
 * One run of the promo-end alert job: for every active customer user with subscriptions, the
 * promotions of subscribed products that the user can see (promotions/service.ts
 * `promotionRows`), active on `asOf` and ending within `leadDays` days (end date between asOf and
 * asOf + leadDays, inclusive), not alerted yet → one mail each, in the user's locale.
 * Safe with concurrent runs (see the module comment). Mail failures are counted, not thrown.
 */
export async function runPromoAlerts(
  db: Db,
  mailer: Mailer,
  options: PromoAlertRunOptions,
): Promise<PromoAlertRun> {
  const asOf = options.asOf ?? businessDate();
  const leadDays = Math.max(0, Math.trunc(options.leadDays));
  const claimed = await db.transaction(async (tx) => {
    const lock = await tx.execute<{ ok: boolean }>(
      sql`SELECT pg_try_advisory_xact_lock(${PROMO_ALERT_LOCK}) AS ok`,
    );
    if (!lock.rows[0]?.ok) return null;
    const subscribers = await tx.execute<Subscriber>(sql`
      SELECT u.id, u.email, u.given_name, u.name, u.locale, u.price_list, u.vet_group_ids, u.supplier_promotion
      FROM users u
      WHERE u.active AND u.customer_id IS NOT NULL
        AND EXISTS (SELECT 1 FROM promo_subscriptions s WHERE s.user_id = u.id)
      ORDER BY u.id`);
    const due: { user: Subscriber; alert: DueAlert }[] = [];
    for (const user of subscribers.rows) {
      const viewer: PromoViewer = {
        priceList: user.price_list,
        vetGroupIds: (user.vet_group_ids ?? []).map(Number),
        supplierPromotions: user.supplier_promotion,
      };
      const rows = await tx.execute<DueAlert>(sql`
        WITH due AS (
          SELECT pr.*, pr.key || ':' || pr.date_end AS promo_key, ${PRODUCT_COLUMNS}
          FROM ${promotionRows(viewer, asOf)} pr
          JOIN promo_subscriptions s ON s.variant_id = pr.variant_id AND s.user_id = ${user.id}
          JOIN product_variants v ON v.id = pr.variant_id
          ${productJoins(viewer, mailLocale(user.locale))}
          WHERE pr.date_end IS NOT NULL
            AND pr.date_end::date BETWEEN ${asOf}::date AND ${asOf}::date + ${leadDays}::int
        ), ins AS (
          INSERT INTO promo_alerts_sent (user_id, variant_id, promo_key)
          SELECT DISTINCT ${user.id}::int, variant_id, promo_key FROM due
          ON CONFLICT DO NOTHING
          RETURNING variant_id, promo_key
        )
        SELECT DISTINCT ON (due.variant_id, due.promo_key) due.*
        FROM due JOIN ins ON ins.variant_id = due.variant_id AND ins.promo_key = due.promo_key
        ORDER BY due.variant_id, due.promo_key`);
      for (const alert of rows.rows) due.push({ user, alert });
    }
    return due;
  });
  if (claimed === null) return { ran: false, as_of: asOf, lead_days: leadDays, mailed: 0, failed: 0 };

  let mailed = 0;
  let failed = 0;
  for (const { user, alert } of claimed) {
    const locale = mailLocale(user.locale);
    const terms = promotionTermsOf(alert);
    const mail = renderPromoAlert(locale, {
      name: user.given_name || user.name,
      product: alert.name,
      variant: alert.variant_name,
      kind: terms.kind,
      discount: terms.discount,
      mainQuantity: terms.main_quantity,
      promoQuantity: terms.promo_quantity,
      dateEnd: alert.date_end ?? asOf,
      productLink: `${options.siteUrl}/${locale}/p/${encodeURIComponent(alert.url_key)}`,
      promotionsLink: `${options.siteUrl}/${locale}/promotions`,
    });
    try {
      await mailer.send({ to: user.email, ...mail });
      mailed += 1;
    } catch {
      failed += 1;
      // Not mailed: free the alert so that the next run tries again.
      await db.execute(sql`
        DELETE FROM promo_alerts_sent
        WHERE user_id = ${user.id} AND variant_id = ${Number(alert.product_id)} AND promo_key = ${alert.promo_key}`);
    }
  }
  return { ran: true, as_of: asOf, lead_days: leadDays, mailed, failed };
}

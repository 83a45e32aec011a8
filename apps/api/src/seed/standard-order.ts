/**
 * The demo veterinary's standard order (README demo accounts): a practice with two years of orders
 * keeps at least one list of what it orders again and again, so the demo's home page offers it in
 * its standard orders selector and /{lang}/account/wishlists shows one
 * (docs/product/customer-area.md#standard-orders).
 */
import { eq, sql } from 'drizzle-orm';
import type { Locale } from '@vetshop/domain';
import type { Db } from '../db/client.ts';
import { users, wishlistLines, wishlists } from '../db/schema.ts';

/** The list's name in the language of the account that owns it (user text, as a practice types it). */
export const DEMO_STANDARD_ORDER_NAME: Record<Locale, string> = {
  fr: 'Commande mensuelle',
  nl: 'Maandelijkse bestelling',
  en: 'Monthly order',
};

/** How many of the practice's most ordered products the list holds. */
export const DEMO_STANDARD_ORDER_LINES = 6;

/**
 * Seeds one standard order for the account `login` (default the demo veterinary): its
 * DEMO_STANDARD_ORDER_LINES products ordered in the most orders of its history, each with the
 * quantity it usually orders (the mean quantity of its order lines, at least 1), in that order,
 * named DEMO_STANDARD_ORDER_NAME in the account's language. Meant for the start-up seeding after
 * seedDemoHistory. Nothing happens when the account is missing, its practice already has a
 * standard order or has no order yet. Returns the list's id and line count, or null.
 */
export async function seedDemoStandardOrder(
  db: Db,
  login = 'veterinary@demo.vetshop.be',
): Promise<{ id: number; lines: number } | null> {
  const [user] = await db
    .select({ id: users.id, customerId: users.customerId, locale: users.locale })
    .from(users)
    .where(eq(users.login, login));
  if (!user?.customerId) return null;
  const customerId = user.customerId;
  const [existing] = await db
    .select({ id: wishlists.id })
    .from(wishlists)
    .where(eq(wishlists.customerId, customerId))
    .limit(1);
  if (existing) return null;
  const favourites = (
    await db.execute<{ variant_id: number; qty: number }>(sql`
      SELECT l.variant_id, greatest(1, round(avg(l.qty)))::int AS qty
      FROM sale_lines l
      JOIN sales s ON s.id = l.sale_id
      JOIN product_variants v ON v.id = l.variant_id
      JOIN products p ON p.id = v.product_id
      WHERE s.customer_id = ${customerId} AND s.state <> 'cancel' AND NOT l.is_delivery
        AND NOT p.not_sold_on_website
      GROUP BY l.variant_id
      ORDER BY count(DISTINCT l.sale_id) DESC, l.variant_id
      LIMIT ${DEMO_STANDARD_ORDER_LINES}`)
  ).rows;
  if (favourites.length === 0) return null;
  const locale = (user.locale in DEMO_STANDARD_ORDER_NAME ? user.locale : 'fr') as Locale;
  return db.transaction(async (tx) => {
    const [list] = await tx
      .insert(wishlists)
      .values({ customerId, userId: user.id, name: DEMO_STANDARD_ORDER_NAME[locale] })
      .returning({ id: wishlists.id });
    await tx.insert(wishlistLines).values(
      favourites.map((f, i) => ({
        wishlistId: list!.id,
        variantId: Number(f.variant_id),
        qty: Number(f.qty),
        sequence: i + 1,
      })),
    );
    return { id: list!.id, lines: favourites.length };
  });
}

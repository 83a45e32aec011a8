/**
 * The demo veterinary's standard order (README demo accounts): a practice with two years of orders
 * keeps at least one list of what it orders again and again, so the demo's home page offers it in
 * its standard orders selector and /{lang}/account/wishlists shows one
 * (docs/product/customer-area.md#standard-orders).
 */
import { eq } from 'drizzle-orm';
import { DEFAULT_LOCALE, type Locale } from '@vetshop/domain';
import type { Db } from '../db/client.ts';
import { users, wishlistLines, wishlists } from '../db/schema.ts';
import { isLocale } from '../modules/catalog/service.ts';
import { topOrdered } from '../modules/statistics/service.ts';

/** The list's name in the language of the account that owns it (user text, as a practice types it). */
export const DEMO_STANDARD_ORDER_NAME: Record<Locale, string> = {
  fr: 'Commande mensuelle',
  nl: 'Maandelijkse bestelling',
  en: 'Monthly order',
};

/** How many of the practice's most ordered products the list holds. */
export const DEMO_STANDARD_ORDER_LINES = 6;

/**
 * Seeds one standard order for the account `login` (default the demo veterinary): the first
 * DEMO_STANDARD_ORDER_LINES of its most ordered products as its dashboard ranks them
 * (modules/statistics `topOrdered`: by number of orders, then units, then the latest order; only
 * products it may see and buy), each with the quantity it usually orders (its units over its
 * orders, at least 1), in that order, named DEMO_STANDARD_ORDER_NAME in the account's language.
 * Meant for the start-up seeding after seedDemoHistory. Nothing happens when the account is
 * missing, its practice already has a standard order or has no order yet. Returns the list's id
 * and line count, or null.
 */
export async function seedDemoStandardOrder(
  db: Db,
  login = 'veterinary@demo.vetshop.be',
): Promise<{ id: number; lines: number } | null> {
  const [user] = await db
    .select({
      id: users.id,
      customerId: users.customerId,
      locale: users.locale,
      priceList: users.priceList,
      vetGroupIds: users.vetGroupIds,
    })
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
  const locale = isLocale(user.locale) ? user.locale : DEFAULT_LOCALE;
  const top = await topOrdered(
    db,
    customerId,
    { priceList: user.priceList, vetGroupIds: user.vetGroupIds },
    { lang: locale, page: 1, perPage: DEMO_STANDARD_ORDER_LINES, families: [], discountOnly: false },
  );
  if (top.items.length === 0) return null;
  return db.transaction(async (tx) => {
    const [list] = await tx
      .insert(wishlists)
      .values({ customerId, userId: user.id, name: DEMO_STANDARD_ORDER_NAME[locale] })
      .returning({ id: wishlists.id });
    await tx.insert(wishlistLines).values(
      top.items.map((item, i) => ({
        wishlistId: list!.id,
        variantId: item.product_id,
        qty: Math.max(1, Math.round(item.qty_ordered / item.last_ordered.count)),
        sequence: i + 1,
      })),
    );
    return { id: list!.id, lines: top.items.length };
  });
}

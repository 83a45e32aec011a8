/**
 * Who is looking at the catalogue: the price list that prices the answers and the veterinary
 * groups that unlock restricted products (docs/product/README.md "Prices depend on the price list that matches the
 * user's role"; docs/product/catalogue-and-search.md#product "veterinary groups"). Guests get the default list and no groups;
 * signed-in users get theirs from `request.auth` (modules/auth/session.ts).
 */
import type { FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { PriceTerms } from '@vetshop/domain';

/** The caller's pricing and visibility context. */
export interface Viewer {
  /** Price list code (PRICE_LISTS), `default` for guests. */
  priceList: string;
  /** Veterinary group ids of the customer (empty for guests). */
  vetGroupIds: number[];
  /**
   * The user's own price terms (family discounts, gross price list; docs/decisions/price-terms.md),
   * applied by the product page; absent for guests.
   */
  terms?: PriceTerms;
}

/** The guest viewer. */
export const GUEST: Viewer = Object.freeze({ priceList: 'default', vetGroupIds: [] }) as Viewer;

/** Viewer of a request: the signed-in user's price list and veterinary groups, else the guest. */
export function viewerOf(request: FastifyRequest): Viewer {
  const user = request.auth?.user;
  if (!user) return { priceList: GUEST.priceList, vetGroupIds: [] };
  return {
    priceList: user.priceList,
    vetGroupIds: [...user.vetGroupIds],
    terms: { familyDiscountsBp: user.priceListDiscounts ?? {}, grossPriceList: user.grossPriceList },
  };
}

/**
 * SQL condition "product `alias` is visible to the viewer": never when not sold on the website;
 * restricted products (non-empty vet_group_ids) only when they share a group with the viewer.
 */
export function visibleTo(viewer: Viewer, alias: SQL = sql`p`): SQL {
  return visibleToGroups(sql`${sql.param(viewer.vetGroupIds)}`, alias);
}

/** The viewer's veterinary group ids in ascending order: the part of a cache key that decides visibility. */
export function groupsKeyOf(viewer: Viewer): number[] {
  return [...viewer.vetGroupIds].sort((a, b) => a - b);
}

/**
 * {@link visibleTo} of one search row in memory (autocomplete-index.ts, search-browse-memory.ts):
 * `hidden` = not sold on the website, `groups` = its veterinary groups (empty: every customer).
 */
export function visibleInMemory(hidden: boolean, groups: readonly number[], viewer: Viewer): boolean {
  return !hidden && (groups.length === 0 || groups.some((g) => viewer.vetGroupIds.includes(g)));
}

/**
 * `visibleTo` with the viewer's veterinary group ids given as SQL (an int[] value): a placeholder
 * in a statement built once (db/statements.ts `namedOnce`).
 */
export function visibleToGroups(vetGroupIds: SQL, alias: SQL = sql`p`): SQL {
  return sql`(NOT ${alias}.not_sold_on_website AND (cardinality(${alias}.vet_group_ids) = 0 OR ${alias}.vet_group_ids && ${vetGroupIds}::int[]))`;
}

/** SQL scalar: id of the viewer's price list (NULL when unknown: prices then come out null). */
export function priceListIdOf(viewer: Viewer): SQL {
  return priceListIdOfCode(sql`${viewer.priceList}`);
}

/**
 * `priceListIdOf` with the price list's code given as SQL (a text value): a placeholder in a
 * statement built once (db/statements.ts `namedOnce`).
 */
export function priceListIdOfCode(code: SQL): SQL {
  return sql`(SELECT id FROM price_lists WHERE code = ${code})`;
}

/**
 * HTTP routes of the offers pages (docs/decisions/promo-end-alerts.md; docs/product/catalogue-and-search.md#screens /{lang}/promotions,
 * /{lang}/selection, /{lang}/vetgroup). docs/product/catalogue-and-search.md#promotions-and-selection names no call for these pages, so the paths are our
 * own additions (docs/decisions/promotions-visibility.md):
 * - GET /promotions?page&per_page&ending_this_month&kind (public: guests see what guests may see);
 * - GET /selection (public) and the staff routes that manage it;
 * - GET /veterinary_groups/mine (signed-in users: their groups with products and conditions).
 * Money EUR excl. VAT (2 decimals), discounts in percent, dates ISO days.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEFAULT_LOCALE,
  localeSchema,
  promotionListSchema,
  promotionsQuerySchema,
  selectionInputSchema,
  selectionItemInputSchema,
  selectionSchema,
  vetGroupEfficiencyListSchema,
  vetGroupQuerySchema,
  type PromotionList,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { idSchema, problemReplies } from '../../http/index.ts';
import { guard } from '../auth/index.ts';
import {
  cachedJson,
  currentCatalogVersion,
  resultCacheKey,
  viewerOf,
  withViewerTerms,
} from '../catalog/index.ts';
import { listPromotions, vetGroupEfficiency, type PromoViewer } from './service.ts';
import { listSelection, removeSelectionItem, replaceSelection, upsertSelectionItem } from './selection.ts';

/** The promotions viewer of a request: the catalogue viewer plus the user's supplier-promotion flag. */
export function promoViewerOf(request: FastifyRequest): PromoViewer {
  return { ...viewerOf(request), supplierPromotions: request.auth?.user.supplierPromotion ?? false };
}

const errors = problemReplies(400, 401, 403, 404);
const langQuery = z.object({ lang: localeSchema.default(DEFAULT_LOCALE) }).strict();
const productParams = z.object({ productId: idSchema });

/**
 * Registers GET /promotions and GET /selection; with `accounts` (an auth mode is configured) also
 * GET /veterinary_groups/mine and the staff selection routes.
 */
export const promotionRoutes: FastifyPluginAsync<{ db: Db; accounts: boolean }> = async (
  instance,
  { db, accounts },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['promotions'];

  app.get(
    '/promotions',
    {
      schema: {
        tags,
        summary: 'Active promotions for the caller (offers page)',
        description:
          'Our addition (docs/product/catalogue-and-search.md#screens /{lang}/promotions; docs/product/catalogue-and-search.md#promotions-and-selection names no call): active specials, supplier promotions (main_quantity + promo_quantity, e.g. 10+2) and supplier discounts (percent) of the products visible to the caller, priced with its list (EUR excl. VAT), soonest end first. Supplier discounts follow the list (`_veterinary` kinds: veterinary list only); supplier promotions only for users whose supplier-promotion flag is set (never guests). `ending_this_month=true`: end date between today and the month end. 400 `bad_request` for unknown or bad parameters.',
        querystring: promotionsQuerySchema,
        response: { 200: promotionListSchema, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const viewer = promoViewerOf(request);
      // Kept by catalogue version, business day, price list, groups and the supplier-promotion
      // flag, as the search's answers (docs/decisions/promotions-visibility.md, "The list's
      // answers kept by catalogue version").
      const key = resultCacheKey(
        viewer.supplierPromotions ? 'promotions:supplier-promotions' : 'promotions',
        q,
        viewer,
        await currentCatalogVersion(db),
      );
      const json = await cachedJson(db, key, async () =>
        JSON.stringify(
          await listPromotions(db, viewer, {
            lang: q.lang,
            page: q.page,
            perPage: q.per_page,
            endingThisMonth: q.ending_this_month,
            kind: q.kind,
          }),
        ),
      );
      const list = JSON.parse(json) as PromotionList;
      // The viewer's own price terms (docs/decisions/price-terms.md), per request after the cache.
      return { ...list, items: await withViewerTerms(db, viewer, list.items, (i) => i.model_id) };
    },
  );

  app.get(
    '/selection',
    {
      schema: {
        tags,
        summary: 'The curated product selection',
        description:
          'Our addition (docs/product/catalogue-and-search.md#screens /{lang}/selection, a selection managed as content by staff): the selected products visible to the caller, in `data` by sequence, priced with its list (EUR excl. VAT), with the staff note.',
        querystring: langQuery,
        response: { 200: selectionSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      const selection = await listSelection(db, viewer, request.query.lang);
      // The viewer's own price terms (docs/decisions/price-terms.md).
      return { data: await withViewerTerms(db, viewer, selection.data, (i) => i.model_id) };
    },
  );

  if (!accounts) return;

  app.get(
    '/veterinary_groups/mine',
    {
      onRequest: guard.user,
      schema: {
        tags,
        summary: "The caller's veterinary groups with their products and conditions",
        description:
          'Our addition for docs/product/catalogue-and-search.md#screens /{lang}/vetgroup ("vet efficiency"): the signed-in user’s veterinary groups (name, color, sorted by sequence) each with one page of the products restricted to it (main variant, name order; `page` and `page_size` (1 to 50, default 10) are those of group `group`, or of every group without `group`; the others show their first 10), `product_count` giving the total, priced with the user’s list (EUR excl. VAT), with today’s volume discounts and active promotions (docs/decisions/vet-group-pages.md). A page past the last has no products. A user without groups (staff) gets `data: []`. 400 `bad_request` for a bad or unknown parameter, 401 for guests.',
        querystring: vetGroupQuerySchema,
        response: { 200: vetGroupEfficiencyListSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = promoViewerOf(request);
      const groups = await vetGroupEfficiency(db, viewer, request.query.lang, request.query);
      // The viewer's own price terms (docs/decisions/price-terms.md).
      const data = await Promise.all(
        groups.map(async (g) => ({
          ...g,
          products: await withViewerTerms(db, viewer, g.products, (i) => i.model_id),
        })),
      );
      return { data };
    },
  );

  const staffTags = ['staff'];

  app.post(
    '/staff/selection',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Staff: set the whole product selection',
        description:
          'Replaces the selection by `items` (product_id = variant id, optional note ≤ 500 characters), in that order. 404 `not_found` for an unknown product; 400 for a bad body. Answers the selection as guests see it.',
        body: selectionInputSchema,
        response: { 200: selectionSchema, ...errors },
      },
    },
    async (request) => {
      await replaceSelection(db, request.body);
      return listSelection(db, viewerOf(request), DEFAULT_LOCALE);
    },
  );

  app.post(
    '/staff/selection/items',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Staff: add a product to the selection',
        description:
          'Adds the product at the end (or at `sequence`), or updates its note/sequence when already selected (200 instead of 201). 404 `not_found` for an unknown product.',
        body: selectionItemInputSchema,
        response: { 200: selectionSchema, 201: selectionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const added = await upsertSelectionItem(db, request.body);
      return reply.code(added ? 201 : 200).send(await listSelection(db, viewerOf(request), DEFAULT_LOCALE));
    },
  );

  app.delete(
    '/staff/selection/items/:productId',
    {
      onRequest: guard.staff,
      schema: {
        tags: staffTags,
        summary: 'Staff: remove a product from the selection',
        description: '204 when removed; 404 `not_found` when the product is not in the selection.',
        params: productParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeSelectionItem(db, request.params.productId);
      return reply.code(204).send(null);
    },
  );
};

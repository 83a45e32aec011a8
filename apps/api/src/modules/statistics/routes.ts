/**
 * HTTP routes of the sale statistics (docs/product/customer-area.md#sale-statistics-calls; docs/product/customer-area.md#statistics; docs/product/constants.md#filters dashboard
 * most-ordered filter): GET sale_statistics/monthly_ordered/{year}, GET sale_statistics/top_ordered,
 * GET sale_statistics/five_years. Customer routes: 401 for guests, 403 for staff users (no
 * customer); each answers the signed-in customer's own figures only. Bad input → 400 problem+json.
 * Amounts EUR excl. VAT (2 decimals). Decisions: docs/decisions/sale-statistics.md.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  fiveYearsSchema,
  monthlyOrderedParamsSchema,
  monthlyOrderedSchema,
  topOrderedQuerySchema,
  topOrderedSchema,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { langQuery, problemReplies, requireCustomer } from '../../http/index.ts';
import { guard } from '../auth/index.ts';
import { viewerOf, withViewerTerms } from '../catalog/index.ts';
import { fiveYears, monthlyOrdered, topOrdered } from './service.ts';

const errors = problemReplies(400, 401, 403);

/** Registers the three sale statistics routes. */
export const statisticsRoutes: FastifyPluginAsync<{ db: Db }> = async (instance, { db }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['sale statistics'];

  app.get(
    '/sale_statistics/monthly_ordered/:x',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: "The customer's purchases per month of a year, per family",
        description:
          'docs/product/customer-area.md#sale-statistics-calls GET sale_statistics/monthly_ordered/{x}: `x` is a calendar year (2000-2100; anything else 400). Answers the 12 Brussels months of that year (`YYYY-MM`, January first) with meds, food, equipment and total, and the year totals — EUR excl. VAT: order line amounts of non-cancelled orders minus canceled quantities, minus credit notes (in the credit note month).',
        params: monthlyOrderedParamsSchema,
        querystring: langQuery,
        response: { 200: monthlyOrderedSchema, ...errors },
      },
    },
    async (request) => {
      const { customer } = requireCustomer(request);
      return monthlyOrdered(db, customer.id, request.params.x);
    },
  );

  app.get(
    '/sale_statistics/five_years',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: "The customer's yearly purchases over five years and the dashboard key figures",
        description:
          'docs/product/customer-area.md#sale-statistics-calls GET sale_statistics/five_years: the current Brussels year and the 4 before (oldest first) with meds, food, equipment, total (EUR excl. VAT) and the number of non-cancelled orders; `key_figures`: this and last year totals, average per month of this year (total / months begun), orders this year and the last order.',
        querystring: langQuery,
        response: { 200: fiveYearsSchema, ...errors },
      },
    },
    async (request) => {
      const { customer } = requireCustomer(request);
      return fiveYears(db, customer.id);
    },
  );

  app.get(
    '/sale_statistics/top_ordered',
    {
      onRequest: guard.customer,
      schema: {
        tags,
        summary: "The customer's most ordered products with their last-ordered info",
        description:
          'docs/product/customer-area.md#sale-statistics-calls GET sale_statistics/top_ordered with page (default 1), per_page (default 10, max 100), product_families[] (meds, food, equipment; repeatable) and supplier_discount_only (true: only products with a discount or promotion for the user’s price list today — the dashboard filter "promotions", docs/product/constants.md). Ranked by number of orders, then units, then the latest order. Only products the user may see and buy; each item carries last_ordered {date, family, count}, name and url key in `lang`, the current price (EUR excl. VAT) and stock state.',
        querystring: topOrderedQuerySchema,
        response: { 200: topOrderedSchema, ...errors },
      },
    },
    async (request) => {
      const { customer } = requireCustomer(request);
      const q = request.query;
      const families = [...new Set([...(q['product_families[]'] ?? []), ...(q.product_families ?? [])])];
      const viewer = viewerOf(request);
      const top = await topOrdered(db, customer.id, viewer, {
        lang: q.lang,
        page: q.page,
        perPage: q.per_page,
        families,
        discountOnly: q.supplier_discount_only ?? false,
      });
      // The user's own price terms, as the cart charges them (docs/decisions/price-terms.md).
      return { ...top, items: await withViewerTerms(db, viewer, top.items, (i) => i.model_id) };
    },
  );
};

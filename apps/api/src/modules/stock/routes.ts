/**
 * Staff stock routes (docs/decisions/stock-moves.md "Staff"): search the stock of variants, set or
 * adjust the free units of one, import a stock CSV. Staff role only: 401 guests, 403 others
 * (guard.staff); every POST is written to the staff audit log (modules/audit/hook.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  stockChangeResultSchema,
  stockChangeSchema,
  stockImportReportSchema,
  stockImportSchema,
  stockListSchema,
  stockQuerySchema,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { idSchema, problemReplies, requestLocale } from '../../http/index.ts';
import { auditOutcome } from '../audit/index.ts';
import { guard } from '../auth/index.ts';
import { changeStock, importStockCsv, listStock } from './admin.ts';

const variantParams = z.object({ variantId: idSchema });
const errors = problemReplies(400, 401, 403, 404);

/** Registers GET staff/stock, POST staff/stock/{variantId}, POST staff/stock/import. */
export const stockRoutes: FastifyPluginAsync<{ db: Db }> = async (instance, { db }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];

  app.get(
    '/staff/stock',
    {
      onRequest: guard.staff,
      schema: {
        tags,
        summary: 'Staff: stock of variants',
        description:
          'Variants whose SKU, EAN or CNK is q, or whose SKU, CNK or name (variant or product, any language) holds q, accents and case folded (fewer than three characters: begins with it); without q, the variants with units on backorder (at most 50, most units on backorder first): free units (qty_available), units reserved for confirmed orders (qty_reserved), units on backorder (qty_backorder) and the stock state shown to customers.',
        querystring: stockQuerySchema,
        response: { 200: stockListSchema, ...errors },
      },
    },
    async (request) => ({
      items: await listStock(db, { q: request.query.q, locale: requestLocale(request) }),
    }),
  );

  app.post(
    '/staff/stock/import',
    {
      onRequest: guard.staff,
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Staff: import a stock CSV',
        description:
          'Body {csv}: one line per variant, "code;quantity" (SKU or EAN; free units, integer ≥ 0; separators ; , tab |; an optional header row). A refused line (missing_code, unknown_code, ambiguous_code, duplicate_code, bad_quantity; empty_file) refuses the whole file: applied false and nothing changes. Else every line is set in one transaction; units added serve the oldest backorders first and are shipped (pickings).',
        body: stockImportSchema,
        response: { 200: stockImportReportSchema, ...errors },
      },
    },
    async (request) => {
      const report = await importStockCsv(db, request.body.csv);
      // A refused file answers 200 with its report: the audit log says it was refused.
      if (!report.applied) auditOutcome(request, { applied: false, refused_lines: report.refused.length });
      return report;
    },
  );

  app.post(
    '/staff/stock/:variantId',
    {
      onRequest: guard.staff,
      schema: {
        tags,
        summary: 'Staff: set or adjust the stock of a variant',
        description:
          'Body {mode: set | adjust, qty}: set the free units to qty, or add the signed qty to them. 400 `stock_negative` (or `stock_too_large`) on field qty; 404 unknown variant. Units added serve the oldest backorders first and are shipped (pickings). Answers the row after the change.',
        params: variantParams,
        body: stockChangeSchema,
        response: { 200: stockChangeResultSchema, ...errors },
      },
    },
    async (request) => changeStock(db, request.params.variantId, request.body),
  );
};

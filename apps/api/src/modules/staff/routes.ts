/**
 * Staff back office core routes (docs/product/back-office.md#staff-back-office; docs/product/accounts.md#roles-and-permissions: staff role only): the home
 * counts, the order list and order detail of staff, and the catalogue import trigger. The order
 * operations (state, pickings, invoices, credit notes) live in modules/sales/routes.ts, the
 * application and address-request reviews in modules/registrations and modules/addresses.
 * Every route answers 401 to guests and 403 to non-staff users (guard.staff).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  catalogImportReportSchema,
  catalogImportStatusSchema,
  staffSaleDetailSchema,
  staffSalesListSchema,
  staffSalesQuerySchema,
  staffSummarySchema,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { idParams, problemReplies, requestLocale } from '../../http/index.ts';
import { guard } from '../auth/index.ts';
import { getSaleDetail, hasUninvoicedDelivery } from '../sales/index.ts';
import { CatalogImporter, type CatalogImportOptions } from './import.ts';
import { listStaffSales, saleCustomer, staffSummary } from './service.ts';

const errors = problemReplies(400, 401, 403, 404, 409, 500);

/** Registers GET staff/summary, GET staff/sales, GET staff/sales/{id}, GET and POST staff/catalog/import. */
export const staffRoutes: FastifyPluginAsync<{ db: Db; catalogImport?: CatalogImportOptions }> = async (
  instance,
  { db, catalogImport },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];
  const importer = new CatalogImporter(db, catalogImport);

  app.get(
    '/staff/summary',
    {
      onRequest: guard.staff,
      schema: {
        tags,
        summary: 'Staff home counts',
        description:
          'Work waiting per queue: pending small ads, pending applications, pending invoicing-address change requests, new leads and orders to process (pending or processing). Five count queries.',
        response: { 200: staffSummarySchema, ...errors },
      },
    },
    async () => staffSummary(db),
  );

  app.get(
    '/staff/sales',
    {
      onRequest: guard.staff,
      schema: {
        tags,
        summary: 'Orders of every customer (staff)',
        description:
          '`state`: an order state, `open` (default: pending or processing, oldest first) or `all` (newest first); `q`: contained in the order number, customer number or customer name (case-insensitive); `page` from 1, `per_page` (default 20, max 100). Answers `{count, items}` with the total incl. VAT in EUR.',
        querystring: staffSalesQuerySchema,
        response: { 200: staffSalesListSchema, ...errors },
      },
    },
    async (request) => listStaffSales(db, request.query),
  );

  app.get(
    '/staff/sales/:id',
    {
      onRequest: guard.staff,
      schema: {
        tags,
        summary: 'One order with lines, deliveries and invoices (staff)',
        description:
          'The order as GET sales/{id} shows it to its customer, plus `customer_id`, `customer_name` and `can_invoice` (delivered units wait for an invoice: POST staff/sales/{id}/invoices would succeed). 404 for an unknown order.',
        params: idParams,
        response: { 200: staffSaleDetailSchema, ...errors },
      },
    },
    async (request) => {
      const [detail, customer, canInvoice] = await Promise.all([
        getSaleDetail(db, request.params.id, null, { locale: requestLocale(request) }),
        saleCustomer(db, request.params.id),
        hasUninvoicedDelivery(db, request.params.id),
      ]);
      if (!detail || !customer) throw notFound(`Order ${request.params.id} not found.`);
      return { ...detail, customer_id: customer.id, customer_name: customer.name, can_invoice: canInvoice };
    },
  );

  app.get(
    '/staff/catalog/import',
    {
      onRequest: guard.staff,
      schema: {
        tags,
        summary: 'Catalogue import status (staff)',
        description:
          '`running` (an import of this api process is under way), the last report of this process with its finish time, and the last 10 stored runs (import_runs: one per import that changed the catalogue), newest first.',
        response: { 200: catalogImportStatusSchema, ...errors },
      },
    },
    async () => importer.status(),
  );

  app.post(
    '/staff/catalog/import',
    {
      onRequest: guard.staff,
      schema: {
        tags,
        summary: 'Run the catalogue import (staff)',
        description:
          'Runs the catalogue importer on the data/catalogue files (UK VMD, ANMV, EMA) and answers its report: changed (false when the files are unchanged: nothing written), counts per source, totals, skipped rows (first 50 and their count), duration in ms. One import at a time: 409 `import_running` while one runs. 500 `import_failed` naming the cause when a file cannot be imported (nothing is written: one transaction).',
        response: { 200: catalogImportReportSchema, ...errors },
      },
    },
    async () => importer.run(),
  );
};

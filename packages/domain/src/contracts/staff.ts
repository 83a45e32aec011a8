/**
 * Zod contracts of the staff back office core (docs/product/back-office.md#staff-back-office; docs/product/accounts.md#roles-and-permissions roles: staff
 * only): the home counts, the order list of staff, the catalogue import trigger and the audit log
 * (who, what, when). Dates are ISO 8601; money EUR incl. VAT where named `amount_total`.
 */
import { z } from 'zod';
import { orderStateSchema, saleDetailSchema } from './sales.ts';

/** Default and maximum page sizes of the staff lists. */
export const STAFF_DEFAULT_PER_PAGE = 20;
export const STAFF_MAX_PER_PAGE = 100;

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const perPage = z.coerce.number().int().min(1).max(STAFF_MAX_PER_PAGE).default(STAFF_DEFAULT_PER_PAGE);

/** GET staff/summary: how much work waits in each queue (cheap count queries). */
export const staffSummarySchema = z.object({
  /** Small ads in state pending (moderation queue). */
  pending_classified_ads: z.number().int(),
  /** Applications for an account in state pending. */
  pending_registrations: z.number().int(),
  /** Invoicing-address change requests in state pending. */
  pending_address_requests: z.number().int(),
  /** Leads (contact requests) in state new. */
  new_leads: z.number().int(),
  /** Orders in state pending or processing. */
  orders_to_process: z.number().int(),
});
export type StaffSummary = z.infer<typeof staffSummarySchema>;

/** Filter values of the staff order list: an order state, `open` (pending + processing) or `all`. */
export const STAFF_SALE_FILTERS = [
  'open',
  'all',
  'pending',
  'processing',
  'delivery_partial',
  'delivery_full',
  'cancel',
] as const;
export type StaffSaleFilter = (typeof STAFF_SALE_FILTERS)[number];

/** Query of GET staff/sales. `q` matches the order number or the customer's number or name (contains, case-insensitive). */
export const staffSalesQuerySchema = z.strictObject({
  state: z.enum(STAFF_SALE_FILTERS).default('open'),
  q: z.string().trim().max(100).optional(),
  page,
  per_page: perPage,
});
export type StaffSalesQuery = z.infer<typeof staffSalesQuerySchema>;

/** One order of the staff list. */
export const staffSaleRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.string(),
  date_order: z.string(),
  sale_channel: z.string(),
  customer_id: z.number().int(),
  customer_number: z.string(),
  customer_name: z.string(),
  /** EUR incl. VAT. */
  amount_total: z.number(),
});
export type StaffSaleRow = z.infer<typeof staffSaleRowSchema>;

/** GET staff/sales → `{count, items}`, oldest open work first (date_order ascending for open states, newest first otherwise). */
export const staffSalesListSchema = z.object({
  count: z.number().int(),
  items: z.array(staffSaleRowSchema),
});
export type StaffSalesList = z.infer<typeof staffSalesListSchema>;

/** GET staff/sales/{id}: the order as the customer sees it plus its customer. */
export const staffSaleDetailSchema = saleDetailSchema.extend({
  customer_id: z.number().int(),
  customer_name: z.string(),
  /** Delivered units wait for an invoice (else POST staff/sales/{id}/invoices answers 409 nothing_to_invoice). */
  can_invoice: z.boolean(),
});
export type StaffSaleDetail = z.infer<typeof staffSaleDetailSchema>;

/** Re-export for the screens: the states an order may be moved to by staff. */
export const staffStateInputSchema = z.strictObject({ state: orderStateSchema });

/** Counts per source of one import (read, imported, merged, skipped rows). */
export const importSourceCountsSchema = z.object({
  read: z.number().int(),
  imported: z.number().int(),
  merged: z.number().int(),
  skipped: z.number().int(),
});

/** The report of one catalogue import (POST staff/catalog/import, GET staff/catalog/import). */
export const catalogImportReportSchema = z.object({
  /** False when the sources were unchanged (same checksum): nothing written. */
  changed: z.boolean(),
  checksum: z.string(),
  /** Duration in milliseconds. */
  duration_ms: z.number(),
  sources: z.record(z.string(), importSourceCountsSchema),
  /** Totals in the database after the import (products, variants, categories...). */
  totals: z.record(z.string(), z.number()),
  withdrawn: z.number().int(),
  /** Rows skipped with their reason (the first 50). */
  bad_rows: z.array(z.object({ file: z.string(), line: z.number().int(), reason: z.string() })),
  bad_row_count: z.number().int(),
});
export type CatalogImportReport = z.infer<typeof catalogImportReportSchema>;

/** One stored import run (import_runs: written when the catalogue changed). */
export const catalogImportRunSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  checksum: z.string(),
  /** Products in the database after the run (null when the stored report lacks it). */
  products: z.number().int().nullable(),
  duration_ms: z.number().nullable(),
});

/** GET staff/catalog/import: is an import running, the last report of this api process and the last stored runs. */
export const catalogImportStatusSchema = z.object({
  running: z.boolean(),
  last_report: catalogImportReportSchema.nullable(),
  last_finished_at: z.string().nullable(),
  runs: z.array(catalogImportRunSchema),
});
export type CatalogImportStatus = z.infer<typeof catalogImportStatusSchema>;

/** Query of GET staff/audit_log: user id or login contains, action contains, date range (ISO dates, inclusive). */
export const auditLogQuerySchema = z.strictObject({
  user: z.string().trim().max(100).optional(),
  action: z.string().trim().max(200).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  page,
  per_page: perPage,
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

/** One audit row: who (user id and login), what (action = METHOD + route pattern, target), when and the HTTP status. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  user_login: z.string(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  status: z.number().int(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET staff/audit_log → `{count, items}`, newest first. */
export const auditLogListSchema = z.object({
  count: z.number().int(),
  items: z.array(auditEntrySchema),
});
export type AuditLogList = z.infer<typeof auditLogListSchema>;

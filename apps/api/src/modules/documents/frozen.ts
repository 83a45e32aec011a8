/**
 * Frozen documents (docs/decisions/documents.md "Frozen documents"): a PDF is rendered once, in the
 * customer's language, and its bytes and sha-256 are stored in `document_files`; every later
 * download returns exactly those bytes, whoever downloads and whatever their interface language.
 *
 * - Invoices and credit notes: `freezeInvoice` inside the issuing transaction (sales/invoicing.ts
 *   createInvoice / insertCreditNote), so an issued invoice always has its file.
 * - Delivery notes: `freezeDeliveryNote` inside the picking transaction (sales/pickings.ts addPicking).
 * - Order confirmations: at the first download (placing an order must stay fast; everything the
 *   confirmation shows is a snapshot taken at confirm time, so the bytes are those of the issue).
 * - Rows issued before this change (seeded history) are rendered and stored at their first
 *   download, the same way.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { customers, documentFiles } from '../../db/schema.ts';
import { renderPdf } from './pdf.ts';
import {
  addDays,
  deliveryNoteModel,
  invoiceModel,
  orderConfirmationModel,
  type OwnedModel,
} from './service.ts';

/** What is frozen: `invoice` covers invoices and credit notes (one invoices row each). */
export type FrozenKind = 'order_confirmation' | 'delivery_note' | 'invoice';

/** A stored document: its number (file name), language, bytes and sha-256 (hex). */
export interface FrozenDocument {
  number: string;
  locale: string;
  pdf: Buffer;
  sha256: string;
}

const MODELS: Record<
  FrozenKind,
  (conn: DbOrTx, id: number, customerId: number | null) => Promise<OwnedModel | null>
> = {
  order_confirmation: orderConfirmationModel,
  delivery_note: deliveryNoteModel,
  invoice: invoiceModel,
};

/** Hex sha-256 of bytes. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

async function stored(conn: DbOrTx, kind: FrozenKind, sourceId: number, customerId: number | null) {
  const [row] = await conn
    .select()
    .from(documentFiles)
    .where(
      customerId === null
        ? and(eq(documentFiles.kind, kind), eq(documentFiles.sourceId, sourceId))
        : and(
            eq(documentFiles.kind, kind),
            eq(documentFiles.sourceId, sourceId),
            eq(documentFiles.customerId, customerId),
          ),
    );
  return row
    ? { number: row.number, locale: row.locale, pdf: Buffer.from(row.pdf), sha256: row.sha256 }
    : null;
}

/**
 * The stored document (kind, sourceId), rendering and storing it first when absent. `customerId`
 * scopes the lookup (null: no customer check, for the issuing transactions). Null when the source does
 * not exist or belongs to another customer. A concurrent first download keeps one file (the
 * primary key; the loser reads the winner's bytes, identical since rendering is deterministic).
 */
export async function frozenDocument(
  conn: DbOrTx,
  kind: FrozenKind,
  sourceId: number,
  customerId: number | null,
): Promise<FrozenDocument | null> {
  const existing = await stored(conn, kind, sourceId, customerId);
  if (existing) return existing;
  const owned = await MODELS[kind](conn, sourceId, customerId);
  if (!owned) return null;
  const pdf = await renderPdf(owned.model);
  await conn
    .insert(documentFiles)
    .values({
      kind,
      sourceId,
      customerId: owned.customerId,
      number: owned.model.number,
      locale: owned.model.locale,
      pdf,
      sha256: sha256Hex(pdf),
    })
    .onConflictDoNothing();
  return stored(conn, kind, sourceId, customerId);
}

/**
 * Renders and stores an invoice or credit note in the issuing transaction (call it right after the
 * invoices row is inserted). Errors: throws when the row has no order (never for staff invoices).
 */
export async function freezeInvoice(tx: Tx, invoiceId: number): Promise<FrozenDocument> {
  const doc = await frozenDocument(tx, 'invoice', invoiceId, null);
  if (!doc) throw new Error(`invoice ${invoiceId} cannot be rendered`);
  return doc;
}

/** Renders and stores a delivery note in the picking transaction (right after the pickings row). */
export async function freezeDeliveryNote(tx: Tx, pickingId: number): Promise<FrozenDocument> {
  const doc = await frozenDocument(tx, 'delivery_note', pickingId, null);
  if (!doc) throw new Error(`picking ${pickingId} cannot be rendered`);
  return doc;
}

/**
 * Due date of an invoice issued on `date` (yyyy-mm-dd) for a customer: the date plus the
 * customer's payment terms (customers.payment_terms_days, days net, default 30), yyyy-mm-dd.
 */
export async function dueDateFor(conn: DbOrTx, customerId: number, date: string): Promise<string> {
  const [row] = await conn
    .select({ days: customers.paymentTermsDays })
    .from(customers)
    .where(eq(customers.id, customerId));
  return addDays(date, row?.days ?? 30);
}

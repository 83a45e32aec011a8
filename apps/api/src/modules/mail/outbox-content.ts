/**
 * Content of each outbox mail kind (docs/decisions/mail-outbox.md), built at SEND time from the
 * committed rows the outbox payload names (sale, picking, invoice, backorder cancellation,
 * application, small ad), in the locale stored on the row, then laid out by outbox-render.ts.
 * Invoice and credit-note mails attach the PDF that GET invoice/{id}/download serves (the frozen
 * document of modules/documents/frozen.ts, the same bytes).
 */
import { asc, eq, sql } from 'drizzle-orm';
import { saleLines } from '../../db/schema.ts';
import { saleAddressLines, saleTotals } from '../sales/index.ts';
import { deliveryCarrierName, orderCarrierName } from '../carts/index.ts';
import { staffRecipients } from '../leads/index.ts';
import { frozenDocument, safeFilename, saleLineNames, LABELS as PDF_LABELS } from '../documents/index.ts';
import { hashToken, newToken, VALIDATE_EMAIL_TTL_MS } from '../auth/index.ts';
import type { Db } from '../../db/client.ts';
import type { MailAttachment, MailMessage } from './mailer.ts';
import { mailLocale } from './templates.ts';
import { COMMON, KINDS } from './outbox-texts.ts';
import { formatDay, formatEuro, renderContent, type MailContent } from './outbox-render.ts';
import type { OutboxJobDeps, OutboxRow } from './outbox.ts';
import { formatPercent, orderExpectedDeliveryKind } from '@vetshop/domain';

/**
 * A mail that can never be sent (its order or recipient is gone): the row is marked `failed` at
 * once instead of being retried.
 */
export class PermanentMailError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentMailError';
  }
}

type Locale = ReturnType<typeof mailLocale>;

type SaleData = {
  id: number;
  name: string;
  customer_id: number;
  customer_name: string;
  customer_number: string;
  date_order: string;
  client_order_ref: string | null;
  delivery_address: Record<string, unknown> | null;
  invoicing_address: Record<string, unknown> | null;
  amount_untaxed_cents: number;
  amount_tax_cents: number;
  amount_total_cents: number;
  carrier_id: number | null;
  carrier_name: string | null;
  expected_delivery_date: string | null;
  given_name: string | null;
  user_name: string | null;
};

/** A payload id, or PermanentMailError. */
function idOf(row: OutboxRow, key: string): number {
  const v = Number(row.payload[key]);
  if (!Number.isInteger(v) || v <= 0) throw new PermanentMailError(`outbox row ${row.id}: no ${key}`);
  return v;
}

async function loadSale(db: Db, saleId: number): Promise<SaleData> {
  const r = await db.execute<SaleData>(sql`
    SELECT s.id, s.name, s.customer_id, c.name AS customer_name, c.number AS customer_number,
           s.date_order::text AS date_order, s.client_order_ref, s.delivery_address, s.invoicing_address,
           s.amount_untaxed_cents, s.amount_tax_cents, s.amount_total_cents, s.carrier_id, s.carrier_name,
           s.expected_delivery_date::text AS expected_delivery_date, u.given_name, u.name AS user_name
    FROM sales s JOIN customers c ON c.id = s.customer_id LEFT JOIN users u ON u.id = s.user_id
    WHERE s.id = ${saleId}`);
  const s = r.rows[0];
  if (!s) throw new PermanentMailError(`sale ${saleId} not found`);
  return s;
}

/** The greeting name of the row's user (given name, else full name; empty when unknown). */
async function greetingName(db: Db, userId: number | null): Promise<string> {
  if (userId === null) return '';
  const r = await db.execute<{ given_name: string; name: string }>(
    sql`SELECT given_name, name FROM users WHERE id = ${userId}`,
  );
  const u = r.rows[0];
  return (u?.given_name || u?.name || '').trim();
}

/** The carrier the order was placed with, in `locale` (carts/carrier-text.ts `orderCarrierName`). */
function saleCarrier(db: Db, sale: SaleData, locale: Locale): Promise<string | null> {
  return orderCarrierName(
    db,
    { carrierId: sale.carrier_id === null ? null : Number(sale.carrier_id), carrierName: sale.carrier_name },
    locale,
  );
}

/**
 * Lines, totals and addresses of an order (confirmation and staff copy): product lines (named as
 * the PDFs name them, in `locale`: documents' `saleLineNames`), the
 * accountant's totals of the order (`saleTotals`: goods, discounts, handling fee listed once,
 * total excl. VAT, VAT per rate, total incl. VAT), carrier and expected delivery date (that of the
 * units in stock; "to be confirmed" when every unit is on backorder).
 */
async function orderBlocks(db: Db, sale: SaleData, locale: Locale): Promise<Partial<MailContent>> {
  const t = COMMON[locale];
  const lines = await db
    .select()
    .from(saleLines)
    .where(eq(saleLines.saleId, sale.id))
    .orderBy(asc(saleLines.isDelivery), asc(saleLines.id));
  const facts = [
    { label: t.orderNumber, value: sale.name },
    { label: t.orderDate, value: formatDay(new Date(sale.date_order), locale) },
  ];
  if (sale.client_order_ref?.trim())
    facts.push({ label: t.customerRef, value: sale.client_order_ref.trim() });
  const carrier = await saleCarrier(db, sale, locale);
  if (carrier) facts.push({ label: t.carrier, value: carrier });
  if (sale.expected_delivery_date) {
    // The carrier's date is that of the units in stock (docs/decisions/expected-delivery-and-backorders.md).
    const kind = orderExpectedDeliveryKind(
      lines.map((l) => ({
        qty: l.qty,
        qty_delivered: l.qtyDelivered,
        qty_canceled: l.qtyCanceled,
        qty_unavailable: l.qtyUnavailable,
        is_delivery: l.isDelivery,
        is_free: l.isFree,
      })),
    );
    const date = formatDay(new Date(`${sale.expected_delivery_date}T12:00:00Z`), locale);
    facts.push(
      kind === 'backorder'
        ? { label: t.deliveryDate, value: t.toBeConfirmed }
        : { label: kind === 'inStock' ? t.expectedDateInStock : t.expectedDate, value: date },
    );
  }
  const delivery = saleAddressLines(sale.delivery_address, locale);
  const sums = saleTotals(lines);
  const names = await saleLineNames(db, sale.id, locale);
  const euro = (cents: number) => formatEuro(cents, locale);
  return {
    facts,
    lines: lines
      .filter((l) => !l.isDelivery)
      // Free units of a supplier promotion say so (docs/decisions/supplier-promotions.md).
      .map((l) => ({
        name: `${names.get(l.id) ?? l.name}${l.isFree ? ` (${PDF_LABELS[locale].free})` : ''}`,
        qty: String(l.qty),
        amount: euro(l.amountCents),
      })),
    totals: [
      { label: t.goods, value: euro(sums.goodsNetCents) },
      ...(sums.discountCents > 0 ? [{ label: t.discount, value: euro(-sums.discountCents) }] : []),
      ...(sums.handlingFeeCents > 0 ? [{ label: t.handlingFee, value: euro(sums.handlingFeeCents) }] : []),
      { label: t.untaxed, value: euro(sums.untaxedCents) },
      ...sums.vat.map((r) => ({
        label: t.vatRow(formatPercent(r.rateBp / 100, locale), euro(r.baseCents)),
        value: euro(r.taxCents),
      })),
      { label: t.total, value: euro(sums.totalCents) },
    ],
    addresses: delivery.length ? [{ title: t.deliveryAddress, lines: delivery }] : [],
  };
}

/** The PDF of an invoice or credit note, as GET invoice/{id}/download serves it. */
async function invoiceAttachment(db: Db, invoiceId: number, customerId: number): Promise<MailAttachment> {
  const doc = await frozenDocument(db, 'invoice', invoiceId, customerId);
  if (!doc) throw new PermanentMailError(`invoice ${invoiceId} not found`);
  return { filename: safeFilename(doc.number, 'pdf'), content: doc.pdf, contentType: 'application/pdf' };
}

/** The content (and attachments) of row `row` in `locale`. */
async function contentOf(
  db: Db,
  row: OutboxRow,
  locale: Locale,
  deps: OutboxJobDeps,
): Promise<{ content: MailContent; attachments?: MailAttachment[] }> {
  const t = COMMON[locale];
  const k = KINDS[locale];
  const site = deps.siteUrl.replace(/\/+$/, '');
  switch (row.kind) {
    case 'order_confirmation': {
      const sale = await loadSale(db, idOf(row, 'saleId'));
      return {
        content: {
          locale,
          subject: k.orderConfirmation.subject(sale.name),
          greetingName: await greetingName(db, row.user_id),
          paragraphs: [k.orderConfirmation.intro],
          ...(await orderBlocks(db, sale, locale)),
          action: { label: t.viewOrder, url: `${site}/${locale}/account/sales/${sale.id}` },
          // No invitation to reply to a no-reply sender (docs/decisions/mail-outbox.md "Replies").
          after: [
            `${k.orderConfirmation.outro} ${
              deps.mailer.replyTo
                ? k.orderConfirmation.askReply
                : k.orderConfirmation.askContact(`${site}/${locale}/contact`)
            }`,
          ],
        },
      };
    }
    case 'staff_new_order': {
      const sale = await loadSale(db, idOf(row, 'saleId'));
      const blocks = await orderBlocks(db, sale, locale);
      return {
        content: {
          locale,
          subject: k.staffNewOrder.subject(sale.name, sale.customer_name),
          greetingName: null,
          paragraphs: [k.staffNewOrder.intro],
          ...blocks,
          facts: [
            { label: t.customer, value: `${sale.customer_number} — ${sale.customer_name}` },
            ...(blocks.facts ?? []),
          ],
          action: { label: k.staffNewOrder.open, url: `${site}/${locale}/staff/orders/${sale.id}` },
        },
      };
    }
    case 'shipment': {
      const sale = await loadSale(db, idOf(row, 'saleId'));
      const r = await db.execute<{
        name: string;
        tracking_ref: string | null;
        carrier_name: string | null;
        lines: Record<string, number>;
      }>(
        sql`SELECT name, tracking_ref, carrier_name, lines FROM pickings WHERE id = ${idOf(row, 'pickingId')}`,
      );
      const picking = r.rows[0];
      if (!picking) throw new PermanentMailError(`picking ${String(row.payload.pickingId)} not found`);
      const names = await saleLineNames(db, sale.id, locale);
      const carrier = deliveryCarrierName(
        picking.carrier_name,
        sale.carrier_name,
        await saleCarrier(db, sale, locale),
      );
      const s = k.shipment;
      return {
        content: {
          locale,
          subject: s.subject(sale.name),
          greetingName: await greetingName(db, row.user_id),
          paragraphs: [s.intro(sale.name)],
          facts: [
            { label: s.picking, value: picking.name },
            { label: s.carrier, value: carrier ?? '—' },
            { label: s.tracking, value: picking.tracking_ref?.trim() || s.noTracking },
          ],
          lines: [...names]
            .filter(([id]) => (picking.lines[String(id)] ?? 0) > 0)
            .map(([id, name]) => ({ name, qty: String(picking.lines[String(id)]), amount: '' })),
          addresses: [{ title: t.deliveryAddress, lines: saleAddressLines(sale.delivery_address, locale) }],
          action: { label: t.viewOrder, url: `${site}/${locale}/account/sales/${sale.id}` },
        },
      };
    }
    case 'invoice_issued':
    case 'credit_note': {
      const invoiceId = idOf(row, 'invoiceId');
      const r = await db.execute<{
        name: string;
        date: string;
        customer_id: number;
        amount_untaxed_cents: number;
        amount_tax_cents: number;
        amount_total_cents: number;
      }>(sql`
        SELECT name, date::text AS date, customer_id, amount_untaxed_cents, amount_tax_cents, amount_total_cents
        FROM invoices WHERE id = ${invoiceId}`);
      const inv = r.rows[0];
      if (!inv) throw new PermanentMailError(`invoice ${invoiceId} not found`);
      const sale = await loadSale(db, idOf(row, 'saleId'));
      const texts = row.kind === 'invoice_issued' ? k.invoice : { ...k.invoice, ...k.creditNote };
      return {
        content: {
          locale,
          subject: texts.subject(inv.name),
          greetingName: await greetingName(db, row.user_id),
          paragraphs: [texts.intro, texts.attached],
          facts: [
            { label: k.invoice.number, value: inv.name },
            { label: k.invoice.date, value: formatDay(inv.date, locale) },
            { label: t.orderNumber, value: sale.name },
            ...(sale.client_order_ref?.trim()
              ? [{ label: t.customerRef, value: sale.client_order_ref.trim() }]
              : []),
          ],
          totals: [
            { label: t.untaxed, value: formatEuro(Number(inv.amount_untaxed_cents), locale) },
            { label: t.tax, value: formatEuro(Number(inv.amount_tax_cents), locale) },
            { label: t.total, value: formatEuro(Number(inv.amount_total_cents), locale) },
          ],
        },
        attachments: [await invoiceAttachment(db, invoiceId, Number(inv.customer_id))],
      };
    }
    case 'backorder_cancelled': {
      const r = await db.execute<{
        qty: number;
        line_id: number;
        line_name: string;
        remaining: number;
        sale_id: number;
        credit_note: string | null;
      }>(sql`
        SELECT bc.qty, l.id AS line_id, l.name AS line_name, greatest(l.qty - l.qty_delivered - l.qty_canceled, 0) AS remaining,
               l.sale_id, i.name AS credit_note
        FROM backorder_cancellations bc
        JOIN sale_lines l ON l.id = bc.sale_line_id
        LEFT JOIN invoices i ON i.id = bc.credit_note_id
        WHERE bc.id = ${idOf(row, 'cancellationId')}`);
      const c = r.rows[0];
      if (!c)
        throw new PermanentMailError(
          `backorder cancellation ${String(row.payload.cancellationId)} not found`,
        );
      const sale = await loadSale(db, Number(c.sale_id));
      // Named as the order's documents name it, in the mail's language.
      const product = (await saleLineNames(db, sale.id, locale)).get(Number(c.line_id)) ?? c.line_name;
      const b = k.backorderCancelled;
      return {
        content: {
          locale,
          subject: b.subject(sale.name),
          greetingName: await greetingName(db, row.user_id),
          paragraphs: [b.intro(product, Number(c.qty)), ...(c.credit_note ? [b.credit(c.credit_note)] : [])],
          facts: [
            { label: t.orderNumber, value: sale.name },
            { label: t.product, value: product },
            { label: b.remaining, value: String(c.remaining) },
          ],
          action: { label: t.viewOrder, url: `${site}/${locale}/account/sales/${sale.id}` },
        },
      };
    }
    case 'registration_approved': {
      const userId = idOf(row, 'userId');
      // The one-time email-validation link (as auth/mails.ts): issued now, 7 days.
      const token = newToken();
      await db.execute(sql`
        INSERT INTO user_tokens (id, user_id, purpose, expires_at)
        VALUES (${hashToken(token)}, ${userId}, 'validate_email', ${new Date(Date.now() + VALIDATE_EMAIL_TTL_MS).toISOString()}::timestamptz)`);
      const a = k.registrationApproved;
      return {
        content: {
          locale,
          subject: a.subject,
          greetingName: await greetingName(db, userId),
          paragraphs: a.body,
          action: {
            label: a.action,
            url: `${site}/${locale}/account/validate-email?token=${encodeURIComponent(token)}`,
          },
          after: [a.after],
        },
      };
    }
    case 'registration_refused': {
      const r = await db.execute<{ payload: Record<string, unknown> }>(
        sql`SELECT payload FROM registrations WHERE id = ${idOf(row, 'registrationId')}`,
      );
      const first = r.rows[0]?.payload.first_name;
      return {
        content: {
          locale,
          subject: k.registrationRefused.subject,
          greetingName: typeof first === 'string' ? first : '',
          paragraphs: k.registrationRefused.body,
        },
      };
    }
    case 'registration_account_exists': {
      const userId = idOf(row, 'userId');
      const a = k.registrationAccountExists;
      return {
        content: {
          locale,
          subject: a.subject,
          greetingName: await greetingName(db, userId),
          paragraphs: a.body,
          action: { label: a.action, url: `${site}/${locale}/account/login` },
          after: [a.after],
        },
      };
    }
    case 'registration_already_pending': {
      const r = await db.execute<{ payload: Record<string, unknown> }>(
        sql`SELECT payload FROM registrations WHERE id = ${idOf(row, 'registrationId')}`,
      );
      const first = r.rows[0]?.payload.first_name;
      const a = k.registrationAlreadyPending;
      return {
        content: {
          locale,
          subject: a.subject,
          greetingName: typeof first === 'string' ? first : '',
          paragraphs: a.body,
          after: [a.after],
        },
      };
    }
    case 'staff_new_registration': {
      const r = await db.execute<{ company_name: string; email: string; function: string }>(
        sql`SELECT company_name, email, function FROM registrations WHERE id = ${idOf(row, 'registrationId')}`,
      );
      const reg = r.rows[0];
      if (!reg) throw new PermanentMailError(`registration ${String(row.payload.registrationId)} not found`);
      const s = k.staffNewRegistration;
      return {
        content: {
          locale,
          subject: s.subject(reg.company_name),
          greetingName: null,
          paragraphs: [s.intro],
          facts: [
            { label: s.company, value: reg.company_name },
            { label: s.email, value: reg.email },
            { label: s.fn, value: reg.function },
          ],
          action: { label: s.open, url: `${site}/${locale}/staff/registrations` },
        },
      };
    }
    case 'ad_published':
    case 'ad_refused': {
      const r = await db.execute<{ id: number; name: string; rejection_reason: string | null }>(
        sql`SELECT id, name, rejection_reason FROM classified_ads WHERE id = ${idOf(row, 'adId')}`,
      );
      const ad = r.rows[0];
      if (!ad) throw new PermanentMailError(`small ad ${String(row.payload.adId)} not found`);
      const link = `${site}/${locale}/account/smallads/${ad.id}`;
      if (row.kind === 'ad_published')
        return {
          content: {
            locale,
            subject: k.adPublished.subject(ad.name),
            greetingName: await greetingName(db, row.user_id),
            paragraphs: [k.adPublished.intro(ad.name)],
            action: { label: k.adPublished.view, url: link },
          },
        };
      return {
        content: {
          locale,
          subject: k.adRefused.subject(ad.name),
          greetingName: await greetingName(db, row.user_id),
          paragraphs: [k.adRefused.intro(ad.name)],
          facts: ad.rejection_reason?.trim()
            ? [{ label: k.adRefused.reason, value: ad.rejection_reason.trim() }]
            : [],
        },
      };
    }
  }
}

/**
 * The message of outbox row `row`: its recipient (the stored address, or the staff addresses
 * for staff mails: MAIL_STAFF_TO, else the active staff users), rendered content and attachments.
 * Errors: PermanentMailError when what it names is gone or no staff address exists; any other
 * error is temporary (retried).
 */
export async function buildOutboxMail(db: Db, row: OutboxRow, deps: OutboxJobDeps): Promise<MailMessage> {
  let to = row.to_address ?? '';
  let locale = mailLocale(row.locale);
  if (row.audience === 'staff') {
    const recipients = await staffRecipients(db, { staffTo: deps.staffTo });
    if (recipients.length === 0) throw new PermanentMailError('no staff address (MAIL_STAFF_TO)');
    to = recipients.map((r) => r.to).join(', ');
    if (recipients.length === 1) locale = recipients[0]!.locale;
  }
  if (!to) throw new PermanentMailError('no recipient');
  const { content, attachments } = await contentOf(db, row, locale, deps);
  const rendered = await renderContent(content);
  return { to, ...rendered, ...(attachments ? { attachments } : {}) };
}

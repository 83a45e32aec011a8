/**
 * PDF rendering of the order documents (docs/product/orders-and-documents.md#documents: order confirmation, delivery note,
 * invoice, credit note) with pdfkit, in the customer's language (fr, nl, en); the content is
 * described in docs/decisions/documents.md.
 *
 * Every document carries the seller's identity (legal name, registered office, enterprise number
 * and register, VAT number, IBAN and BIC: config.ts `sellerIdentity`), the customer (number, name,
 * VAT number, addresses), the lines (reference, product name and pack size, quantity, unit price
 * excl. VAT, discount, VAT rate, amount excl. VAT) and, except delivery notes, the totals of
 * packages/domain totals.ts (goods subtotal, discounts, handling fee, delivery, total excl. VAT,
 * VAT base and tax per rate, total incl. VAT). Invoices add the due date, the payment terms, the
 * bank account with the structured communication and the late-payment terms; credit notes name
 * the invoice they correct. Fees are never table lines: they appear once, in the totals.
 *
 * Deterministic: the same model gives the same bytes (creation date and file id come from the
 * document's own date). Standard Helvetica (WinAnsi covers the accents of the three languages
 * and €; Intl's narrow no-break space is printed as a no-break space).
 */
import PDFDocument from 'pdfkit';
import type { DocumentTotals, Locale } from '@vetshop/domain';
import {
  formatDate as shopDate,
  formatMoneyCents,
  formatPercent as shopPercent,
  labelColon,
} from '@vetshop/domain';
import type { SellerIdentity } from '../../config.ts';

export type PdfKind = 'order_confirmation' | 'delivery_note' | 'invoice' | 'credit_note';

/** One goods row of the document's table. Money in cents (EUR excl. VAT). */
export interface PdfLine {
  sku: string;
  /** Product name and pack size ("Bravecto 500 mg — 1 tablet"). */
  name: string;
  qty: number;
  /** Delivery notes: units ordered on the order line. */
  qtyOrdered?: number;
  priceUnitCents?: number;
  /** Discount rate in basis points. */
  discountBp?: number;
  amountCents?: number;
  taxRateBp?: number;
  /** Free units of a supplier promotion (docs/decisions/supplier-promotions.md): marked "free". */
  free?: boolean;
}

/** Invoice and credit-note fields (Belgian VAT Code art. 53 / Royal Decree 1 art. 5). */
export interface PdfInvoiceInfo {
  /** yyyy-mm-dd; null on credit notes. */
  dueDate: string | null;
  /** Days net from the invoice date. */
  paymentTermsDays: number;
  /** Structured communication "+++ddd/dddd/ddddd+++" of the payment (invoices). */
  communication: string | null;
  /** Credit notes: the invoice corrected. */
  credited: { number: string; date: string } | null;
  /** The customer is VAT-registered in another EU state and no VAT is charged (intra-Community supply). */
  intraEu: boolean;
  /** The order was paid by card at checkout. */
  paidByCard: boolean;
}

/** Everything a document shows. Dates are yyyy-mm-dd or ISO timestamps. */
export interface PdfModel {
  kind: PdfKind;
  locale: Locale;
  seller: SellerIdentity;
  /** Document number: order number, picking name or invoice number. */
  number: string;
  date: string;
  /** The order number (also on invoices and delivery notes). */
  orderNumber: string;
  orderDate: string;
  customer: { number: string; name: string; vat: string | null; depotNumber: string | null };
  clientOrderRef: string;
  suiteName: string;
  invoicingAddress: string[];
  deliveryAddress: string[];
  carrier: string | null;
  trackingRef?: string | null;
  /** Goods lines only (fees are in `totals`). */
  lines: PdfLine[];
  /** Absent on delivery notes. Cents. */
  totals?: DocumentTotals;
  /** Names of the delivery charges (carrier names) shown next to `totals.deliveryCents`. */
  deliveryName?: string | null;
  paymentMode?: string;
  /** Order confirmations: the structured communication of a bank transfer. */
  paymentReference?: string | null;
  invoice?: PdfInvoiceInfo;
}

type Labels = Record<
  | PdfKind
  | 'number'
  | 'orderNumber'
  | 'date'
  | 'invoiceDate'
  | 'dueDate'
  | 'orderDate'
  | 'customerNumber'
  | 'vat'
  | 'depot'
  | 'suite'
  | 'clientRef'
  | 'invoicing'
  | 'delivery'
  | 'carrier'
  | 'tracking'
  | 'sku'
  | 'description'
  | 'qty'
  | 'qtyOrdered'
  | 'qtyDelivered'
  | 'unitPrice'
  | 'discount'
  | 'amount'
  | 'vatRate'
  | 'goodsSubtotal'
  | 'discounts'
  | 'free'
  | 'handlingFee'
  | 'deliveryCost'
  | 'untaxed'
  | 'vatBase'
  | 'vatAmount'
  | 'total'
  | 'payment'
  | 'structured'
  | 'on_account'
  | 'bank_transfer'
  | 'card'
  | 'page'
  | 'enterprise'
  | 'sellerVat'
  | 'iban'
  | 'bic'
  | 'paymentTerms'
  | 'payTo'
  | 'paidByCard'
  | 'lateTerms'
  | 'intraEu'
  | 'creditFor'
  | 'creditVat',
  string
>;

/**
 * Labels per locale. `{days}`, `{date}`, `{number}`, `{iban}`, `{bic}` and `{ref}` are filled in
 * by `fill`.
 */
export const LABELS: Record<Locale, Labels> = {
  fr: {
    order_confirmation: 'Confirmation de commande',
    delivery_note: 'Bon de livraison',
    invoice: 'Facture',
    credit_note: 'Note de crédit',
    number: 'Numéro',
    orderNumber: 'Commande',
    date: 'Date',
    invoiceDate: 'Date de facture',
    dueDate: 'Échéance',
    orderDate: 'Date de commande',
    customerNumber: 'Numéro client',
    vat: 'Numéro de TVA',
    depot: 'Numéro de dépôt',
    suite: 'Suite',
    clientRef: 'Votre référence',
    invoicing: 'Adresse de facturation',
    delivery: 'Adresse de livraison',
    carrier: 'Transporteur',
    tracking: 'Suivi',
    sku: 'Réf.',
    description: 'Produit',
    qty: 'Qté',
    qtyOrdered: 'Commandé',
    qtyDelivered: 'Livré',
    unitPrice: 'Prix unit. HTVA',
    discount: 'Remise',
    amount: 'Montant HTVA',
    vatRate: 'TVA',
    goodsSubtotal: 'Sous-total produits',
    discounts: 'Remises',
    free: 'gratuit',
    handlingFee: 'Frais de participation',
    deliveryCost: 'Livraison',
    untaxed: 'Total HTVA',
    vatBase: 'Base TVA {rate}',
    vatAmount: 'TVA {rate}',
    total: 'Total TVAC',
    payment: 'Paiement',
    structured: 'Communication structurée',
    on_account: 'Sur facture',
    bank_transfer: 'Virement bancaire',
    card: 'Carte de paiement',
    page: 'Page',
    enterprise: 'N° d’entreprise',
    sellerVat: 'TVA',
    iban: 'IBAN',
    bic: 'BIC',
    paymentTerms: 'Conditions de paiement\u00a0: {days} jours net.',
    payTo:
      'À payer au plus tard le {date} sur le compte IBAN {iban} (BIC {bic}) avec la communication structurée {ref}.',
    paidByCard: 'Payé par carte lors de la commande.',
    lateTerms:
      'Toute somme impayée à l’échéance porte de plein droit et sans mise en demeure un intérêt de retard au taux de la loi du 2 août 2002 concernant la lutte contre le retard de paiement dans les transactions commerciales, ainsi qu’une indemnité forfaitaire de 40 EUR pour frais de recouvrement.',
    intraEu:
      'Exemption de TVA\u00a0: livraison intracommunautaire (article 39bis, alinéa 1er, 1° du Code de la TVA).',
    creditFor: 'Note de crédit relative à la facture {number} du {date}.',
    creditVat: 'TVA à reverser à l’État dans la mesure où elle a été initialement déduite.',
  },
  nl: {
    order_confirmation: 'Orderbevestiging',
    delivery_note: 'Leveringsbon',
    invoice: 'Factuur',
    credit_note: 'Creditnota',
    number: 'Nummer',
    orderNumber: 'Bestelling',
    date: 'Datum',
    invoiceDate: 'Factuurdatum',
    dueDate: 'Vervaldatum',
    orderDate: 'Besteldatum',
    customerNumber: 'Klantnummer',
    vat: 'Btw-nummer',
    depot: 'Depotnummer',
    suite: 'Suite',
    clientRef: 'Uw referentie',
    invoicing: 'Facturatieadres',
    delivery: 'Leveringsadres',
    carrier: 'Vervoerder',
    tracking: 'Tracking',
    sku: 'Ref.',
    description: 'Product',
    qty: 'Aantal',
    qtyOrdered: 'Besteld',
    qtyDelivered: 'Geleverd',
    unitPrice: 'Eenheidsprijs excl. btw',
    discount: 'Korting',
    amount: 'Bedrag excl. btw',
    vatRate: 'Btw',
    goodsSubtotal: 'Subtotaal producten',
    discounts: 'Kortingen',
    free: 'gratis',
    handlingFee: 'Deelnamekosten',
    deliveryCost: 'Levering',
    untaxed: 'Totaal excl. btw',
    vatBase: 'Maatstaf btw {rate}',
    vatAmount: 'Btw {rate}',
    total: 'Totaal incl. btw',
    payment: 'Betaling',
    structured: 'Gestructureerde mededeling',
    on_account: 'Op factuur',
    bank_transfer: 'Overschrijving',
    card: 'Betaalkaart',
    page: 'Pagina',
    enterprise: 'Ondernemingsnummer',
    sellerVat: 'Btw',
    iban: 'IBAN',
    bic: 'BIC',
    paymentTerms: 'Betalingsvoorwaarden: {days} dagen netto.',
    payTo:
      'Te betalen uiterlijk op {date} op rekening IBAN {iban} (BIC {bic}) met de gestructureerde mededeling {ref}.',
    paidByCard: 'Betaald met kaart bij de bestelling.',
    lateTerms:
      'Elk op de vervaldag onbetaald bedrag brengt van rechtswege en zonder ingebrekestelling een nalatigheidsinterest op tegen de rentevoet van de wet van 2 augustus 2002 betreffende de bestrijding van de betalingsachterstand bij handelstransacties, en een forfaitaire vergoeding van 40 EUR voor invorderingskosten.',
    intraEu:
      'Vrijstelling van btw: intracommunautaire levering (artikel 39bis, eerste lid, 1° van het Btw-Wetboek).',
    creditFor: 'Creditnota bij factuur {number} van {date}.',
    creditVat:
      'Btw terug te storten aan de Staat in de mate waarin ze oorspronkelijk in aftrek werd gebracht.',
  },
  en: {
    order_confirmation: 'Order confirmation',
    delivery_note: 'Delivery note',
    invoice: 'Invoice',
    credit_note: 'Credit note',
    number: 'Number',
    orderNumber: 'Order',
    date: 'Date',
    invoiceDate: 'Invoice date',
    dueDate: 'Due date',
    orderDate: 'Order date',
    customerNumber: 'Customer number',
    vat: 'VAT number',
    depot: 'Depot number',
    suite: 'Suite',
    clientRef: 'Your reference',
    invoicing: 'Invoicing address',
    delivery: 'Delivery address',
    carrier: 'Carrier',
    tracking: 'Tracking',
    sku: 'Ref.',
    description: 'Product',
    qty: 'Qty',
    qtyOrdered: 'Ordered',
    qtyDelivered: 'Delivered',
    unitPrice: 'Unit price excl. VAT',
    discount: 'Discount',
    amount: 'Amount excl. VAT',
    vatRate: 'VAT',
    goodsSubtotal: 'Products subtotal',
    discounts: 'Discounts',
    free: 'free',
    handlingFee: 'Handling fee',
    deliveryCost: 'Delivery',
    untaxed: 'Total excl. VAT',
    vatBase: 'VAT base {rate}',
    vatAmount: 'VAT {rate}',
    total: 'Total incl. VAT',
    payment: 'Payment',
    structured: 'Structured communication',
    on_account: 'On account (invoice)',
    bank_transfer: 'Bank transfer',
    card: 'Payment card',
    page: 'Page',
    enterprise: 'Enterprise number',
    sellerVat: 'VAT',
    iban: 'IBAN',
    bic: 'BIC',
    paymentTerms: 'Payment terms: {days} days net.',
    payTo: 'To be paid by {date} to account IBAN {iban} (BIC {bic}) with the structured communication {ref}.',
    paidByCard: 'Paid by card when ordering.',
    lateTerms:
      'Any amount unpaid on the due date bears, by operation of law and without prior notice, late-payment interest at the rate of the Belgian Law of 2 August 2002 on combating late payment in commercial transactions, plus a fixed compensation of EUR 40 for recovery costs.',
    intraEu:
      'VAT exempt: intra-Community supply (article 39bis, first paragraph, 1° of the Belgian VAT Code).',
    creditFor: 'Credit note for invoice {number} of {date}.',
    creditVat: 'VAT to be repaid to the State insofar as it was initially deducted.',
  },
};

/** Replaces `{key}` in a label. */
export function fill(label: string, values: Record<string, string | number>): string {
  return label.replace(/\{(\w+)\}/g, (m, key: string) => (key in values ? String(values[key]) : m));
}

/** Intl output → WinAnsi-safe text (narrow no-break space is not in WinAnsi). */
const winAnsi = (s: string): string => s.replace(/\u202f/g, '\u00a0');

/** Cents → money in the locale ("1 234,50 €" in fr, "€ 1.234,50" in nl, "€1,234.50" in en): domain formatMoneyCents. */
export function formatMoney(cents: number, locale: Locale): string {
  return winAnsi(formatMoneyCents(cents, locale));
}

/** Basis points → percent in the locale (1250 → "12,5 %" in fr, "12.5%" in en): domain formatPercent. */
export function formatPercent(bp: number, locale: Locale): string {
  return winAnsi(shopPercent(bp / 100, locale));
}

/** yyyy-mm-dd or an ISO timestamp → the long date in the locale (Europe/Brussels): domain formatDate. */
export function formatDate(value: string, locale: Locale): string {
  return winAnsi(shopDate(value, locale));
}

/** An IBAN in groups of four ("BE21 0012 3456 7803"), the way it is printed on paper. */
export function formatIban(iban: string): string {
  return iban
    .replace(/\s+/g, '')
    .replace(/(.{4})/g, '$1 ')
    .trim();
}

/** Fixed creation date of the PDF (from the document's date), so the bytes do not depend on the clock. */
function creationDate(value: string): Date {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return Number.isNaN(date.getTime()) ? new Date(0) : date;
}

interface Column {
  label: string;
  width: number;
  align: 'left' | 'right';
  value: (line: PdfLine) => string;
  /** A second line under the value, in small grey type (the product's reference under its name). */
  note?: (line: PdfLine) => string;
}

const LEFT = 50;
const RIGHT = 545;
const WIDTH = RIGHT - LEFT;
/** Lowest y of the body (the footer sits below). */
const BOTTOM = 770;

/**
 * Renders the document to PDF bytes (A4). `compress` (default true) deflates the content streams.
 * Deterministic for a given model. Errors: rejects when pdfkit fails (never expected).
 */
export function renderPdf(
  model: PdfModel,
  { compress = true }: { compress?: boolean } = {},
): Promise<Buffer> {
  const L = LABELS[model.locale];
  const { seller } = model;
  const money = (c: number | undefined) => (c === undefined ? '' : formatMoney(c, model.locale));
  const percent = (bp: number) => formatPercent(bp, model.locale);
  const date = (d: string) => formatDate(d, model.locale);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress,
    bufferPages: true,
    info: {
      Title: `${L[model.kind]} ${model.number}`,
      Author: seller.legalName[model.locale],
      Subject: `${L.orderNumber} ${model.orderNumber}`,
      CreationDate: creationDate(model.date),
      ModDate: creationDate(model.date),
    },
    lang: model.locale,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  let y = 50;
  /** Starts a new page when `height` points do not fit any more. */
  const ensure = (height: number) => {
    if (y + height > BOTTOM) {
      doc.addPage();
      y = 50;
    }
  };

  // Header: the seller's identity (left), the document title and number (right).
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .fillColor('#0f5132')
    .text(seller.legalName[model.locale], LEFT, 50, { width: 235 });
  doc.font('Helvetica').fontSize(8.5).fillColor('#333333');
  const identity = [
    ...seller.address[model.locale],
    `${L.enterprise} ${seller.enterpriseNumber} - ${seller.register[model.locale]}`,
    `${L.sellerVat} ${seller.vat}`,
    `${L.iban} ${formatIban(seller.iban)} - ${L.bic} ${seller.bic}`,
    seller.email,
  ].filter(Boolean);
  for (const line of identity) doc.text(line, LEFT, doc.y, { width: 235 });
  const headerBottom = doc.y;
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor('#000000')
    .text(`${L[model.kind]} ${model.number}`, 290, 50, { width: RIGHT - 290, align: 'right' });
  y = Math.max(headerBottom, doc.y) + 18;

  // Reference block (left) and addresses (right).
  const refs: [string, string][] = [];
  if (model.kind === 'invoice' || model.kind === 'credit_note') {
    refs.push([L.invoiceDate, date(model.date)]);
    if (model.invoice?.dueDate) refs.push([L.dueDate, date(model.invoice.dueDate)]);
  } else refs.push([L.date, date(model.date)]);
  refs.push(
    [L.orderNumber, model.orderNumber],
    [L.orderDate, date(model.orderDate)],
    [L.customerNumber, model.customer.number],
    [L.vat, model.customer.vat ?? '-'],
    [L.depot, model.customer.depotNumber ?? '-'],
  );
  if (model.suiteName) refs.push([L.suite, model.suiteName]);
  if (model.clientOrderRef) refs.push([L.clientRef, model.clientOrderRef]);
  if (model.carrier) refs.push([L.carrier, model.carrier]);
  if (model.trackingRef) refs.push([L.tracking, model.trackingRef]);
  const top = y;
  doc.fillColor('#000000').fontSize(9);
  for (const [label, value] of refs) {
    doc.font('Helvetica-Bold').text(label, LEFT, y, { width: 105 });
    doc.font('Helvetica').text(value, LEFT + 108, y, { width: 145 });
    y = Math.max(y + 13, doc.y);
  }
  const addressBlock = (title: string, lines: string[], x: number) => {
    doc.font('Helvetica-Bold').text(title, x, top, { width: 115 });
    // The customer's name heads the block, unless the address already starts with it.
    const head = lines[0] === model.customer.name ? [] : [model.customer.name];
    doc.font('Helvetica').text([...head, ...lines].filter(Boolean).join('\n'), x, top + 13, {
      width: 115,
    });
    return doc.y;
  };
  const a1 = addressBlock(L.invoicing, model.invoicingAddress, 310);
  const a2 = addressBlock(L.delivery, model.deliveryAddress, 430);
  y = Math.max(y, a1, a2) + 18;

  // Lines.
  // The reference (SKU) sits under the product's name, not in a column of its own: generated
  // references run to 70 characters and filled a narrow column over nine lines.
  const product = (width: number): Column => ({
    label: L.description,
    width,
    align: 'left',
    value: (l) => (l.free ? `${l.name} (${L.free})` : l.name),
    note: (l) => (l.sku ? `${L.sku} ${l.sku}` : ''),
  });
  const columns: Column[] =
    model.kind === 'delivery_note'
      ? [
          product(335),
          { label: L.qtyOrdered, width: 80, align: 'right', value: (l) => String(l.qtyOrdered ?? '') },
          { label: L.qtyDelivered, width: 80, align: 'right', value: (l) => String(l.qty) },
        ]
      : [
          product(220),
          { label: L.qty, width: 35, align: 'right', value: (l) => String(l.qty) },
          { label: L.unitPrice, width: 75, align: 'right', value: (l) => money(l.priceUnitCents) },
          {
            label: L.discount,
            width: 45,
            align: 'right',
            value: (l) => (l.discountBp ? percent(l.discountBp) : ''),
          },
          {
            label: L.vatRate,
            width: 40,
            align: 'right',
            value: (l) => (l.taxRateBp === undefined ? '' : percent(l.taxRateBp)),
          },
          { label: L.amount, width: 80, align: 'right', value: (l) => money(l.amountCents) },
        ];
  const NOTE_SIZE = 7.5;
  const drawRow = (cells: { text: string; note?: string }[], bold: boolean) => {
    const heights = cells.map((cell, i) => {
      const width = columns[i]!.width - 4;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
      let h = doc.heightOfString(cell.text, { width });
      if (cell.note) h += doc.font('Helvetica').fontSize(NOTE_SIZE).heightOfString(cell.note, { width }) + 1;
      return h;
    });
    const height = Math.max(0, ...heights);
    ensure(height + 5);
    let x = LEFT;
    cells.forEach((cell, i) => {
      const col = columns[i]!;
      const width = col.width - 4;
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(8.5)
        .fillColor('black');
      doc.text(cell.text, x, y, { width, align: col.align });
      if (cell.note) {
        doc.font('Helvetica').fontSize(NOTE_SIZE).fillColor('#555555');
        doc.text(cell.note, x, doc.y + 1, { width, align: col.align });
        doc.fillColor('black').fontSize(8.5);
      }
      x += col.width;
    });
    y += height + 5;
  };
  drawRow(
    columns.map((c) => ({ text: c.label })),
    true,
  );
  doc
    .moveTo(LEFT, y - 2)
    .lineTo(RIGHT, y - 2)
    .strokeColor('#999999')
    .stroke();
  for (const line of model.lines)
    drawRow(
      columns.map((c) => ({
        text: winAnsi(c.value(line)),
        note: c.note ? winAnsi(c.note(line)) : undefined,
      })),
      false,
    );

  // Totals (packages/domain totals.ts): every fee once, here; VAT base and tax per rate.
  const t = model.totals;
  if (t) {
    y += 10;
    const rows: [string, string, boolean][] = [[L.goodsSubtotal, money(t.goodsGrossCents), false]];
    if (t.discountCents) rows.push([L.discounts, money(-t.discountCents), false]);
    if (t.handlingFeeCents) rows.push([L.handlingFee, money(t.handlingFeeCents), false]);
    if (t.deliveryCents)
      rows.push([
        model.deliveryName ? `${L.deliveryCost} (${model.deliveryName})` : L.deliveryCost,
        money(t.deliveryCents),
        false,
      ]);
    rows.push([L.untaxed, money(t.untaxedCents), true]);
    for (const r of t.vat) {
      rows.push([fill(L.vatBase, { rate: percent(r.rateBp) }), money(r.baseCents), false]);
      rows.push([fill(L.vatAmount, { rate: percent(r.rateBp) }), money(r.taxCents), false]);
    }
    rows.push([L.total, money(t.totalCents), true]);
    ensure(rows.length * 14 + 6);
    for (const [label, value, bold] of rows) {
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 10.5 : 9);
      doc.text(winAnsi(label), 270, y, { width: 180, align: 'right' });
      doc.text(value, 455, y, { width: 90, align: 'right' });
      y += bold ? 15 : 13;
    }
  }

  // Payment and legal mentions.
  const colon = labelColon(model.locale);
  const paragraphs: { text: string; bold?: boolean }[] = [];
  const inv = model.invoice;
  if (model.kind === 'credit_note' && inv?.credited)
    paragraphs.push({
      text: fill(L.creditFor, { number: inv.credited.number, date: date(inv.credited.date) }),
      bold: true,
    });
  if (model.kind === 'invoice' && inv) {
    paragraphs.push({ text: fill(L.paymentTerms, { days: inv.paymentTermsDays }) });
    if (inv.paidByCard) paragraphs.push({ text: L.paidByCard, bold: true });
    else if (inv.dueDate && inv.communication)
      paragraphs.push({
        text: fill(L.payTo, {
          date: date(inv.dueDate),
          iban: formatIban(seller.iban),
          bic: seller.bic,
          ref: inv.communication,
        }),
        bold: true,
      });
    if (inv.communication) paragraphs.push({ text: `${L.structured}${colon} ${inv.communication}` });
  }
  if (model.kind === 'order_confirmation' && model.paymentMode) {
    const mode = model.paymentMode as 'on_account' | 'bank_transfer' | 'card';
    paragraphs.push({ text: `${L.payment}${colon} ${L[mode] ?? model.paymentMode}` });
    if (model.paymentReference)
      paragraphs.push({ text: `${L.structured}${colon} ${model.paymentReference}` });
  }
  if ((model.kind === 'invoice' || model.kind === 'credit_note') && inv?.intraEu)
    paragraphs.push({ text: L.intraEu });
  if (model.kind === 'credit_note') paragraphs.push({ text: L.creditVat });
  if (model.kind === 'invoice') paragraphs.push({ text: L.lateTerms });
  if (paragraphs.length) y += 12;
  for (const p of paragraphs) {
    doc.font(p.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    const height = doc.heightOfString(p.text, { width: WIDTH });
    ensure(height + 4);
    doc.text(p.text, LEFT, y, { width: WIDTH });
    y += height + 4;
  }

  // Footer on every page: seller, enterprise number and page numbers.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The footer sits in the bottom margin: without this pdfkit would open a new page.
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor('#666666')
      .text(
        `${seller.legalName[model.locale]} - ${L.enterprise} ${seller.enterpriseNumber} - ${model.number} - ${L.page} ${i + 1}/${range.count}`,
        LEFT,
        800,
        { width: WIDTH, align: 'center', lineBreak: false },
      );
  }
  doc.end();
  return done;
}

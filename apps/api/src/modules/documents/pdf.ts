/**
 * PDF rendering of the order documents (spec 3 Document: order confirmation, delivery note,
 * invoice, credit note) with pdfkit, in the customer user's locale (fr, nl, en).
 *
 * Deterministic: the same document model gives the same bytes (the PDF creation date and file id
 * come from the document's own date, never from the clock). Standard Helvetica fonts (WinAnsi:
 * accents and € are covered; narrow no-break spaces of Intl are mapped to no-break spaces).
 * Money is formatted for the locale (fr-BE / nl-BE / en-BE, EUR); amounts excl. VAT per line, then
 * total excl. VAT, VAT and total incl. VAT.
 */
import PDFDocument from 'pdfkit';
import type { Locale } from '@vetshop/domain';

export type PdfKind = 'order_confirmation' | 'delivery_note' | 'invoice' | 'credit_note';

/** One row of the document's table. Money in cents (EUR excl. VAT). */
export interface PdfLine {
  sku: string;
  name: string;
  qty: number;
  /** Delivery notes: units ordered on the order line. */
  qtyOrdered?: number;
  priceUnitCents?: number;
  /** Discount rate in basis points. */
  discountBp?: number;
  amountCents?: number;
  taxRateBp?: number;
}

/** Everything a document shows. Dates are yyyy-mm-dd or ISO timestamps. */
export interface PdfModel {
  kind: PdfKind;
  locale: Locale;
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
  lines: PdfLine[];
  /** Absent on delivery notes. Cents. */
  totals?: { untaxedCents: number; taxCents: number; totalCents: number; shippingCents?: number };
  paymentMode?: string;
  paymentReference?: string | null;
}

/** The association that runs the shop (document header). */
export const ASSOCIATION = {
  name: 'VetShop',
  tagline: {
    fr: "Centrale d'achat vétérinaire",
    nl: 'Veterinaire aankoopcentrale',
    en: 'Veterinary purchasing association',
  },
  web: 'vetshop.be',
} as const;

type Labels = Record<
  | PdfKind
  | 'number'
  | 'orderNumber'
  | 'date'
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
  | 'shipping'
  | 'untaxed'
  | 'tax'
  | 'total'
  | 'payment'
  | 'structured'
  | 'on_account'
  | 'bank_transfer'
  | 'card'
  | 'page',
  string
>;

/** Labels per locale. */
export const LABELS: Record<Locale, Labels> = {
  fr: {
    order_confirmation: 'Confirmation de commande',
    delivery_note: 'Bon de livraison',
    invoice: 'Facture',
    credit_note: 'Note de crédit',
    number: 'Numéro',
    orderNumber: 'Commande',
    date: 'Date',
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
    description: 'Description',
    qty: 'Qté',
    qtyOrdered: 'Commandé',
    qtyDelivered: 'Livré',
    unitPrice: 'Prix unit. HTVA',
    discount: 'Remise',
    amount: 'Montant HTVA',
    vatRate: 'TVA',
    shipping: 'dont frais de livraison',
    untaxed: 'Total HTVA',
    tax: 'TVA',
    total: 'Total TVAC',
    payment: 'Paiement',
    structured: 'Communication structurée',
    on_account: 'Sur facture',
    bank_transfer: 'Virement bancaire',
    card: 'Carte',
    page: 'Page',
  },
  nl: {
    order_confirmation: 'Orderbevestiging',
    delivery_note: 'Leveringsbon',
    invoice: 'Factuur',
    credit_note: 'Creditnota',
    number: 'Nummer',
    orderNumber: 'Bestelling',
    date: 'Datum',
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
    description: 'Omschrijving',
    qty: 'Aantal',
    qtyOrdered: 'Besteld',
    qtyDelivered: 'Geleverd',
    unitPrice: 'Eenheidsprijs excl. btw',
    discount: 'Korting',
    amount: 'Bedrag excl. btw',
    vatRate: 'Btw',
    shipping: 'waarvan leveringskosten',
    untaxed: 'Totaal excl. btw',
    tax: 'Btw',
    total: 'Totaal incl. btw',
    payment: 'Betaling',
    structured: 'Gestructureerde mededeling',
    on_account: 'Op factuur',
    bank_transfer: 'Overschrijving',
    card: 'Kaart',
    page: 'Pagina',
  },
  en: {
    order_confirmation: 'Order confirmation',
    delivery_note: 'Delivery note',
    invoice: 'Invoice',
    credit_note: 'Credit note',
    number: 'Number',
    orderNumber: 'Order',
    date: 'Date',
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
    description: 'Description',
    qty: 'Qty',
    qtyOrdered: 'Ordered',
    qtyDelivered: 'Delivered',
    unitPrice: 'Unit price excl. VAT',
    discount: 'Discount',
    amount: 'Amount excl. VAT',
    vatRate: 'VAT',
    shipping: 'of which delivery costs',
    untaxed: 'Total excl. VAT',
    tax: 'VAT',
    total: 'Total incl. VAT',
    payment: 'Payment',
    structured: 'Structured communication',
    on_account: 'On account',
    bank_transfer: 'Bank transfer',
    card: 'Card',
    page: 'Page',
  },
};

/** Intl output → WinAnsi-safe text (narrow no-break space is not in WinAnsi). */
const winAnsi = (s: string): string => s.replace(/\u202f/g, '\u00a0');

/** Cents → money in the locale ("1 234,50 €" in fr, "€ 1.234,50" in nl, "€1,234.50" in en). */
export function formatMoney(cents: number, locale: Locale): string {
  return winAnsi(
    new Intl.NumberFormat(`${locale}-BE`, { style: 'currency', currency: 'EUR' }).format(cents / 100),
  );
}

/** Basis points → percent in the locale ("12,5 %"). */
export function formatPercent(bp: number, locale: Locale): string {
  return winAnsi(
    new Intl.NumberFormat(`${locale}-BE`, { style: 'percent', maximumFractionDigits: 2 }).format(bp / 10_000),
  );
}

/** yyyy-mm-dd or an ISO timestamp → the date in the locale (Europe/Brussels). */
export function formatDate(value: string, locale: Locale): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(`${locale}-BE`, { dateStyle: 'long', timeZone: 'Europe/Brussels' }).format(
    date,
  );
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
}

/**
 * Renders the document to PDF bytes. `compress` (default true) deflates the content streams;
 * tests may keep it so and inflate them.
 */
export function renderPdf(
  model: PdfModel,
  { compress = true }: { compress?: boolean } = {},
): Promise<Buffer> {
  const L = LABELS[model.locale];
  const money = (c: number | undefined) => (c === undefined ? '' : formatMoney(c, model.locale));
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress,
    bufferPages: true,
    info: {
      Title: `${L[model.kind]} ${model.number}`,
      Author: ASSOCIATION.name,
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

  const left = 50;
  const right = 545;
  const width = right - left;

  // Header: the association, then the document title and number.
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#0f5132').text(ASSOCIATION.name, left, 50);
  doc.font('Helvetica').fontSize(9).fillColor('#444444').text(ASSOCIATION.tagline[model.locale]);
  doc.text(ASSOCIATION.web);
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor('#000000')
    .text(`${L[model.kind]} ${model.number}`, left, 50, { width, align: 'right' });
  doc.moveDown(2.5);

  // Reference block.
  const refs: [string, string][] = [
    [L.date, formatDate(model.date, model.locale)],
    [L.orderNumber, model.orderNumber],
    [L.orderDate, formatDate(model.orderDate, model.locale)],
    [L.customerNumber, model.customer.number],
    [L.vat, model.customer.vat ?? '-'],
    [L.depot, model.customer.depotNumber ?? '-'],
  ];
  if (model.suiteName) refs.push([L.suite, model.suiteName]);
  if (model.clientOrderRef) refs.push([L.clientRef, model.clientOrderRef]);
  if (model.carrier) refs.push([L.carrier, model.carrier]);
  if (model.trackingRef) refs.push([L.tracking, model.trackingRef]);
  let y = 130;
  doc.fontSize(9);
  for (const [label, value] of refs) {
    doc.font('Helvetica-Bold').text(label, left, y, { width: 110 });
    doc.font('Helvetica').text(value, left + 115, y, { width: 140 });
    y += 13;
  }
  // Addresses.
  const addressBlock = (title: string, lines: string[], x: number) => {
    doc.font('Helvetica-Bold').text(title, x, 130, { width: 115 });
    doc
      .font('Helvetica')
      .text([model.customer.name, ...lines].filter(Boolean).join('\n'), x, 143, { width: 115 });
  };
  addressBlock(L.invoicing, model.invoicingAddress, 310);
  addressBlock(L.delivery, model.deliveryAddress, 430);
  y = Math.max(y, doc.y) + 20;

  // Lines.
  const columns: Column[] =
    model.kind === 'delivery_note'
      ? [
          { label: L.sku, width: 90, align: 'left', value: (l) => l.sku },
          { label: L.description, width: 245, align: 'left', value: (l) => l.name },
          { label: L.qtyOrdered, width: 80, align: 'right', value: (l) => String(l.qtyOrdered ?? '') },
          { label: L.qtyDelivered, width: 80, align: 'right', value: (l) => String(l.qty) },
        ]
      : [
          { label: L.sku, width: 70, align: 'left', value: (l) => l.sku },
          { label: L.description, width: 150, align: 'left', value: (l) => l.name },
          { label: L.qty, width: 35, align: 'right', value: (l) => String(l.qty) },
          { label: L.unitPrice, width: 75, align: 'right', value: (l) => money(l.priceUnitCents) },
          {
            label: L.discount,
            width: 45,
            align: 'right',
            value: (l) => (l.discountBp ? formatPercent(l.discountBp, model.locale) : ''),
          },
          {
            label: L.vatRate,
            width: 40,
            align: 'right',
            value: (l) => (l.taxRateBp === undefined ? '' : formatPercent(l.taxRateBp, model.locale)),
          },
          { label: L.amount, width: 80, align: 'right', value: (l) => money(l.amountCents) },
        ];
  const drawRow = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
    let x = left;
    let height = 0;
    cells.forEach((cell, i) => {
      const col = columns[i]!;
      height = Math.max(height, doc.heightOfString(cell, { width: col.width - 4 }));
    });
    if (y + height > 770) {
      doc.addPage();
      y = 50;
    }
    cells.forEach((cell, i) => {
      const col = columns[i]!;
      doc.text(cell, x, y, { width: col.width - 4, align: col.align });
      x += col.width;
    });
    y += height + 5;
  };
  drawRow(
    columns.map((c) => c.label),
    true,
  );
  doc
    .moveTo(left, y - 2)
    .lineTo(right, y - 2)
    .strokeColor('#999999')
    .stroke();
  for (const line of model.lines)
    drawRow(
      columns.map((c) => winAnsi(c.value(line))),
      false,
    );

  // Totals.
  if (model.totals) {
    y += 10;
    if (y > 700) {
      doc.addPage();
      y = 50;
    }
    const rows: [string, string, boolean][] = [[L.untaxed, money(model.totals.untaxedCents), false]];
    if (model.totals.shippingCents) rows.push([L.shipping, money(model.totals.shippingCents), false]);
    rows.push([L.tax, money(model.totals.taxCents), false], [L.total, money(model.totals.totalCents), true]);
    for (const [label, value, bold] of rows) {
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 9);
      doc.text(label, 300, y, { width: 150, align: 'right' });
      doc.text(value, 455, y, { width: 90, align: 'right' });
      y += bold ? 16 : 13;
    }
  }
  if (model.paymentMode && model.kind !== 'delivery_note') {
    y += 10;
    const mode = model.paymentMode as 'on_account' | 'bank_transfer' | 'card';
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(`${L.payment}: ${L[mode] ?? model.paymentMode}`, left, y);
    if (model.paymentReference) doc.text(`${L.structured}: ${model.paymentReference}`, left, doc.y);
  }

  // Page numbers.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The footer sits in the bottom margin: without this pdfkit would open a new page.
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#666666')
      .text(`${model.number} - ${L.page} ${i + 1}/${range.count}`, left, 800, {
        width,
        align: 'center',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}

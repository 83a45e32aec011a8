/**
 * Order import by CSV (docs/product/customer-area.md#order-import, docs/product/accounts.md#import-right, docs/product/customer-area.md#order-import POST carts/csv).
 *
 * - Only .csv files whose content is text are accepted (UTF-8, UTF-16 with its byte order mark, or
 *   Windows-1252 as Excel saves a CSV on a Belgian Windows: `decodeOrderFile`): else 400
 *   `file_not_csv`. The size cap is ORDER_IMPORT_MAX_MB (413 `file_too_large`, checked by the route).
 * - Columns: a product code (sku, cnk or ean) and a quantity. A first row naming them is a header
 *   (sku / cnk / ean / code, quantity / qty / quantité / aantal …, any case and accents); without
 *   a header the first column is the code (looked up as sku, then CNK, also written 1234-567, then
 *   EAN, in 13 or 14 digits: catalog/variant-codes.ts) and the second the quantity. Separators
 *   , ; tab and | are detected. A spreadsheet's damage to codes is undone where it can be (a CNK
 *   column's dropped leading zeros, `lookupCode`) and named where it cannot (a code in scientific
 *   notation: `code_rounded`).
 * - Each valid line becomes a cart transaction whose uuid is derived from the upload's import id
 *   (sent by the form with each upload, else drawn here), the file's SHA-256 and the line number,
 *   applied through the same exactly-once sync as the cart (`syncCartCounted`): a request replayed
 *   with the same import id changes nothing, while a new upload of the same file adds its lines
 *   again, as the customer asked (it added nothing and said "2 lines added";
 *   docs/decisions/order-import.md). Invalid lines are reported (line number, reason, code) and
 *   skipped, and so are lines of a product the customer may not order (`not_orderable`); a file
 *   without any valid line is refused (400 `csv_no_valid_line`, each line's reason in `errors`)
 *   and the cart is left as it was.
 */
import { createHash, randomUUID } from 'node:crypto';
import iconv from 'iconv-lite';
import Papa from 'papaparse';
import {
  CART_TRANSACTION_QTY_MAX,
  foldAccents,
  type CartTransaction,
  type CsvImportResult,
} from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { ApiError, badRequest } from '../../errors.ts';
import { variantsByCode, visibleTo, type VariantCodeKind } from '../catalog/index.ts';
import { computeCart, syncCartCounted, type CartActor } from './service.ts';

type CodeKind = VariantCodeKind;

/** An upload's import id, as the dashboard's form makes it (a UUID). */
const IMPORT_ID = /^[A-Za-z0-9-]{8,64}$/;

/** A parsed data line of the file. */
export interface ImportLine {
  /** 1-based line number in the file. */
  line: number;
  code: string;
  kind: CodeKind;
  quantity: string;
}

const CODE_HEADERS: Record<string, CodeKind> = {
  sku: 'sku',
  reference: 'sku',
  ref: 'sku',
  'article code': 'sku',
  'code article': 'sku',
  artikelcode: 'sku',
  artikelnummer: 'sku',
  code: 'any',
  product: 'any',
  produit: 'any',
  'product code': 'any',
  productcode: 'any',
  'code produit': 'any',
  cnk: 'cnk',
  'cnk code': 'cnk',
  'code cnk': 'cnk',
  ean: 'ean',
  'ean code': 'ean',
  'code ean': 'ean',
  gtin: 'ean',
  barcode: 'ean',
  streepjescode: 'ean',
  'code barre': 'ean',
  'code barres': 'ean',
  ean13: 'ean',
};
const QTY_HEADERS = new Set([
  'quantity',
  'qty',
  'quantite',
  'quantites',
  'qte',
  'aantal',
  'hoeveelheid',
  'quantities',
  'nombre',
]);

function headerName(cell: string): string {
  return foldAccents(cell.trim())
    .replace(/[_\-.]+/g, ' ')
    .replace(/\s+/g, ' ');
}

/**
 * Parses the text of an import file into data lines (pure). Throws 400 `csv_unreadable` when the
 * text has no row, `csv_header_no_code` / `csv_header_no_quantity` when a header names a quantity
 * but no code column, or a code but no quantity column.
 */
export function parseOrderImport(text: string): ImportLine[] {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';', '\t', '|'],
  });
  const rows = parsed.data;
  if (rows.length === 0) throw badRequest('The file holds no line.', 'csv_unreadable');
  // Line numbers: papaparse drops empty lines, so count them from the raw text.
  const lineNumbers = dataLineNumbers(text);
  const first = rows[0]!.map(headerName);
  const codeColumns = first
    .map((h, i) => ({ i, kind: CODE_HEADERS[h] }))
    .filter((c): c is { i: number; kind: CodeKind } => c.kind !== undefined);
  const qtyColumn = first.findIndex((h) => QTY_HEADERS.has(h));
  const hasHeader = codeColumns.length > 0 || qtyColumn >= 0;
  // A header naming one column but not the other: said precisely, with the names understood.
  if (hasHeader && codeColumns.length === 0)
    throw badRequest(
      'The header names no product code column (sku, cnk, ean, code, reference…).',
      'csv_header_no_code',
    );
  if (hasHeader && qtyColumn < 0)
    throw badRequest(
      'The header names no quantity column (quantity, qty, quantité, aantal…).',
      'csv_header_no_quantity',
    );
  const out: ImportLine[] = [];
  rows.forEach((row, index) => {
    if (hasHeader && index === 0) return;
    const line = lineNumbers[index] ?? index + 1;
    const quantity = (hasHeader ? row[qtyColumn] : row[1]) ?? '';
    if (!hasHeader) {
      out.push({ line, code: (row[0] ?? '').trim(), kind: 'any', quantity });
      return;
    }
    const filled = codeColumns.find((c) => (row[c.i] ?? '').trim() !== '');
    out.push({ line, code: filled ? row[filled.i]!.trim() : '', kind: filled?.kind ?? 'any', quantity });
  });
  return out;
}

/** 1-based numbers of the non-blank lines of `text` (quoted multi-line cells are not expected). */
function dataLineNumbers(text: string): number[] {
  const out: number[] = [];
  text.split(/\r\n|\n|\r/).forEach((l, i) => {
    if (l.replace(/[,;\t|\s]/g, '') !== '') out.push(i + 1);
  });
  return out;
}

/**
 * Parses a quantity cell: a positive integer up to the transaction cap, written with or without
 * zero decimals ("2", "2,00"), else `invalid_quantity`. Digits grouped by threes after a point or
 * comma ("1.000", "1,000", "12.000") are `quantity_ambiguous`: a thousand where the separator
 * groups thousands (Belgian Excel writes 1000 as "1.000"), one where it starts decimals; reading
 * either would order a thousand times too few or too many.
 */
function quantityOf(cell: string): number | 'invalid_quantity' | 'quantity_ambiguous' {
  const t = cell.trim();
  if (/^\d{1,3}([.,]\d{3})+$/.test(t)) return 'quantity_ambiguous';
  if (!/^\d+([.,]0+)?$/.test(t)) return 'invalid_quantity';
  const n = Number.parseInt(t, 10);
  return n >= 1 && n <= CART_TRANSACTION_QTY_MAX ? n : 'invalid_quantity';
}

/** C0 controls a text file may hold: tab, LF, VT, FF, CR and the old end-of-file mark 0x1A. */
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1a]);

/** Whether `text` holds a character no text file holds: another C0 control, or a C1 control. */
function holdsControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && !TEXT_CONTROLS.has(c)) || (c >= 0x80 && c <= 0x9f)) return true;
  }
  return false;
}

/**
 * The text of an order file, or null when its bytes are not text. Read as UTF-16 when it starts
 * with a UTF-16 byte order mark (Excel's "Unicode text"), else as UTF-8 (a BOM dropped), else as
 * Windows-1252: Excel on a Belgian Windows saves "CSV (semicolon delimited)" in that code page, and
 * a practice's file with a "Quantité" header or a product name in a column was refused whole.
 * Codes and quantities are ASCII, the same in all three. Not text: a NUL byte outside UTF-16, or a
 * control character (`holdsControl`), or a byte Windows-1252 does not assign in a file that is not UTF-8.
 */
function decodeOrderFile(bytes: Uint8Array): string | null {
  const decode = (encoding: string): string | null => {
    try {
      return new TextDecoder(encoding, { fatal: true }).decode(bytes);
    } catch {
      return null;
    }
  };
  // Node's TextDecoder reads "windows-1252" as ISO-8859-1 (0x80 "€" becomes a C1 control): iconv-lite
  // has the code page; its five unassigned bytes come out as U+FFFD.
  const windows1252 = (): string | null => {
    const text = iconv.decode(Buffer.from(bytes), 'windows-1252');
    return text.includes('\uFFFD') ? null : text;
  };
  const bom = bytes.length >= 2 ? (bytes[0]! << 8) | bytes[1]! : 0;
  const text =
    bom === 0xfffe
      ? decode('utf-16le')
      : bom === 0xfeff
        ? decode('utf-16be')
        : bytes.includes(0)
          ? null
          : (decode('utf-8') ?? windows1252());
  return text === null || holdsControl(text) ? null : text;
}

/** A number in scientific notation, as a spreadsheet writes a long code it shows in "General" format ("5,41235E+12"). */
const ROUNDED_NUMBER = /^\d+(?:[.,]\d+)?E\+?\d+$/i;

/**
 * The code a line is looked up by: a CNK column's number of fewer than seven digits gets back the
 * leading zeros a spreadsheet drops from a number ("45443" → "0045443"; a CNK is always seven
 * digits). Any other code as written.
 */
function lookupCode(l: ImportLine): string {
  return l.kind === 'cnk' && /^\d{1,6}$/.test(l.code) ? l.code.padStart(7, '0') : l.code;
}

/**
 * Imports an order file into the customer's open cart (see the module comment). `bytes` is the
 * file content (size already checked), `filename` its name. 403 is the route's business (can_import).
 */
export async function importCsv(
  db: Db,
  actor: CartActor,
  input: { bytes: Buffer; filename: string; importId?: string },
): Promise<CsvImportResult> {
  if (!/\.csv$/i.test(input.filename)) throw badRequest('Only .csv files are accepted.', 'file_not_csv');
  if (input.importId !== undefined && !IMPORT_ID.test(input.importId))
    throw badRequest('The import id must be 8 to 64 letters, digits or dashes.', 'import_id_invalid');
  const importId = input.importId ?? randomUUID();
  const text = decodeOrderFile(input.bytes);
  if (text === null) throw badRequest('Only .csv files are accepted (text).', 'file_not_csv');
  const lines = parseOrderImport(text);
  const hash = createHash('sha256').update(input.bytes).digest('hex').slice(0, 40);

  const lookup = await variantsByCode(db, lines.map(lookupCode), visibleTo(actor.viewer));

  const errors: CsvImportResult['errors'] = [];
  const transactions: CartTransaction[] = [];
  const lineOf = new Map<string, ImportLine>();
  for (const l of lines) {
    if (!l.code) {
      errors.push({ line: l.line, reason: 'missing_code', value: '' });
      continue;
    }
    if (ROUNDED_NUMBER.test(l.code)) {
      errors.push({ line: l.line, reason: 'code_rounded', value: l.code.slice(0, 100) });
      continue;
    }
    const variantId = lookup(lookupCode(l), l.kind)?.id;
    if (variantId === undefined) {
      errors.push({ line: l.line, reason: 'unknown_product', value: l.code.slice(0, 100) });
      continue;
    }
    const qty = quantityOf(l.quantity);
    if (typeof qty === 'string') {
      errors.push({ line: l.line, reason: qty, value: l.code.slice(0, 100) });
      continue;
    }
    const uuid = `csv-${importId}-${hash}-${l.line}`;
    transactions.push({ uuid, product_id: variantId, qty, options: {} });
    lineOf.set(uuid, l);
  }
  if (transactions.length === 0)
    throw new ApiError(
      400,
      'csv_no_valid_line',
      'Bad request',
      'No line of the file could be imported.',
      errors.slice(0, 100).map((e) => ({ field: `line ${e.line}`, code: e.reason })),
    );
  const synced = await syncCartCounted(db, actor, { uuid: null, transactions });
  if (synced === null) throw new Error('import produced no cart');
  // A product the customer may not order (docs/decisions/regulated-products.md) is not in the cart:
  // its line is reported, not counted.
  for (const r of synced.refused) {
    const l = lineOf.get(r.uuid);
    if (l) errors.push({ line: l.line, reason: 'not_orderable', value: l.code.slice(0, 100) });
  }
  errors.sort((a, b) => a.line - b.line);
  return {
    cart: (await computeCart(db, synced.id, actor)).cart,
    imported: transactions.length - synced.refused.length,
    errors,
  };
}

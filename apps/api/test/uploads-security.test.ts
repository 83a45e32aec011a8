/**
 * Uploads and exports against hostile files (docs/decisions/security-testing.md: CSV and PDF checked by content
 * and size; a zip bomb, a polyglot PDF/HTML and a CSV formula injection are refused or neutralised
 * in exports). Upload routes: POST carts/csv (order import), POST classified_ads (small-ad PDF),
 * POST staff/cms/files (content images and files; office documents are zip containers). Exports:
 * GET documents/price_list|promotions/download (the only CSV exports of the api; there is no staff
 * CSV export). Decision and coverage: docs/decisions/security-testing.md.
 *
 * - Zip/gzip bombs: a 4 MB gzip expanding to 4 GiB sent as the CSV, and sent as the request body
 *   with `Content-Encoding: gzip` (the api never inflates request bodies: refused as 4xx); a zip of
 *   1 GiB of zeros named .docx for a content file (file-type reads zip entries with a size budget:
 *   refused, nothing expanded — the process's memory stays bounded).
 * - Polyglots: a file starting with %PDF- that carries <html><script> is a PDF for the server and
 *   is only ever served as `application/pdf`, attachment, nosniff, CSP sandbox; an HTML file named
 *   .pdf and an SVG with script are refused; a GIF/HTML polyglot image is served as image/gif with
 *   the same headers.
 * - CSV formula injection: catalogue data (names, skus as the import stores them) starting with
 *   = + - @ tab or CR comes out of every CSV export prefixed with a quote; an order file full of
 *   formulas changes nothing.
 * - Served files: Content-Type from the detected type (never the client's), Content-Disposition
 *   with a cleaned name (no quote, CR or LF: no header injection), nosniff, sandbox CSP.
 */
import { crc32, deflateRawSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import Papa from 'papaparse';
import { eq, sql } from 'drizzle-orm';
import { ORDER_IMPORT_MAX_MB } from '@vetshop/domain';
import { buildApp } from '../src/app.ts';
import { type Database } from '../src/db/client.ts';
import { openTestPglite } from './pglite-template.ts';
import { productTranslations, productVariants } from '../src/db/schema.ts';
import type { Mailer } from '../src/modules/mail/mailer.ts';
import { createCustomer, createStaff, signIn, type FixtureCustomer } from './account-fixtures.ts';
import { insertFixture } from './fixtures.ts';

const silentMailer: Mailer = { send: async () => {} };
const MiB = 1024 * 1024;

/** One multipart part: a text field, or a file with its name and declared type. */
type Part = { name: string; value: string } | { name: string; filename: string; type: string; bytes: Buffer };

function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `up-${Math.random().toString(36).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('value' in p)
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`,
        ),
      );
    else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`,
        ),
        p.bytes,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A gzip stream of `gib` GiB of zeros: concatenated members of 64 MiB each (≈ 64 KB each). */
function gzipBomb(gib: number): Buffer {
  const member = gzipSync(Buffer.alloc(64 * MiB), { level: 9 });
  return Buffer.concat(Array.from({ length: gib * 16 }, () => member));
}

/** A zip of `entries` entries of 64 MiB of zeros each, the first named [Content_Types].xml (an office document's marker). */
function zipBomb(entries: number): Buffer {
  const raw = Buffer.alloc(64 * MiB);
  const data = deflateRawSync(raw, { level: 9 });
  const crc = crc32(raw);
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (let i = 0; i < entries; i++) {
    const name = Buffer.from(i === 0 ? '[Content_Types].xml' : `word/part${i}.xml`);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, data);
    const cen = Buffer.alloc(46);
    cen.writeUInt32LE(0x02014b50, 0);
    cen.writeUInt16LE(20, 4);
    cen.writeUInt16LE(20, 6);
    cen.writeUInt16LE(8, 10);
    cen.writeUInt32LE(crc, 16);
    cen.writeUInt32LE(data.length, 20);
    cen.writeUInt32LE(raw.length, 24);
    cen.writeUInt16LE(name.length, 28);
    cen.writeUInt32LE(offset, 42);
    central.push(cen, name);
    offset += 30 + name.length + data.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries, 8);
  end.writeUInt16LE(entries, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const POLYGLOT_PDF = Buffer.from(
  '%PDF-1.4\n%<html><body><script>alert(document.cookie)</script></body></html>\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const HTML = Buffer.from(
  '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>\n',
);
const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
);
/** A 1×1 GIF followed by HTML: a valid image that sniffs as HTML in old browsers. */
const GIF_POLYGLOT = Buffer.concat([
  Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  Buffer.from('<html><script>alert(1)</script></html>'),
]);

/** The ad form fields of a valid small ad (multipart text fields). */
const AD_FIELDS: Record<string, string> = {
  name: 'Upload test',
  date_start: '2026-01-01',
  date_end: '2026-12-31',
  category: 'misc',
  country_state_code: 'WLG',
  body: 'Body',
  contact: 'Contact',
  phone: '+32 4 000 00 00',
  email: 'ad@uploads.test',
};

function expectProblem(res: LightMyRequestResponse, status: number | number[], code?: string): void {
  const allowed = [status].flat();
  expect(allowed, res.body).toContain(res.statusCode);
  expect(res.headers['content-type']).toContain('application/problem+json');
  if (code) expect((res.json() as { code: string }).code).toBe(code);
}

/** The safety headers every served stored file carries. */
function expectSafeFileHeaders(
  res: LightMyRequestResponse,
  type: string,
  disposition: 'inline' | 'attachment',
) {
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe(type);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(String(res.headers['content-security-policy'])).toMatch(/default-src 'none'.*sandbox/);
  const cd = String(res.headers['content-disposition']);
  expect(cd.startsWith(`${disposition};`)).toBe(true);
  expect(cd).not.toMatch(/[\r\n]/);
  // The quoted file name holds no quote, slash or control character.
  expect(/filename="([^"]*)"/.exec(cd)?.[1]).toMatch(/^[^"\\/\p{Cc}]+$/u);
}

describe('uploads and exports against hostile files', () => {
  let database: Database;
  let app: FastifyInstance;
  let customer: FixtureCustomer;
  let cookie = '';
  let staffCookie = '';

  beforeAll(async () => {
    database = await openTestPglite();
    await insertFixture(database.db);
    app = await buildApp({ db: database, mailer: silentMailer, auth: { type: 'credentials' } });
    await app.ready();
    customer = await createCustomer(database.db);
    await database.db.execute(sql`UPDATE users SET can_import = true WHERE id = ${customer.userId}`);
    cookie = await signIn(app, customer.login);
    staffCookie = await signIn(app, (await createStaff(database.db)).login);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const cartLines = async () =>
    (
      await database.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM cart_lines l JOIN carts c ON c.id = l.cart_id WHERE c.customer_id = ${customer.customerId}`,
      )
    ).rows[0]!.n;
  const storedFiles = async () =>
    (await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM stored_files`)).rows[0]!.n;
  const uploadCsv = (filename: string, bytes: Buffer, headers: Record<string, string> = {}) => {
    const body = multipart([{ name: 'file', filename, type: 'text/csv', bytes }]);
    return app.inject({
      method: 'POST',
      url: '/carts/csv',
      headers: { cookie, 'content-type': body.contentType, ...headers },
      payload: body.payload,
    });
  };
  const uploadCms = (purpose: string, filename: string, type: string, bytes: Buffer) => {
    const body = multipart([
      { name: 'purpose', value: purpose },
      { name: 'file', filename, type, bytes },
    ]);
    return app.inject({
      method: 'POST',
      url: '/staff/cms/files',
      headers: { cookie: staffCookie, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const postAd = (file: { filename: string; type: string; bytes: Buffer }) => {
    const body = multipart([
      ...Object.entries(AD_FIELDS).map(([name, value]) => ({ name, value })),
      { name: 'file', ...file },
    ]);
    return app.inject({
      method: 'POST',
      url: '/classified_ads',
      headers: { cookie, 'content-type': body.contentType },
      payload: body.payload,
    });
  };

  describe('zip and gzip bombs', () => {
    it('refuses a 4 MB gzip expanding to 4 GiB sent as the order CSV (binary, not text) without inflating it', async () => {
      const bomb = gzipBomb(4);
      expect(bomb.length).toBeLessThan(ORDER_IMPORT_MAX_MB * MiB * 8);
      const before = await cartLines();
      const small = bomb.subarray(0, 512 * 1024); // under the size cap: judged by its content
      expectProblem(await uploadCsv('order.csv', small), 400, 'file_not_csv');
      expectProblem(await uploadCsv('order.csv.gz', small), 400, 'file_not_csv');
      // The whole bomb is over the 1 MB cap: 413 before anything reads it as text.
      expectProblem(await uploadCsv('order.csv', bomb), 413, 'file_too_large');
      expect(await cartLines()).toBe(before);
    });

    it('never inflates a request body sent with Content-Encoding: gzip (JSON and multipart)', async () => {
      const rss = process.memoryUsage().rss;
      const bomb = gzipBomb(1);
      const json = await app.inject({
        method: 'POST',
        url: '/carts/sync',
        headers: { cookie, 'content-type': 'application/json', 'content-encoding': 'gzip' },
        payload: bomb,
      });
      expect(json.statusCode, json.body).toBeGreaterThanOrEqual(400);
      expect(json.statusCode).toBeLessThan(500);
      expect(json.headers['content-type']).toContain('application/problem+json');
      // A gzip-encoded order file: the CSV route sees gzip bytes, not 1 GiB of text.
      const csv = gzipSync(Buffer.from('sku;quantity\nVB-AMX-10;1\n'));
      const res = await uploadCsv('order.csv', csv, { 'content-encoding': 'gzip' });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(process.memoryUsage().rss - rss).toBeLessThan(512 * MiB);
    });

    it('refuses a zip bomb (1 GiB of zeros) posing as an office document, without expanding it', async () => {
      const bomb = zipBomb(16);
      expect(bomb.length).toBeLessThan(2 * MiB);
      const before = await storedFiles();
      const rss = process.memoryUsage().rss;
      const res = await uploadCms(
        'cms_file',
        'report.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        bomb,
      );
      expectProblem(res, 400, 'file_type_refused');
      expect(await storedFiles()).toBe(before);
      expect(process.memoryUsage().rss - rss).toBeLessThan(512 * MiB);
      // Named .pdf for a small ad: refused too (not a PDF by content).
      expectProblem(
        await postAd({ filename: 'ad.pdf', type: 'application/pdf', bytes: bomb }),
        400,
        'file_type_refused',
      );
    });

    it('caps sizes: a 21 MB content file and a 6 MB image → 413 file_too_large', async () => {
      const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(21 * MiB, 0x20)]);
      expectProblem(await uploadCms('cms_file', 'big.pdf', 'application/pdf', pdf), 413, 'file_too_large');
      const png = Buffer.concat([
        Buffer.from(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
          'base64',
        ),
        Buffer.alloc(6 * MiB),
      ]);
      expectProblem(await uploadCms('cms_image', 'big.png', 'image/png', png), 413, 'file_too_large');
    });
  });

  describe('polyglots and disguised files', () => {
    it('a %PDF- file carrying <html><script> is only ever served as an attachment PDF, sandboxed', async () => {
      const created = await postAd({
        filename: 'evil".html\r\nX-Injected: 1.pdf',
        type: 'text/html',
        bytes: POLYGLOT_PDF,
      });
      if (created.statusCode >= 400) {
        // Refusing it is as good as neutralising it.
        expectProblem(created, 400, 'file_type_refused');
        return;
      }
      expect(created.statusCode, created.body).toBe(201);
      const id = (created.json() as { id: number }).id;
      const own = await app.inject({ method: 'GET', url: `/classified_ads/${id}/file`, headers: { cookie } });
      expectSafeFileHeaders(own, 'application/pdf', 'attachment');
      expect(own.headers['x-injected']).toBeUndefined();
      const staff = await app.inject({
        method: 'GET',
        url: `/staff/classified_ads/${id}/file`,
        headers: { cookie: staffCookie },
      });
      expectSafeFileHeaders(staff, 'application/pdf', 'attachment');
    });

    it('refuses an HTML file named .pdf (small ad and content file) and an SVG with script as an image', async () => {
      const before = await storedFiles();
      expectProblem(
        await postAd({ filename: 'ad.pdf', type: 'application/pdf', bytes: HTML }),
        400,
        'file_type_refused',
      );
      expectProblem(
        await uploadCms('cms_file', 'doc.pdf', 'application/pdf', HTML),
        400,
        'file_type_refused',
      );
      expectProblem(await uploadCms('cms_image', 'logo.svg', 'image/svg+xml', SVG), 400, 'file_type_refused');
      expectProblem(await uploadCms('cms_image', 'logo.png', 'image/png', SVG), 400, 'file_type_refused');
      expect(await storedFiles()).toBe(before);
    });

    it('serves a GIF/HTML polyglot image as image/gif (detected type, never the client’s), nosniff and sandboxed', async () => {
      const res = await uploadCms('cms_image', '../../index.html', 'text/html', GIF_POLYGLOT);
      expect(res.statusCode, res.body).toBe(201);
      const file = res.json() as { id: number; filename: string; content_type: string };
      expect(file.content_type).toBe('image/gif');
      expect(file.filename).toBe('index.gif');
      const served = await app.inject({ method: 'GET', url: `/cms/files/${file.id}` });
      expectSafeFileHeaders(served, 'image/gif', 'inline');
    });
  });

  describe('CSV formula injection', () => {
    const FORMULAS = [
      `=cmd|' /C calc'!A0`,
      '+HYPERLINK("http://evil.test")',
      "-2+3+cmd|' /C calc'!A0",
      "@SUM(1+1)*cmd|' /C calc'!A0",
      '\t=1+1',
      '\r=1+1',
    ];

    it('neutralises imported catalogue data starting with = + - @ tab or CR in the price list and promotions CSV', async () => {
      // Catalogue data as the import stores it: product names and skus of the fixture replaced.
      // One variant of each product every customer may see (visibility and vet groups).
      const variants = (
        await database.db.execute<{ id: number; productId: number }>(sql`
          SELECT DISTINCT ON (p.id) v.id, p.id AS "productId"
          FROM product_variants v JOIN products p ON p.id = v.product_id
          WHERE NOT p.not_sold_on_website AND cardinality(p.vet_group_ids) = 0
          ORDER BY p.id, v.id`)
      ).rows;
      expect(variants.length).toBeGreaterThanOrEqual(FORMULAS.length);
      const formulaSkus = new Map<string, string>();
      for (const [i, formula] of FORMULAS.entries()) {
        const v = variants[i]!;
        await database.db
          .update(productTranslations)
          .set({ name: formula })
          .where(eq(productTranslations.productId, v.productId));
        const sku = `${formula.slice(0, 1)}SKU${i}`;
        await database.db.update(productVariants).set({ sku }).where(eq(productVariants.id, v.id));
        formulaSkus.set(sku, formula);
      }
      // Every variant priced (and discounted) in the customer's price list.
      await database.db.execute(sql`
        INSERT INTO variant_prices (variant_id, price_list_id, gross_cents, net_cents, has_discount, discount_end, computed_on)
        SELECT v.id, (SELECT id FROM price_lists WHERE code = 'veterinary'), 1000, 900, true, '2099-12-31', current_date
        FROM product_variants v
        ON CONFLICT (variant_id, price_list_id) DO UPDATE SET has_discount = true, net_cents = 900`);
      for (const doc of ['price_list', 'promotions']) {
        const res = await app.inject({
          method: 'GET',
          url: `/documents/${doc}/download`,
          headers: { cookie },
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
        expect(res.headers['x-content-type-options'] ?? 'nosniff').toBe('nosniff');
        const rows = Papa.parse<string[]>(res.body.replace(/^\ufeff/, ''), { delimiter: ';' }).data.filter(
          (r) => r.length > 1,
        );
        expect(rows.length).toBeGreaterThan(1);
        const cells = rows.slice(1).flat();
        const dangerous = cells.filter((c) => /^[=+\-@\t\r]/.test(c));
        expect(dangerous, `${doc}: cells a spreadsheet would run`).toEqual([]);
        // The formulas are still there, quoted, for the reader.
        for (const [sku, formula] of formulaSkus) {
          const row = rows.find((r) => r[0] === `'${sku}` || r[0] === sku);
          expect(row, `${doc}: row of ${JSON.stringify(sku)}`).toBeDefined();
          expect(row![0]).toBe(/^[=+\-@\t\r]/.test(sku) ? `'${sku}` : sku);
          expect(row![1]!.startsWith(`'${formula}`)).toBe(true);
        }
      }
    });

    it('an order file of formulas adds nothing and answers each line as an error (JSON, not a spreadsheet)', async () => {
      const before = await cartLines();
      const csv = ['sku;quantity', ...FORMULAS.map((f) => `"${f.replace(/"/g, '""')}";1`), '=1+1;=1+1'].join(
        '\n',
      );
      const res = await uploadCsv('order.csv', Buffer.from(csv));
      expectProblem(res, 400, 'csv_no_valid_line');
      expect(await cartLines()).toBe(before);
    });
  });
});

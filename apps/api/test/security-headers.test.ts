/**
 * Security headers of the api's answers (docs/decisions/security-headers.md): every answer —
 * guest, customer and staff JSON, problems, a PDF download, a CSV download, an uploaded file —
 * carries `X-Content-Type-Options: nosniff`, a `Referrer-Policy`, and refuses framing
 * (`X-Frame-Options: DENY`, CSP `frame-ancestors 'none'` on the JSON answers, whose CSP is
 * `default-src 'none'`); an answer to a signed-in caller is `Cache-Control: no-store` unless the
 * route chose `private` caching; downloads are attachments. The web's own headers (pages, the
 * /api proxy) are asserted in e2e/security-headers.e2e.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.ts';
import { type Database } from '../src/db/client.ts';
import { openTestPglite } from './pglite-template.ts';
import type { Mailer } from '../src/modules/mail/mailer.ts';
import { createCustomer, createStaff, signIn } from './account-fixtures.ts';
import { insertSale } from './sales-fixtures.ts';

const silentMailer: Mailer = { send: async () => {} };

/** Headers every answer carries. */
function expectBaseHeaders(res: LightMyRequestResponse, label: string): void {
  expect(res.headers['x-content-type-options'], label).toBe('nosniff');
  expect(res.headers['referrer-policy'], label).toMatch(
    /^(no-referrer|strict-origin-when-cross-origin|same-origin)$/,
  );
  expect(res.headers['x-frame-options'], label).toBe('DENY');
}

/** Headers of a JSON (or problem+json) answer: a CSP that allows nothing and no framing. */
function expectJsonHeaders(res: LightMyRequestResponse, label: string): void {
  expectBaseHeaders(res, label);
  expect(res.headers['content-type'], label).toMatch(/^application\/(problem\+)?json/);
  const csp = String(res.headers['content-security-policy'] ?? '');
  expect(csp, label).toContain(`default-src 'none'`);
  expect(csp, label).toContain(`frame-ancestors 'none'`);
}

/** A private answer may not be stored by any cache. */
function expectNoStore(res: LightMyRequestResponse, label: string): void {
  expect(String(res.headers['cache-control'] ?? ''), label).toMatch(/\bno-store\b/);
}

/** A minimal PDF (file-type detects it by its `%PDF-` start). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

function multipart(
  parts: (
    { name: string; value: string } | { name: string; filename: string; type: string; bytes: Buffer }
  )[],
) {
  const boundary = `hdr-${Math.random().toString(36).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('value' in p)
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`,
        ),
      );
    else
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`,
        ),
        p.bytes,
        Buffer.from('\r\n'),
      );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('security headers of the api answers', () => {
  let database: Database;
  let app: FastifyInstance;
  let customerCookie = '';
  let staffCookie = '';
  let customerId = 0;

  beforeAll(async () => {
    database = await openTestPglite();
    app = await buildApp({ db: database, mailer: silentMailer, auth: { type: 'credentials' } });
    await app.ready();
    const c = await createCustomer(database.db);
    customerId = c.customerId;
    customerCookie = await signIn(app, c.login);
    staffCookie = await signIn(app, (await createStaff(database.db)).login);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const get = (url: string, cookie?: string) =>
    app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('guest JSON answers and problems: nosniff, referrer policy, no framing, CSP default-src none', async () => {
    for (const url of ['/health', '/settings', '/products?q=amox', '/auth/profile', '/no/such/route']) {
      const res = await get(url);
      expect(res.statusCode, url).toBeLessThan(500);
      expectJsonHeaders(res, `guest ${url} → ${res.statusCode}`);
    }
  });

  it('customer and staff JSON answers are also never stored by a cache', async () => {
    for (const [url, cookie] of [
      ['/auth/profile', customerCookie],
      ['/customer', customerCookie],
      ['/sales', customerCookie],
      ['/documents', customerCookie],
      ['/addresses', customerCookie],
      ['/staff/registrations', staffCookie],
      ['/staff/sales', staffCookie],
      ['/staff/registrations/999999/approve', customerCookie],
    ] as const) {
      const res = await get(url, cookie);
      expect(res.statusCode, url).toBeLessThan(500);
      const label = `${url} → ${res.statusCode}`;
      expectJsonHeaders(res, label);
      expectNoStore(res, label);
    }
  });

  it('a PDF and a CSV download: attachment, nosniff, no-store', async () => {
    const sale = await insertSale(database.db, customerId, {
      lines: [{ sku: 'HDR-1', name: 'Amoxicilline', qty: 2, priceUnitCents: 1000 }],
    });
    for (const url of [`/sales/${sale.id}/download`, '/documents/price_list/download']) {
      const res = await get(url, customerCookie);
      expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
      expectBaseHeaders(res, url);
      expect(res.headers['content-disposition'], url).toMatch(/^attachment;/);
      expectNoStore(res, url);
    }
  });

  it('an uploaded file: attachment (PDF), nosniff, sandboxed, no framing', async () => {
    const body = multipart([
      { name: 'purpose', value: 'cms_file' },
      { name: 'file', filename: 'leaflet.pdf', type: 'application/pdf', bytes: PDF },
    ]);
    const up = await app.inject({
      method: 'POST',
      url: '/staff/cms/files',
      headers: { cookie: staffCookie, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBeLessThan(300);
    expectJsonHeaders(up, 'upload answer');
    const id = (up.json() as { id: number }).id;
    const res = await get(`/cms/files/${id}`);
    expect(res.statusCode).toBe(200);
    expectBaseHeaders(res, 'cms file');
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(String(res.headers['content-security-policy'])).toMatch(/sandbox/);
  });

  it('the API documentation page keeps a policy that lets it run (no default-src none)', async () => {
    const res = await get('/docs/');
    expect(res.statusCode).toBeLessThan(400);
    expectBaseHeaders(res, '/docs/');
    expect(String(res.headers['content-security-policy'] ?? '')).not.toContain(`default-src 'none'`);
  });
});

/**
 * Small ads api (docs/product/community-and-content.md#small-ad-fields, docs/product/community-and-content.md#small-ad-states, docs/product/community-and-content.md#small-ad-rules, docs/product/accounts.md#moderation,
 * docs/product/community-and-content.md#classified-ads-calls) and the shared files module (docs/product/community-and-content.md#small-ads): every route and transition —
 * create (draft) → submit (pending) → staff publish (published, visible to others by region and
 * category while current) or refuse with a reason (cancel, the author sees it); any update back to
 * draft; update_set_to_draft; delete; the PDF checked by content (a text file renamed .pdf → 400),
 * the size cap (413), a 501-character body (400), dates, another customer's ad (404), a customer
 * on staff routes (403), guests (401), staff on customer routes (403).
 *
 * Runs on in-memory PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set (database
 * `vetshop_classified_ads_test`, recreated).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { businessDate, type ClassifiedAd, type ClassifiedAdList } from '@vetshop/domain';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { storedFiles } from '../src/db/schema.ts';
import { eq } from 'drizzle-orm';
import { checkUpload, storeFile } from '../src/modules/files/index.ts';
import { createCustomer, createStaff, signIn } from './account-fixtures.ts';
import { databaseTargets } from './targets.ts';

const targets = databaseTargets();

/** Expects a problem+json answer with `status` and `code`. */
function expectProblem(res: LightMyRequestResponse, status: number, code: string): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = res.json() as { code: string; status: number };
  expect(body.code).toBe(code);
  expect(body.status).toBe(status);
  expect(res.body).not.toMatch(/\bat .*\.ts:\d+/);
}

/** A minimal real PDF document. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const today = businessDate();
function shiftDays(iso: string, days: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const validFields = (over: Record<string, string> = {}): Record<string, string> => ({
  name: 'Cabinet à remettre',
  date_start: shiftDays(today, -1),
  date_end: shiftDays(today, 30),
  category: 'clientele',
  country_state_code: 'WLG',
  body: 'Clientèle mixte à Liège, reprise souhaitée en 2027.',
  contact: 'Dr Martin',
  phone: '+32 4 123 45 67',
  email: 'martin@example.test',
  ...over,
});

/** Builds a multipart body from text fields and an optional file. */
function multipart(
  fields: Record<string, string>,
  file?: { filename: string; bytes: Buffer; type?: string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----vetshop${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.type ?? 'application/pdf'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(targets)('classified ads on $name', (target) => {
  let app: FastifyInstance;
  let database: Database;
  const cookies = { a: '', a2: '', b: '', staff: '' };

  type Method = 'GET' | 'POST' | 'DELETE';
  const call = (method: Method, url: string, cookie: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    }) as Promise<LightMyRequestResponse>;

  const postForm = (
    url: string,
    cookie: string,
    fields: Record<string, string>,
    file?: { filename: string; bytes: Buffer; type?: string },
  ) => {
    const { payload, headers } = multipart(fields, file);
    return app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
    }) as Promise<LightMyRequestResponse>;
  };

  async function createAd(
    cookie: string,
    over: Record<string, string> = {},
    file?: { filename: string; bytes: Buffer },
  ): Promise<ClassifiedAd> {
    const res = await postForm('/classified_ads', cookie, validFields(over), file);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as ClassifiedAd;
  }

  async function publishedAd(cookie: string, over: Record<string, string> = {}): Promise<ClassifiedAd> {
    const ad = await createAd(cookie, over);
    expect((await call('POST', `/classified_ads/${ad.id}/submit`, cookie)).statusCode).toBe(200);
    const res = await call('POST', `/staff/classified_ads/${ad.id}/publish`, cookies.staff, {
      version: ad.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ClassifiedAd;
  }

  beforeAll(async () => {
    ({ database } = await target.open('vetshop_classified_ads_test'));
    app = await buildApp({ db: database, auth: { type: 'credentials' }, mailer: { send: async () => {} } });
    await app.ready();
    const db = database.db;
    const a = await createCustomer(db);
    const b = await createCustomer(db, { fn: 'nurse' });
    const staff = await createStaff(db);
    cookies.a = await signIn(app, a.login);
    cookies.b = await signIn(app, b.login);
    cookies.staff = await signIn(app, staff.login);
    // A second user of customer A's practice.
    const { users } = await import('../src/db/schema.ts');
    const { hashPassword } = await import('../src/modules/auth/password.ts');
    const { FIXTURE_PASSWORD } = await import('./account-fixtures.ts');
    const login2 = `a2-${Date.now()}@example.test`;
    await db.insert(users).values({
      customerId: a.customerId,
      login: login2,
      email: login2,
      passwordHash: await hashPassword(FIXTURE_PASSWORD),
      name: 'Second user',
      role: 'veterinary',
      function: 'veterinary',
      priceList: 'veterinary',
      emailVerified: true,
    });
    cookies.a2 = await signIn(app, login2);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('creates a draft with a PDF, serves the PDF safely and lists it among my ads', async () => {
    const ad = await createAd(cookies.a, {}, { filename: 'annonce.pdf', bytes: PDF });
    expect(ad).toMatchObject({
      state: 'draft',
      is_owner: true,
      category: 'clientele',
      country_state_code: 'WLG',
      rejection_reason: null,
      customer_name: null,
    });
    expect(ad.file).toMatchObject({ filename: 'annonce.pdf', size: PDF.length });
    const [row] = await database.db.select().from(storedFiles).where(eq(storedFiles.filename, 'annonce.pdf'));
    expect(row?.contentType).toBe('application/pdf');
    expect(row?.sha256).toMatch(/^[0-9a-f]{64}$/);

    const file = await call('GET', ad.file!.url, cookies.a);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="annonce\.pdf"/);
    expect(file.rawPayload.equals(PDF)).toBe(true);

    // Another user of the same practice sees and edits it too; another customer does not see a draft.
    expect((await call('GET', `/classified_ads/${ad.id}`, cookies.a2)).json()).toMatchObject({
      is_owner: true,
    });
    expectProblem(await call('GET', `/classified_ads/${ad.id}`, cookies.b), 404, 'not_found');
    expectProblem(await call('GET', `/classified_ads/${ad.id}/file`, cookies.b), 404, 'not_found');

    const mine = (
      await call('GET', '/classified_ads/my_classified_ads?per_page=50&page=1&state=draft', cookies.a)
    ).json() as ClassifiedAdList;
    expect(mine.items.map((i) => i.id)).toContain(ad.id);
    const minePending = (
      await call('GET', '/classified_ads/my_classified_ads?state=pending', cookies.a)
    ).json() as ClassifiedAdList;
    expect(minePending.items.map((i) => i.id)).not.toContain(ad.id);
    const theirs = (
      await call('GET', '/classified_ads/my_classified_ads', cookies.b)
    ).json() as ClassifiedAdList;
    expect(theirs.items.map((i) => i.id)).not.toContain(ad.id);
  });

  it('refuses a non-PDF renamed .pdf, a too large file, a 501-character body and bad fields', async () => {
    const before = (await database.db.select({ id: storedFiles.id }).from(storedFiles)).length;
    const fake = await postForm('/classified_ads', cookies.a, validFields(), {
      filename: 'invoice.pdf',
      bytes: Buffer.from('This is plain text pretending to be a PDF.\n'.repeat(20)),
    });
    expectProblem(fake, 400, 'file_type_refused');
    // A PNG renamed .pdf and declared application/pdf is refused too.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    expectProblem(
      await postForm('/classified_ads', cookies.a, validFields(), { filename: 'photo.pdf', bytes: png }),
      400,
      'file_type_refused',
    );
    const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024, 0x20)]);
    const tooLarge = await postForm('/classified_ads', cookies.a, validFields(), {
      filename: 'big.pdf',
      bytes: big,
    });
    expectProblem(tooLarge, 413, 'file_too_large');
    expect(tooLarge.json()).toMatchObject({ detail: 'The file cannot exceed 5 MB' });
    expect((await database.db.select({ id: storedFiles.id }).from(storedFiles)).length).toBe(before);

    const longBody = await postForm('/classified_ads', cookies.a, validFields({ body: 'x'.repeat(501) }));
    expectProblem(longBody, 400, 'bad_request');
    expect(longBody.json().errors).toEqual([{ field: 'body', code: 'too_long' }]);
    // 500 characters exactly are fine.
    await createAd(cookies.a, { body: 'é'.repeat(500) });

    const missing = await postForm('/classified_ads', cookies.a, {
      ...validFields(),
      contact: ' ',
      phone: '',
    });
    expectProblem(missing, 400, 'bad_request');
    expect(missing.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'contact', code: 'required' },
        { field: 'phone', code: 'required' },
      ]),
    );
    const dates = await postForm(
      '/classified_ads',
      cookies.a,
      validFields({ date_start: '2026-06-10', date_end: '2026-06-09' }),
    );
    expect(dates.json().errors).toEqual([{ field: 'date_end', code: 'date_end_before_start' }]);
    const badDate = await postForm('/classified_ads', cookies.a, validFields({ date_start: '31/12/2026' }));
    expect(badDate.json().errors).toEqual([{ field: 'date_start', code: 'invalid_date' }]);
    const enums = await postForm(
      '/classified_ads',
      cookies.a,
      validFields({ category: 'cars', country_state_code: 'PAR' }),
    );
    expect(enums.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'category', code: 'unknown_category' },
        { field: 'country_state_code', code: 'unknown_region' },
      ]),
    );
    expectProblem(
      await app.inject({
        method: 'POST',
        url: '/classified_ads',
        headers: { cookie: cookies.a },
        payload: validFields(),
      }),
      400,
      'multipart_expected',
    );
  });

  it('submit → pending → publish: others find it by region and category; then edit → back to draft', async () => {
    const ad = await createAd(cookies.a, {
      country_state_code: 'VLI',
      category: 'equipment',
      name: 'Échographe',
    });
    const submitted = await call('POST', `/classified_ads/${ad.id}/submit`, cookies.a);
    expect(submitted.json()).toMatchObject({ state: 'pending' });
    expect((submitted.json() as ClassifiedAd).submitted_at).not.toBeNull();
    expectProblem(await call('POST', `/classified_ads/${ad.id}/submit`, cookies.a), 409, 'invalid_state');

    // Pending: in the staff queue, not public.
    const queue = (await call('GET', '/staff/classified_ads', cookies.staff)).json() as ClassifiedAdList;
    const inQueue = queue.items.find((i) => i.id === ad.id);
    expect(inQueue?.customer_name).toMatch(/^Practice /);
    expect(inQueue?.is_owner).toBe(false);
    const searchB = () =>
      call('GET', '/classified_ads/search?region=VLI&page_size=50&page=1', cookies.b).then(
        (r) => r.json() as ClassifiedAdList,
      );
    expect((await searchB()).items.map((i) => i.id)).not.toContain(ad.id);

    const published = await call('POST', `/staff/classified_ads/${ad.id}/publish`, cookies.staff, {
      version: ad.version,
    });
    expect(published.json()).toMatchObject({ state: 'published' });
    expectProblem(
      await call('POST', `/staff/classified_ads/${ad.id}/publish`, cookies.staff, { version: ad.version }),
      409,
      'invalid_state',
    );

    const found = await searchB();
    expect(found.items.map((i) => i.id)).toContain(ad.id);
    expect(found.items.every((i) => i.country_state_code === 'VLI' && i.state === 'published')).toBe(true);
    expect(found.items.find((i) => i.id === ad.id)).toMatchObject({ is_owner: false, customer_name: null });
    const byCategory = (
      await call('GET', '/classified_ads/search?category=equipment', cookies.b)
    ).json() as ClassifiedAdList;
    expect(byCategory.items.map((i) => i.id)).toContain(ad.id);
    const otherRegion = (
      await call('GET', '/classified_ads/search?region=WHT', cookies.b)
    ).json() as ClassifiedAdList;
    expect(otherRegion.items.map((i) => i.id)).not.toContain(ad.id);
    expect((await call('GET', `/classified_ads/${ad.id}`, cookies.b)).json()).toMatchObject({
      id: ad.id,
      is_owner: false,
    });

    // Customer B cannot edit it (404), the owner's update sends it back to draft.
    expectProblem(await postForm(`/classified_ads/${ad.id}`, cookies.b, validFields()), 404, 'not_found');
    expectProblem(
      await call('POST', `/classified_ads/${ad.id}/update_set_to_draft`, cookies.b),
      404,
      'not_found',
    );
    expectProblem(await call('POST', `/classified_ads/${ad.id}/submit`, cookies.b), 404, 'not_found');
    expectProblem(await call('DELETE', `/classified_ads/${ad.id}`, cookies.b), 404, 'not_found');
    const edited = await postForm(
      `/classified_ads/${ad.id}`,
      cookies.a,
      validFields({ country_state_code: 'VLI', category: 'equipment', name: 'Échographe portable' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ state: 'draft', name: 'Échographe portable' });
    expect((await searchB()).items.map((i) => i.id)).not.toContain(ad.id);
    expectProblem(await call('GET', `/classified_ads/${ad.id}`, cookies.b), 404, 'not_found');
  });

  it('staff refuses with a reason the author sees; resubmitting clears it', async () => {
    const ad = await createAd(cookies.a, { name: 'Chiots à donner', category: 'animals' });
    await call('POST', `/classified_ads/${ad.id}/submit`, cookies.a);
    expectProblem(
      await call('POST', `/staff/classified_ads/${ad.id}/refuse`, cookies.staff, { reason: '', version: 1 }),
      400,
      'bad_request',
    );
    const refused = await call('POST', `/staff/classified_ads/${ad.id}/refuse`, cookies.staff, {
      reason: 'Les animaux ne peuvent pas être donnés par annonce.',
      version: ad.version,
    });
    expect(refused.json()).toMatchObject({ state: 'cancel' });
    const seen = (await call('GET', `/classified_ads/${ad.id}`, cookies.a)).json() as ClassifiedAd;
    expect(seen).toMatchObject({
      state: 'cancel',
      rejection_reason: 'Les animaux ne peuvent pas être donnés par annonce.',
    });
    const mine = (
      await call('GET', '/classified_ads/my_classified_ads?state=cancel', cookies.a)
    ).json() as ClassifiedAdList;
    expect(mine.items.find((i) => i.id === ad.id)?.rejection_reason).toMatch(/animaux/);
    expectProblem(
      await call('POST', `/staff/classified_ads/${ad.id}/publish`, cookies.staff, { version: ad.version }),
      409,
      'invalid_state',
    );
    expectProblem(await call('POST', `/classified_ads/${ad.id}/submit`, cookies.a), 409, 'invalid_state');

    const draft = await call('POST', `/classified_ads/${ad.id}/update_set_to_draft`, cookies.a);
    expect(draft.json()).toMatchObject({ state: 'draft' });
    const again = await call('POST', `/classified_ads/${ad.id}/submit`, cookies.a);
    expect(again.json()).toMatchObject({ state: 'pending', rejection_reason: null });

    // A published ad can be withdrawn by staff with a reason too.
    const pub = await publishedAd(cookies.a);
    const withdrawn = await call('POST', `/staff/classified_ads/${pub.id}/refuse`, cookies.staff, {
      reason: 'Expired offer.',
      version: pub.version,
    });
    expect(withdrawn.json()).toMatchObject({ state: 'cancel', rejection_reason: 'Expired offer.' });
    expectProblem(
      await call('POST', '/staff/classified_ads/999999/publish', cookies.staff, { version: 1 }),
      404,
      'not_found',
    );
  });

  // docs/decisions/small-ads.md "Moderation names the version": staff publish what they saw.
  it('moderation names the version reviewed: an edit resubmitted after staff opened the ad is refused with 409', async () => {
    const ad = await createAd(cookies.a, { name: 'Table d’examen', body: 'Table inox, bon état.' });
    await call('POST', `/classified_ads/${ad.id}/submit`, cookies.a);
    const opened = (
      await call('GET', `/staff/classified_ads/${ad.id}`, cookies.staff)
    ).json() as ClassifiedAd;
    expect(opened.version).toBe(1);
    const queue = (await call('GET', '/staff/classified_ads', cookies.staff)).json() as ClassifiedAdList;
    expect(queue.items.find((i) => i.id === ad.id)?.version).toBe(1);
    // The customer edits and resubmits while staff read version 1.
    const edited = await postForm(
      `/classified_ads/${ad.id}`,
      cookies.a,
      validFields({ name: 'Table d’examen', body: 'Appelez-moi sur un autre numéro.' }),
    );
    expect(edited.json()).toMatchObject({ state: 'draft', version: 2 });
    expect((await call('POST', `/classified_ads/${ad.id}/submit`, cookies.a)).json()).toMatchObject({
      state: 'pending',
      version: 2,
    });
    const stale = await call('POST', `/staff/classified_ads/${ad.id}/publish`, cookies.staff, {
      version: opened.version,
    });
    expectProblem(stale, 409, 'ad_changed');
    expectProblem(
      await call('POST', `/staff/classified_ads/${ad.id}/refuse`, cookies.staff, {
        reason: 'Coordonnées manquantes.',
        version: opened.version,
      }),
      409,
      'ad_changed',
    );
    expect((await call('GET', `/staff/classified_ads/${ad.id}`, cookies.staff)).json()).toMatchObject({
      state: 'pending',
      body: 'Appelez-moi sur un autre numéro.',
    });
    // Without the version the action is a 400; with the version now shown it goes through.
    expectProblem(
      await call('POST', `/staff/classified_ads/${ad.id}/publish`, cookies.staff),
      400,
      'bad_request',
    );
    const published = await call('POST', `/staff/classified_ads/${ad.id}/publish`, cookies.staff, {
      version: 2,
    });
    expect(published.json()).toMatchObject({ state: 'published', version: 2 });
  });

  it('update_set_to_draft withdraws a published ad; only current ads are public', async () => {
    const pub = await publishedAd(cookies.a, { country_state_code: 'WNA' });
    const res = await call('POST', `/classified_ads/${pub.id}/update_set_to_draft`, cookies.a);
    expect(res.json()).toMatchObject({ state: 'draft' });
    expectProblem(await call('GET', `/classified_ads/${pub.id}`, cookies.b), 404, 'not_found');

    const future = await publishedAd(cookies.a, {
      country_state_code: 'WNA',
      date_start: shiftDays(today, 5),
      date_end: shiftDays(today, 10),
    });
    const past = await publishedAd(cookies.a, {
      country_state_code: 'WNA',
      date_start: shiftDays(today, -10),
      date_end: shiftDays(today, -1),
    });
    const current = await publishedAd(cookies.a, {
      country_state_code: 'WNA',
      date_start: today,
      date_end: today,
    });
    const ids = (
      (await call('GET', '/classified_ads/search?region=WNA', cookies.b)).json() as ClassifiedAdList
    ).items.map((i) => i.id);
    expect(ids).toContain(current.id);
    expect(ids).not.toContain(future.id);
    expect(ids).not.toContain(past.id);
    expectProblem(await call('GET', `/classified_ads/${future.id}`, cookies.b), 404, 'not_found');
    // The owner still sees them.
    expect((await call('GET', `/classified_ads/${future.id}`, cookies.a)).statusCode).toBe(200);
  });

  it('replaces and deletes the document, deletes the ad with its file', async () => {
    const ad = await createAd(cookies.a, {}, { filename: 'v1.pdf', bytes: PDF });
    const v2 = Buffer.concat([PDF, Buffer.from('% version 2\n')]);
    const replaced = (
      await postForm(`/classified_ads/${ad.id}`, cookies.a, validFields(), { filename: 'v2.pdf', bytes: v2 })
    ).json() as ClassifiedAd;
    expect(replaced.file?.filename).toBe('v2.pdf');
    expect(
      await database.db.select().from(storedFiles).where(eq(storedFiles.filename, 'v1.pdf')),
    ).toHaveLength(0);
    // An update without a file keeps the document.
    const kept = (
      await postForm(`/classified_ads/${ad.id}`, cookies.a, validFields())
    ).json() as ClassifiedAd;
    expect(kept.file?.filename).toBe('v2.pdf');
    const removed = (
      await postForm(`/classified_ads/${ad.id}`, cookies.a, validFields({ file_delete: 'true' }))
    ).json() as ClassifiedAd;
    expect(removed.file).toBeNull();
    expect(
      await database.db.select().from(storedFiles).where(eq(storedFiles.filename, 'v2.pdf')),
    ).toHaveLength(0);
    expectProblem(await call('GET', `/classified_ads/${ad.id}/file`, cookies.a), 404, 'not_found');

    const withFile = await createAd(cookies.a, {}, { filename: 'gone.pdf', bytes: PDF });
    const del = await call('DELETE', `/classified_ads/${withFile.id}`, cookies.a);
    expect(del.statusCode).toBe(204);
    expectProblem(await call('GET', `/classified_ads/${withFile.id}`, cookies.a), 404, 'not_found');
    expect(
      await database.db.select().from(storedFiles).where(eq(storedFiles.filename, 'gone.pdf')),
    ).toHaveLength(0);
    expectProblem(await call('DELETE', `/classified_ads/${withFile.id}`, cookies.a), 404, 'not_found');
  });

  it('staff lists by state, reads any ad and its PDF', async () => {
    const ad = await createAd(cookies.b, {}, { filename: 'staff.pdf', bytes: PDF });
    const drafts = (
      await call('GET', '/staff/classified_ads?state=draft&page_size=100', cookies.staff)
    ).json() as ClassifiedAdList;
    expect(drafts.items.map((i) => i.id)).toContain(ad.id);
    expect(drafts.items.every((i) => i.state === 'draft')).toBe(true);
    const detail = (
      await call('GET', `/staff/classified_ads/${ad.id}`, cookies.staff)
    ).json() as ClassifiedAd;
    expect(detail.file?.url).toBe(`/staff/classified_ads/${ad.id}/file`);
    const pdf = await call('GET', detail.file!.url, cookies.staff);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('guards: guests 401, customers on staff routes 403, staff on customer routes 403, bad input 400', async () => {
    const ad = await createAd(cookies.a);
    expectProblem(await call('GET', '/classified_ads/search', ''), 401, 'unauthorized');
    expectProblem(await call('GET', `/classified_ads/${ad.id}`, ''), 401, 'unauthorized');
    expectProblem(await postForm('/classified_ads', '', validFields()), 401, 'unauthorized');
    for (const [method, url, body] of [
      ['GET', '/staff/classified_ads', undefined],
      ['GET', `/staff/classified_ads/${ad.id}`, undefined],
      ['GET', `/staff/classified_ads/${ad.id}/file`, undefined],
      ['POST', `/staff/classified_ads/${ad.id}/publish`, { version: 1 }],
      ['POST', `/staff/classified_ads/${ad.id}/refuse`, { reason: 'no', version: 1 }],
    ] as const) {
      expectProblem(await call(method, url, cookies.a, body), 403, 'forbidden');
      expectProblem(await call(method, url, '', body), 401, 'unauthorized');
    }
    expectProblem(await call('GET', '/classified_ads/my_classified_ads', cookies.staff), 403, 'forbidden');
    expectProblem(await call('GET', '/classified_ads/abc', cookies.a), 400, 'bad_request');
    expectProblem(await call('GET', '/classified_ads/search?region=XX', cookies.a), 400, 'bad_request');
    expectProblem(
      await call('GET', '/classified_ads/my_classified_ads?state=gone', cookies.a),
      400,
      'bad_request',
    );
    expectProblem(await call('GET', '/classified_ads/search?page_size=0', cookies.a), 400, 'bad_request');
  });

  it('files module: type from the bytes, per-purpose caps and rules', async () => {
    await expect(checkUpload('classified_ad', { filename: 'a.pdf', bytes: PDF })).resolves.toEqual({
      contentType: 'application/pdf',
      ext: 'pdf',
    });
    await expect(checkUpload('cms_image', { filename: 'a.png', bytes: PDF })).rejects.toMatchObject({
      status: 400,
      code: 'file_type_refused',
    });
    await expect(checkUpload('lead', { filename: 'x.pdf', bytes: Buffer.alloc(0) })).rejects.toMatchObject({
      code: 'file_empty',
    });
    const stored = await storeFile(database.db, {
      purpose: 'lead',
      filename: '../../etc/"evil".exe',
      bytes: PDF,
      ownerUserId: null,
    });
    expect(stored.filename).toBe('evil.pdf');
    expect(stored.contentType).toBe('application/pdf');
    expect(stored.size).toBe(PDF.length);
  });
});

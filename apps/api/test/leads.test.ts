/**
 * Contact forms and leads api (docs/product/community-and-content.md#forms, docs/product/community-and-content.md#contact-request, docs/product/community-and-content.md#forms GET form, POST form/{id},
 * POST leads; docs/product/back-office.md#contact-forms-and-leads staff /staff/leads and /staff/forms): every route, answers checked against the
 * stored definition (required, types, lengths, email, options, unknown fields → 400), attachments
 * checked on their content (a text file renamed .pdf → 400), the staff mail (staff users, or
 * MAIL_STAFF_TO) and the acknowledgement in the sender's language, the per-address rate limit of
 * anonymous posts (429 + Retry-After), the staff guard (401 guest, 403 customer) and form CRUD.
 *
 * Runs on in-memory PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set (database
 * `vetshop_leads_test`, recreated).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Lead, LeadList, PublicForm, StaffForm } from '@vetshop/domain';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import type { MailMessage } from '../src/modules/mail/mailer.ts';
import { DEFAULT_FORMS, seedDefaultForms } from '../src/modules/leads/seed.ts';
import { createCustomer, createStaff, signIn } from './account-fixtures.ts';
import { insertFixture } from './fixtures.ts';
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

/** Field errors of a 400 problem. */
function fieldErrors(res: LightMyRequestResponse): { field: string; code: string }[] {
  return (res.json() as { errors?: { field: string; code: string }[] }).errors ?? [];
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

interface FilePart {
  filename: string;
  bytes: Buffer;
  type?: string;
  field?: string;
}

/** A multipart body with a `data` part (omitted when undefined) and file parts. */
function multipart(
  data: unknown,
  files: FilePart[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----leads${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  if (data !== undefined) {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${text}\r\n`),
    );
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'files'}"; filename="${f.filename}"\r\nContent-Type: ${f.type ?? 'application/pdf'}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const contactRequest = (email: string) => ({
  subject: 'delivery',
  email,
  name: 'Claire Martin',
  phone: '+32 2 123 45 67',
  company: 'Clinique du Parc',
  address: 'Rue du Parc 1, 1000 Bruxelles',
  description: 'Ma livraison de mardi est incomplète.',
  lang: 'fr',
});

describe.each(targets)('leads on $name', (target) => {
  let app: FastifyInstance;
  let database: Database;
  const sent: MailMessage[] = [];
  const cookies = { customer: '', staff: '' };
  let staffEmail = '';
  const forms: Record<string, PublicForm> = {};
  let ipSeq = 0;
  /** A fresh client address, so the per-address limit of one test does not leak into another. */
  const freshIp = () => `10.20.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

  const postForm = (id: number, body: unknown, opts: { cookie?: string; ip?: string; lang?: string } = {}) =>
    app.inject({
      method: 'POST',
      url: `/form/${id}${opts.lang ? `?lang=${opts.lang}` : ''}`,
      headers: opts.cookie ? { cookie: opts.cookie } : {},
      remoteAddress: opts.ip ?? freshIp(),
      payload: body as Record<string, unknown>,
    }) as Promise<LightMyRequestResponse>;

  const postLead = (data: unknown, files: FilePart[] = [], opts: { cookie?: string; ip?: string } = {}) => {
    const { payload, headers } = multipart(data, files);
    return app.inject({
      method: 'POST',
      url: '/leads',
      headers: { ...headers, ...(opts.cookie ? { cookie: opts.cookie } : {}) },
      remoteAddress: opts.ip ?? freshIp(),
      payload,
    }) as Promise<LightMyRequestResponse>;
  };

  const get = (url: string, cookie = '') =>
    app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} }) as Promise<LightMyRequestResponse>;
  const post = (url: string, cookie: string, payload?: unknown) =>
    app.inject({
      method: 'POST',
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    }) as Promise<LightMyRequestResponse>;

  const leadCount = async () =>
    Number((await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM leads`)).rows[0]?.n);

  beforeAll(async () => {
    ({ database } = await target.open('vetshop_leads_test'));
    await insertFixture(database.db);
    expect(await seedDefaultForms(database.db)).toBe(DEFAULT_FORMS.length);
    app = await buildApp({
      db: database,
      auth: { type: 'credentials', siteUrl: 'https://shop.example' },
      mailer: { send: async (m) => void sent.push(m) },
    });
    await app.ready();
    const customer = await createCustomer(database.db);
    const staff = await createStaff(database.db);
    staffEmail = String(
      (await database.db.execute<{ email: string }>(sql`SELECT email FROM users WHERE id = ${staff.userId}`))
        .rows[0]?.email,
    );
    cookies.customer = await signIn(app, customer.login);
    cookies.staff = await signIn(app, staff.login);
    const res = await get('/form?lang=en');
    for (const f of res.json() as PublicForm[]) forms[f.code] = f;
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('seeds the default forms once and serves them with labels in the asked locale', async () => {
    expect(await seedDefaultForms(database.db)).toBe(0);
    const nl = (await get('/form?lang=nl')).json() as PublicForm[];
    expect(nl.map((f) => f.code)).toEqual(['contact', 'order_question', 'registration_question']);
    const contact = nl[0]!;
    expect(contact.name).toBe('Contact opnemen');
    expect(contact.attachments).toBe(true);
    const subject = contact.fields.find((f) => f.name === 'subject')!;
    expect(subject.type).toBe('select');
    expect(subject.options.map((o) => o.value)).toEqual([
      'order',
      'delivery',
      'invoice',
      'product',
      'account',
      'membership',
      'other',
    ]);
    expect(subject.options[1]!.label).toBe('Levering');
    expect(contact.fields.find((f) => f.name === 'description')!.max_length).toBe(5000);
    expect(forms.order_question!.subject).toBe('order');
    expect(forms.registration_question!.attachments).toBe(false);
    expectProblem(await get('/form?lang=de'), 400, 'bad_request');
  });

  it('POST form/{id} stores the answers, mails staff and acknowledges in the sender language', async () => {
    sent.length = 0;
    const form = forms.order_question!;
    const res = await postForm(
      form.id,
      {
        name: 'Tom Peeters',
        email: 'Tom@Example.test',
        order_reference: 'S0042',
        description: 'Waar blijft mijn bestelling?',
      },
      { lang: 'nl' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as { id: number };
    const lead = (await get(`/staff/leads/${id}`, cookies.staff)).json() as Lead;
    expect(lead).toMatchObject({
      form_id: form.id,
      form_code: 'order_question',
      subject: 'order',
      email: 'tom@example.test',
      name: 'Tom Peeters',
      locale: 'nl',
      state: 'new',
      data: { order_reference: 'S0042' },
      files: [],
    });
    const staffMail = sent.find((m) => m.to.includes(staffEmail));
    expect(staffMail?.subject).toMatch(new RegExp(`#${id}|${id}`));
    expect(staffMail?.text).toContain('S0042');
    expect(staffMail?.text).toContain(`https://shop.example/`);
    const ack = sent.find((m) => m.to === 'tom@example.test');
    expect(ack?.subject).toBe('We hebben uw bericht goed ontvangen');
    expect(ack?.text).toContain(`nr. ${id}`);
  });

  it('acknowledges with a fixed template: none of the sender’s free text reaches the typed address', async () => {
    sent.length = 0;
    const bait = {
      subject: 'other',
      name: 'Win a prize at https://evil.example/claim',
      email: 'victim@example.test',
      phone: '+32 470 00 00 00',
      company: 'Spam Corp https://evil.example/co',
      address: 'Visit https://evil.example/addr',
      description: 'Your account is locked: log in at https://evil.example/login',
    };
    const res = await postForm(forms.contact!.id, bait, { lang: 'en' });
    expect(res.statusCode, res.body).toBe(201);
    const ack = sent.find((m) => m.to === 'victim@example.test');
    expect(ack, 'an acknowledgement is sent').toBeDefined();
    for (const part of [ack!.subject, ack!.text, ack!.html ?? ''])
      for (const text of ['evil.example', 'Win a prize', 'Spam Corp', 'locked', '470 00'])
        expect(part).not.toContain(text);
    expect(ack!.text).toContain(`#${(res.json() as { id: number }).id}`);
    // Staff still see everything.
    const staffMail = sent.find((m) => m.to.includes(staffEmail));
    expect(staffMail?.text).toContain('https://evil.example/login');
  });

  it('POST form/{id} refuses answers that break the definition (400) and unknown forms (404)', async () => {
    const id = forms.contact!.id;
    const before = await leadCount();
    const valid = { subject: 'product', name: 'A', email: 'a@example.test', description: 'Hello' };

    let res = await postForm(id, { ...valid, description: '' });
    expectProblem(res, 400, 'bad_request');
    expect(fieldErrors(res)).toContainEqual({ field: 'answers.description', code: 'required' });

    res = await postForm(id, { ...valid, email: 'not-an-email' });
    expect(fieldErrors(res)).toContainEqual({ field: 'answers.email', code: 'invalid_email' });

    res = await postForm(id, { ...valid, description: 'x'.repeat(5001) });
    expect(fieldErrors(res)).toContainEqual({ field: 'answers.description', code: 'too_long' });

    res = await postForm(id, { ...valid, subject: 'holidays' });
    expect(fieldErrors(res)).toContainEqual({ field: 'answers.subject', code: 'invalid_option' });

    res = await postForm(id, { ...valid, name: 42 });
    expectProblem(res, 400, 'bad_request');

    res = await postForm(id, { ...valid, favourite_colour: 'blue' });
    expect(fieldErrors(res)).toContainEqual({ field: 'answers.favourite_colour', code: 'unknown_field' });

    expectProblem(await postForm(999_999, valid), 404, 'not_found');
    expectProblem(await postForm(0, valid), 400, 'bad_request');
    expect(await leadCount()).toBe(before);
  });

  it('POST leads stores a contact request with its attachments; staff download them', async () => {
    sent.length = 0;
    const res = await postLead(contactRequest('claire@example.test'), [
      { filename: 'bon de livraison.pdf', bytes: PDF },
      { filename: 'photo.png', bytes: PNG, type: 'image/png' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { id, files } = res.json() as { id: number; files: number };
    expect(files).toBe(2);
    const lead = (await get(`/staff/leads/${id}`, cookies.staff)).json() as Lead;
    expect(lead).toMatchObject({
      form_id: null,
      subject: 'delivery',
      company: 'Clinique du Parc',
      locale: 'fr',
    });
    expect(lead.files.map((f) => f.content_type)).toEqual(['application/pdf', 'image/png']);
    const file = await get(`/staff/leads/${id}/files/${lead.files[0]!.id}`, cookies.staff);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment/);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    // A file of another lead is not reachable through this one.
    expectProblem(
      await get(`/staff/leads/${id + 1000}/files/${lead.files[0]!.id}`, cookies.staff),
      404,
      'not_found',
    );
    expect(sent.find((m) => m.to.includes(staffEmail))?.text).toContain('bon de livraison.pdf');
    expect(sent.find((m) => m.to === 'claire@example.test')?.subject).toBe(
      'Nous avons bien reçu votre message',
    );
  });

  it('POST leads answers a stored form; a form without attachments refuses files', async () => {
    const res = await postLead(
      {
        form_id: forms.contact!.id,
        lang: 'en',
        answers: { subject: 'invoice', name: 'Ann', email: 'ann@example.test', description: 'Copy please' },
      },
      [{ filename: 'scan.png', bytes: PNG, type: 'image/png' }],
    );
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as { files: number }).files).toBe(1);

    const refused = await postLead(
      {
        form_id: forms.registration_question!.id,
        answers: { name: 'Bo', email: 'bo@example.test', profession: 'student', description: 'How?' },
      },
      [{ filename: 'cv.pdf', bytes: PDF }],
    );
    expectProblem(refused, 400, 'attachments_not_allowed');
  });

  it('POST leads refuses bad input: file type by content, missing or broken data, subject, too many files', async () => {
    const before = await leadCount();
    const renamed = await postLead(contactRequest('x@example.test'), [
      {
        filename: 'invoice.pdf',
        bytes: Buffer.from('just some text, not a PDF at all'),
        type: 'application/pdf',
      },
    ]);
    expectProblem(renamed, 400, 'file_type_refused');
    expectProblem(await postLead(undefined, [{ filename: 'a.pdf', bytes: PDF }]), 400, 'data_missing');
    expectProblem(await postLead('{not json'), 400, 'invalid_json');
    const badSubject = await postLead({ ...contactRequest('x@example.test'), subject: 'spam' });
    expect(fieldErrors(badSubject)).toContainEqual({ field: 'data.subject', code: 'invalid_option' });
    const noEmail = await postLead({ ...contactRequest(''), email: '' });
    expect(fieldErrors(noEmail)).toContainEqual({ field: 'data.email', code: 'required' });
    const extra = await postLead({ ...contactRequest('x@example.test'), admin: true });
    expect(fieldErrors(extra)).toContainEqual({ field: 'data.admin', code: 'unknown_field' });
    const six = Array.from({ length: 6 }, (_, i) => ({ filename: `f${i}.pdf`, bytes: PDF }));
    expectProblem(await postLead(contactRequest('x@example.test'), six), 400, 'too_many_files');
    const json = await app.inject({
      method: 'POST',
      url: '/leads',
      remoteAddress: freshIp(),
      payload: contactRequest('x@example.test'),
    });
    expectProblem(json, 400, 'multipart_expected');
    expect(await leadCount()).toBe(before);
    const stray = Number(
      (
        await database.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM stored_files WHERE purpose = 'lead' AND id NOT IN (SELECT file_id FROM lead_files)`,
        )
      ).rows[0]?.n,
    );
    expect(stray).toBe(0);
  });

  it('limits anonymous posts per address (429 with Retry-After); signed-in users and other addresses pass', async () => {
    const ip = freshIp();
    const body = { subject: 'other', name: 'R', email: 'r@example.test', description: 'Spam?' };
    for (let i = 0; i < 5; i++)
      expect((await postForm(forms.contact!.id, body, { ip })).statusCode).toBe(201);
    const limited = await postForm(forms.contact!.id, body, { ip });
    expectProblem(limited, 429, 'too_many_requests');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expectProblem(await postLead(contactRequest('r@example.test'), [], { ip }), 429, 'too_many_requests');
    expect((await postForm(forms.contact!.id, body, { ip, cookie: cookies.customer })).statusCode).toBe(201);
    expect((await postForm(forms.contact!.id, body)).statusCode).toBe(201);
  });

  it('holds the guest limit under 20 parallel posts: exactly 5 accepted, 15 × 429 problem+json', async () => {
    const ip = freshIp();
    const before = await leadCount();
    const body = { subject: 'other', name: 'R', email: 'race@example.test', description: 'Race' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? postForm(forms.contact!.id, body, { ip })
          : postLead(contactRequest('race@example.test'), [], { ip }),
      ),
    );
    const accepted = answers.filter((r) => r.statusCode === 201);
    const limited = answers.filter((r) => r.statusCode === 429);
    expect(accepted).toHaveLength(5);
    expect(limited).toHaveLength(15);
    for (const r of limited) {
      expectProblem(r, 429, 'too_many_requests');
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await leadCount()) - before).toBe(5);
  });

  it('ignores a forged X-Forwarded-For from an untrusted peer (the limit stays on the peer address)', async () => {
    const peer = '198.51.100.23'; // not loopback: not a trusted proxy
    const body = { subject: 'other', name: 'F', email: 'forge@example.test', description: 'Forged' };
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await app.inject({
        method: 'POST',
        url: `/form/${forms.contact!.id}`,
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        remoteAddress: peer,
        payload: body,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
  });

  it('keeps the staff routes for staff: 401 guest, 403 customer', async () => {
    for (const url of ['/staff/leads', '/staff/leads/1', '/staff/forms', '/staff/forms/1']) {
      expectProblem(await get(url), 401, 'unauthorized');
      expectProblem(await get(url, cookies.customer), 403, 'forbidden');
    }
    expectProblem(await post('/staff/leads/1/handle', cookies.customer, {}), 403, 'forbidden');
    expectProblem(await post('/staff/forms', cookies.customer, DEFAULT_FORMS[0]), 403, 'forbidden');
    const del = await app.inject({
      method: 'DELETE',
      url: '/staff/forms/1',
      headers: { cookie: cookies.customer },
    });
    expectProblem(del, 403, 'forbidden');
  });

  it('lists leads by state and marks them handled (and new again)', async () => {
    const created = await postForm(forms.contact!.id, {
      subject: 'account',
      name: 'Handled',
      email: 'handled@example.test',
      description: 'Please reset',
    });
    const { id } = created.json() as { id: number };
    let list = (await get('/staff/leads?state=new&per_page=100', cookies.staff)).json() as LeadList;
    expect(list.items.map((l) => l.id)).toContain(id);
    expect(list.items[0]!.id).toBe(id);

    const handled = await post(`/staff/leads/${id}/handle`, cookies.staff, {});
    expect(handled.statusCode, handled.body).toBe(200);
    const lead = handled.json() as Lead;
    expect(lead.state).toBe('handled');
    expect(lead.handled_by).not.toBeNull();
    expect(lead.handled_at).not.toBeNull();

    list = (await get('/staff/leads?state=new&per_page=100', cookies.staff)).json() as LeadList;
    expect(list.items.map((l) => l.id)).not.toContain(id);
    list = (await get('/staff/leads?state=handled', cookies.staff)).json() as LeadList;
    expect(list.items.map((l) => l.id)).toEqual([id]);
    expect(list.count).toBe(1);
    const all = (await get('/staff/leads?per_page=2&page=1', cookies.staff)).json() as LeadList;
    expect(all.items).toHaveLength(2);
    expect(all.count).toBeGreaterThan(2);

    const reopened = (
      await post(`/staff/leads/${id}/handle`, cookies.staff, { handled: false })
    ).json() as Lead;
    expect(reopened).toMatchObject({ state: 'new', handled_by: null, handled_at: null });
    expectProblem(await post('/staff/leads/999999/handle', cookies.staff, {}), 404, 'not_found');
    expectProblem(await get('/staff/leads/999999', cookies.staff), 404, 'not_found');
    expectProblem(await get('/staff/leads?state=closed', cookies.staff), 400, 'bad_request');
  });

  it('staff create, read, update and delete forms; bad definitions are refused', async () => {
    const input = {
      code: 'samples',
      name: { fr: 'Demande d’échantillons', nl: 'Stalen aanvragen', en: 'Ask for samples' },
      options: { subject: 'product', attachments: false },
      sequence: 40,
      active: true,
      definition: {
        fields: [
          { name: 'email', type: 'email', required: true, label: { fr: 'E-mail' } },
          { name: 'quantity', type: 'number', required: true, min: 1, max: 10, label: { fr: 'Quantité' } },
          { name: 'visit', type: 'date', required: false, label: { fr: 'Visite' } },
          { name: 'newsletter', type: 'checkbox', required: false, label: { fr: 'Newsletter' } },
        ],
      },
    };
    const created = await post('/staff/forms', cookies.staff, input);
    expect(created.statusCode, created.body).toBe(201);
    const form = created.json() as StaffForm;
    expect(form).toMatchObject({ code: 'samples', leads: 0 });

    expectProblem(await post('/staff/forms', cookies.staff, input), 400, 'code_taken');
    const noEmail = await post('/staff/forms', cookies.staff, {
      ...input,
      code: 'other',
      definition: { fields: [{ name: 'name', type: 'text', required: true, label: { fr: 'Nom' } }] },
    });
    expectProblem(noEmail, 400, 'bad_request');
    expect(fieldErrors(noEmail).map((e) => e.code)).toContain('email_field_required');
    const noOptions = await post('/staff/forms', cookies.staff, {
      ...input,
      code: 'other',
      definition: {
        fields: [...input.definition.fields, { name: 'kind', type: 'select', label: { fr: 'Type' } }],
      },
    });
    expect(fieldErrors(noOptions).map((e) => e.code)).toContain('options_required');

    // Types of the new form's answers: number bounds, date, checkbox.
    const bad = await postForm(form.id, { email: 'q@example.test', quantity: 11, visit: '2026-13-45' });
    expect(fieldErrors(bad)).toEqual(
      expect.arrayContaining([
        { field: 'answers.quantity', code: 'too_big' },
        { field: 'answers.visit', code: 'invalid_date' },
      ]),
    );
    const good = await postForm(form.id, {
      email: 'q@example.test',
      quantity: '3',
      visit: '2026-12-01',
      newsletter: true,
    });
    expect(good.statusCode, good.body).toBe(201);
    const lead = (
      await get(`/staff/leads/${(good.json() as { id: number }).id}`, cookies.staff)
    ).json() as Lead;
    expect(lead).toMatchObject({
      subject: 'product',
      data: { quantity: 3, visit: '2026-12-01', newsletter: true },
    });

    const updated = await post(`/staff/forms/${form.id}/update`, cookies.staff, { ...input, active: false });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((updated.json() as StaffForm).leads).toBe(1);
    expect(((await get('/form')).json() as PublicForm[]).map((f) => f.code)).not.toContain('samples');
    expectProblem(await postForm(form.id, { email: 'q@example.test', quantity: 2 }), 404, 'not_found');
    expect(((await get(`/staff/forms/${form.id}`, cookies.staff)).json() as StaffForm).active).toBe(false);
    expect(((await get('/staff/forms', cookies.staff)).json() as StaffForm[]).length).toBe(4);

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/staff/forms/${form.id}`,
      headers: { cookie: cookies.staff },
    });
    expect(deleted.statusCode).toBe(204);
    expectProblem(await get(`/staff/forms/${form.id}`, cookies.staff), 404, 'not_found');
    // The lead stays, without its form.
    expect(((await get(`/staff/leads/${lead.id}`, cookies.staff)).json() as Lead).form_id).toBeNull();
    expectProblem(await post('/staff/forms/999999/update', cookies.staff, input), 404, 'not_found');
  });

  it('sends the staff mail to MAIL_STAFF_TO when it is set', async () => {
    const mails: MailMessage[] = [];
    const other = await buildApp({
      db: database,
      auth: { type: 'credentials' },
      mailer: { send: async (m) => void mails.push(m) },
      leads: { staffTo: 'orders@vetshop.test, sales@vetshop.test' },
    });
    try {
      const res = await other.inject({
        method: 'POST',
        url: `/form/${forms.contact!.id}`,
        remoteAddress: freshIp(),
        payload: { subject: 'order', name: 'Z', email: 'z@example.test', description: 'Hi' },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(mails.map((m) => m.to)).toEqual(['orders@vetshop.test, sales@vetshop.test', 'z@example.test']);
    } finally {
      await other.close();
    }
  });
});

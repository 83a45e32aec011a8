/**
 * Website content, info banners and advertisements api (docs/product/back-office.md#website-content; docs/product/community-and-content.md#website-content, docs/product/community-and-content.md#info-banners, docs/product/community-and-content.md#advertisements, docs/product/community-and-content.md#website-content GET cms/content, docs/product/constants.md#defaults): every public and staff route,
 * the seeded default content, html sanitising (script, on* handlers, javascript: urls, foreign
 * images), locale urls, news order and pagination, banner and advertisement dates and visibility,
 * the staff guard (401 guest, 403 customer), 404 for an unknown slug or id, 409 for a slug taken.
 *
 * Runs on in-memory PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set (database
 * `vetshop_cms_test`, recreated).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import type {
  Advertisement,
  CmsContent,
  CmsContentList,
  CmsStaffContent,
  InfoBanner,
  Problem,
  StaffAdvertisement,
  StaffInfoBanner,
} from '@vetshop/domain';
import { CMS_TERMS_GROUP } from '@vetshop/domain';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { seedContent, SEED_CONTENTS } from '../src/modules/cms/seed.ts';
import { createCustomer, createStaff, signIn } from './account-fixtures.ts';
import { databaseTargets } from './targets.ts';

const targets = databaseTargets();

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Expects a problem+json answer with `status` and `code`. */
function expectProblem(res: LightMyRequestResponse, status: number, code: string): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect((res.json() as { code: string }).code).toBe(code);
}

/** A multipart body with text fields and one file. */
function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const boundary = 'cms-test-boundary';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  };
}

describe.each(targets)('cms on $name', (target) => {
  let app: FastifyInstance;
  let database: Database;
  const cookies = { customer: '', staff: '' };

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = (method: Method, url: string, cookie = '', payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    }) as Promise<LightMyRequestResponse>;

  beforeAll(async () => {
    ({ database } = await target.open('vetshop_cms_test'));
    app = await buildApp({ db: database, auth: { type: 'credentials' }, mailer: { send: async () => {} } });
    await app.ready();
    const customer = await createCustomer(database.db);
    const staff = await createStaff(database.db);
    cookies.customer = await signIn(app, customer.login);
    cookies.staff = await signIn(app, staff.login);
    expect(await seedContent(database.db)).toBe(SEED_CONTENTS.length);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('seeds once: a second run adds nothing', async () => {
    expect(await seedContent(database.db)).toBe(0);
    const res = await call('GET', '/staff/cms/contents', cookies.staff);
    expect((res.json() as { count: number }).count).toBe(SEED_CONTENTS.length);
  });

  it('the terms of sale are the page of group terms-of-sale, also in a database seeded before the group', async () => {
    const termsOf = async (lang: string) =>
      (
        (
          await call('GET', `/cms/content?type=page&lang=${lang}&group=${CMS_TERMS_GROUP}`)
        ).json() as CmsContentList
      ).items.map((c) => c.url);
    expect(await termsOf('fr')).toEqual(['conditions-generales-de-vente']);
    expect(await termsOf('nl')).toEqual(['algemene-verkoopvoorwaarden']);
    expect(await termsOf('en')).toEqual(['terms-of-sale']);
    // A database seeded before: the page had the group 'legal'; the migration gives it the new one.
    await database.db.execute(
      sql`UPDATE cms_contents SET "group" = 'legal' WHERE "group" = ${CMS_TERMS_GROUP}`,
    );
    expect(await termsOf('fr')).toEqual([]);
    const migration = readFileSync(
      fileURLToPath(new URL('../drizzle/0037_terms_of_sale_group.sql', import.meta.url)),
      'utf8',
    );
    await database.db.execute(sql.raw(migration));
    expect(await termsOf('fr')).toEqual(['conditions-generales-de-vente']);
    // Run again (or with another page already in the group): nothing changes.
    await database.db.execute(sql.raw(migration));
    expect(await termsOf('en')).toEqual(['terms-of-sale']);
  });

  it('GET /cms/content lists pages of a locale with the slug of every locale', async () => {
    const res = await call('GET', '/cms/content?type=page&lang=nl');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as CmsContentList;
    expect(list.count).toBe(4);
    const about = list.items.find((c) => c.url === 'over-ons')!;
    expect(about.lang).toBe('nl');
    expect(about.title).toBe('Wie zijn we?');
    expect(about.locale_urls).toEqual({ fr: 'a-propos', nl: 'over-ons', en: 'about' });
    expect(list.items.map((c) => c.sequence)).toEqual([1, 2, 3, 4]);
  });

  it('GET /cms/content?type=snippet&slot=footer answers the footer snippet only', async () => {
    const res = await call('GET', '/cms/content?type=snippet&slot=footer&lang=en');
    const list = res.json() as CmsContentList;
    expect(list.items).toHaveLength(1);
    expect(list.items[0]!.slot).toBe('footer');
    expect(list.items[0]!.content).toContain('order desk');
  });

  it('news come newest first, paginated', async () => {
    const first = (await call('GET', '/cms/content?type=news&lang=fr&per_page=1')).json() as CmsContentList;
    expect(first.count).toBe(2);
    expect(first.items[0]!.url).toBe('campagne-vaccination-automne');
    expect(first.items[0]!.date).toBe('2026-10-01');
    const second = (
      await call('GET', '/cms/content?type=news&lang=fr&per_page=1&page=2')
    ).json() as CmsContentList;
    expect(second.items[0]!.url).toBe('nouvelle-boutique-en-ligne');
    expect(second.items[0]!.foreword).toMatch(/en ligne/);
  });

  it('GET /cms/content/by_url finds a slug, falls back across locales, 404 for an unknown slug', async () => {
    const fr = await call('GET', '/cms/content/by_url?type=page&url=conditions-generales-de-vente&lang=fr');
    expect(fr.statusCode, fr.body).toBe(200);
    expect((fr.json() as CmsContent).title).toBe('Conditions générales de vente');
    // The French slug asked in English: the English content with its own slug (the site redirects).
    const cross = (
      await call('GET', '/cms/content/by_url?type=page&url=conditions-generales-de-vente&lang=en')
    ).json() as CmsContent;
    expect(cross.url).toBe('terms-of-sale');
    expect(cross.lang).toBe('en');
    expectProblem(
      await call('GET', '/cms/content/by_url?type=page&url=no-such-page&lang=fr'),
      404,
      'not_found',
    );
    // A news slug is not a page.
    expectProblem(
      await call('GET', '/cms/content/by_url?type=page&url=nouvelle-boutique-en-ligne&lang=fr'),
      404,
      'not_found',
    );
  });

  it('bad input is a 400 problem', async () => {
    expectProblem(await call('GET', '/cms/content?type=blog'), 400, 'bad_request');
    expectProblem(await call('GET', '/cms/content?type=page&per_page=1000'), 400, 'bad_request');
    expectProblem(
      await call('POST', '/staff/cms/contents', cookies.staff, {
        type: 'page',
        translations: { fr: { url: 'Bad Slug!', title: 'x' } },
      }),
      400,
      'bad_request',
    );
    expectProblem(
      await call('POST', '/staff/cms/contents', cookies.staff, { type: 'page', translations: {} }),
      400,
      'bad_request',
    );
  });

  it('staff routes: 401 for a guest, 403 for a customer', async () => {
    expectProblem(await call('GET', '/staff/cms/contents'), 401, 'unauthorized');
    for (const [method, url] of [
      ['GET', '/staff/cms/contents'],
      ['POST', '/staff/cms/contents'],
      ['GET', '/staff/info_banners'],
      ['POST', '/staff/info_banners'],
      ['GET', '/staff/advertisements'],
      ['DELETE', '/staff/advertisements/1'],
    ] as const) {
      expectProblem(
        await call(method, url, cookies.customer, method === 'POST' ? {} : undefined),
        403,
        'forbidden',
      );
    }
  });

  it('staff create, read, update and delete a page; html is sanitised; the public page changes', async () => {
    const created = await call('POST', '/staff/cms/contents', cookies.staff, {
      type: 'page',
      group: 'help',
      translations: {
        fr: {
          url: 'aide/livraison',
          title: '<b>Livraison</b>',
          content:
            '<p onclick="alert(1)">Bonjour<script>alert(1)</script></p><img src="x" onerror="alert(1)"><img src="/api/cms/files/7" onerror="alert(2)" alt="own"><img src="https://cdn.example.org/a.png" alt="ext"><img src="http://plain.example.org/a.png"><a href="javascript:alert(1)">bad</a><a href="JaVaScRiPt:alert(1)">bad2</a><a href="/fr/page/a-propos" target="_blank">ok</a><iframe src="https://evil.example"></iframe><style>body{}</style>',
        },
        en: { url: 'help/delivery', title: 'Delivery', content: '<p>Hello</p>' },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const page = created.json() as CmsStaffContent;
    const html = page.translations.fr!.content;
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|iframe|style|alert/i);
    expect(html).toContain('<p>Bonjour</p>');
    expect(html).toContain('<img src="/api/cms/files/7" alt="own" />');
    expect(html).toContain('<img src="https://cdn.example.org/a.png" alt="ext" />');
    expect(html).not.toContain('plain.example.org');
    expect(html).not.toContain('src="x"');
    expect(html).toContain('<a href="/fr/page/a-propos" target="_blank" rel="noopener noreferrer">ok</a>');
    expect(page.translations.fr!.title).toBe('Livraison');

    const pub = (
      await call('GET', '/cms/content/by_url?type=page&url=aide/livraison&lang=fr')
    ).json() as CmsContent;
    expect(pub.locale_urls).toEqual({ fr: 'aide/livraison', en: 'help/delivery' });
    // No Dutch translation: not listed in Dutch, 404 by slug.
    expectProblem(
      await call('GET', '/cms/content/by_url?type=page&url=aide/livraison&lang=nl'),
      404,
      'not_found',
    );

    const got = await call('GET', `/staff/cms/contents/${page.id}`, cookies.staff);
    expect((got.json() as CmsStaffContent).group).toBe('help');

    const updated = await call('PUT', `/staff/cms/contents/${page.id}`, cookies.staff, {
      type: 'page',
      published: true,
      translations: {
        fr: { url: 'aide/livraison', title: 'Livraison rapide', content: '<p>Nouveau texte</p>' },
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const after = (
      await call('GET', '/cms/content/by_url?type=page&url=aide/livraison&lang=fr')
    ).json() as CmsContent;
    expect(after.title).toBe('Livraison rapide');
    expect(after.content).toBe('<p>Nouveau texte</p>');
    expect(after.locale_urls).toEqual({ fr: 'aide/livraison' });

    // Unpublished: gone from the public site, still in the staff list.
    await call('PUT', `/staff/cms/contents/${page.id}`, cookies.staff, {
      type: 'page',
      published: false,
      translations: { fr: { url: 'aide/livraison', title: 'Livraison rapide' } },
    });
    expectProblem(
      await call('GET', '/cms/content/by_url?type=page&url=aide/livraison&lang=fr'),
      404,
      'not_found',
    );

    expect((await call('DELETE', `/staff/cms/contents/${page.id}`, cookies.staff)).statusCode).toBe(204);
    expectProblem(await call('GET', `/staff/cms/contents/${page.id}`, cookies.staff), 404, 'not_found');
    expectProblem(await call('DELETE', `/staff/cms/contents/${page.id}`, cookies.staff), 404, 'not_found');
    expectProblem(
      await call('PUT', `/staff/cms/contents/${page.id}`, cookies.staff, {
        type: 'page',
        translations: { fr: { url: 'x', title: 'x' } },
      }),
      404,
      'not_found',
    );
  });

  it('sanitises again on read: html stored by other means is safe', async () => {
    const created = (
      await call('POST', '/staff/cms/contents', cookies.staff, {
        type: 'page',
        translations: { en: { url: 'raw-html', title: 'Raw', content: '<p>ok</p>' } },
      })
    ).json() as CmsStaffContent;
    const raw = '<p>ok</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>';
    await database.db.execute(
      sql`UPDATE cms_translations SET content = ${raw} WHERE content_id = ${created.id}`,
    );
    const pub = (
      await call('GET', '/cms/content/by_url?type=page&url=raw-html&lang=en')
    ).json() as CmsContent;
    expect(pub.content).toBe('<p>ok</p><a>x</a>');
  });

  it('the editor preview answers the html sanitised as a save would store it, nothing stored', async () => {
    const before = await database.db.execute(sql`SELECT count(*)::int AS n FROM cms_translations`);
    const res = await call('POST', '/staff/cms/preview', cookies.staff, {
      html: '<h2 onclick="x()">Title</h2><p>ok<script>alert(1)</script></p><a href="javascript:alert(1)">x</a>',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ html: '<h2>Title</h2><p>ok</p><a>x</a>' });
    const after = await database.db.execute(sql`SELECT count(*)::int AS n FROM cms_translations`);
    expect(after.rows).toEqual(before.rows);
    expect((await call('POST', '/staff/cms/preview', cookies.staff, { html: 1 })).statusCode).toBe(400);
  });

  it('409 cms_url_taken for a slug used in the same locale; 400 cms_file_unknown', async () => {
    expectProblem(
      await call('POST', '/staff/cms/contents', cookies.staff, {
        type: 'news',
        translations: { en: { url: 'about', title: 'Clash' } },
      }),
      409,
      'cms_url_taken',
    );
    expectProblem(
      await call('POST', '/staff/cms/contents', cookies.staff, {
        type: 'news',
        image_file_id: 999_999,
        translations: { en: { url: 'with-image', title: 'Image' } },
      }),
      400,
      'cms_file_unknown',
    );
  });

  it('uploads an image, serves it publicly, refuses a renamed text file; news carry image and file urls', async () => {
    const upload = await app.inject({
      method: 'POST',
      url: '/staff/cms/files',
      headers: { ...multipart({}).headers, cookie: cookies.staff },
      payload: multipart({ purpose: 'cms_image' }, { name: 'photo.png', bytes: PNG }).payload,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const file = upload.json() as { id: number; url: string; content_type: string };
    expect(file.url).toBe(`/api/cms/files/${file.id}`);
    expect(file.content_type).toBe('image/png');
    const served = await call('GET', `/cms/files/${file.id}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const refused = await app.inject({
      method: 'POST',
      url: '/staff/cms/files',
      headers: { ...multipart({}).headers, cookie: cookies.staff },
      payload: multipart({ purpose: 'cms_image' }, { name: 'fake.png', bytes: Buffer.from('not an image') })
        .payload,
    });
    expectProblem(refused, 400, 'file_type_refused');
    const customerUpload = await app.inject({
      method: 'POST',
      url: '/staff/cms/files',
      headers: { ...multipart({}).headers, cookie: cookies.customer },
      payload: multipart({ purpose: 'cms_image' }, { name: 'photo.png', bytes: PNG }).payload,
    });
    expectProblem(customerUpload, 403, 'forbidden');
    expectProblem(await call('GET', '/cms/files/999999'), 404, 'not_found');

    const news = await call('POST', '/staff/cms/contents', cookies.staff, {
      type: 'news',
      date: '2026-11-01',
      image_file_id: file.id,
      file_id: file.id,
      translations: { fr: { url: 'news-with-image', title: 'Avec image', foreword: 'Court' } },
    });
    expect(news.statusCode, news.body).toBe(201);
    const first = (await call('GET', '/cms/content?type=news&lang=fr')).json() as CmsContentList;
    expect(first.items[0]!.url).toBe('news-with-image');
    expect(first.items[0]!.image_url).toBe(file.url);
    expect(first.items[0]!.thumbnail_url).toBe(file.url);
    expect(first.items[0]!.file_url).toBe(file.url);
    expect(first.items[0]!.file_name).toBe('photo.png');
  });

  it('info banners: shown inside their dates only, by visibility, html sanitised, staff CRUD', async () => {
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const make = async (body: Record<string, unknown>) => {
      const res = await call('POST', '/staff/info_banners', cookies.staff, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as StaffInfoBanner;
    };
    const current = await make({
      date_start: iso(now - 3_600_000),
      date_end: iso(now + 3_600_000),
      html: { fr: '<p>Fermé le 11 novembre<script>x()</script></p>', en: '<p>Closed on 11 November</p>' },
      type: 'warning',
    });
    expect(current.html.fr).toBe('<p>Fermé le 11 novembre</p>');
    expect(current.active).toBe(true);
    expect(current.visibility).toBe('all');
    const past = await make({
      date_start: iso(now - 7_200_000),
      date_end: iso(now - 3_600_000),
      html: { fr: '<p>Passé</p>' },
    });
    expect(past.active).toBe(false);
    const future = await make({ date_start: iso(now + 3_600_000), html: { fr: '<p>Futur</p>' } });
    const guests = await make({ html: { fr: '<p>Invités</p>' }, visibility: 'guests' });
    const members = await make({ html: { fr: '<p>Membres</p>' }, visibility: 'customers' });

    const guestView = (await call('GET', '/info_banners?lang=fr')).json() as InfoBanner[];
    const ids = guestView.map((b) => b.id);
    expect(ids).toContain(current.id);
    expect(ids).toContain(guests.id);
    expect(ids).not.toContain(members.id);
    expect(ids).not.toContain(past.id);
    expect(ids).not.toContain(future.id);
    const memberIds = (
      (await call('GET', '/info_banners?lang=fr', cookies.customer)).json() as InfoBanner[]
    ).map((b) => b.id);
    expect(memberIds).toContain(members.id);
    expect(memberIds).not.toContain(guests.id);
    // English text; Dutch falls back to French.
    const en = ((await call('GET', '/info_banners?lang=en')).json() as InfoBanner[]).find(
      (b) => b.id === current.id,
    );
    expect(en!.html).toBe('<p>Closed on 11 November</p>');
    const nl = ((await call('GET', '/info_banners?lang=nl')).json() as InfoBanner[]).find(
      (b) => b.id === current.id,
    );
    expect(nl!.html).toBe('<p>Fermé le 11 novembre</p>');

    // Ending the banner now hides it.
    const ended = await call('PUT', `/staff/info_banners/${current.id}`, cookies.staff, {
      date_start: iso(now - 3_600_000),
      date_end: iso(now - 1000),
      html: current.html,
      type: 'warning',
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(((await call('GET', '/info_banners')).json() as InfoBanner[]).map((b) => b.id)).not.toContain(
      current.id,
    );

    expectProblem(
      await call('POST', '/staff/info_banners', cookies.staff, {
        date_start: iso(now),
        date_end: iso(now - 1000),
        html: { fr: 'x' },
      }),
      400,
      'cms_dates_order',
    );
    expectProblem(
      await call('POST', '/staff/info_banners', cookies.staff, { html: { fr: 'x' }, visibility: 'robots' }),
      400,
      'bad_request',
    );
    // No text in any language (nothing, or what the editor sends for a cleared field): refused,
    // nothing saved; such a banner would be listed but never shown.
    const before = ((await call('GET', '/staff/info_banners', cookies.staff)).json() as StaffInfoBanner[])
      .length;
    for (const html of [
      {},
      { fr: '', nl: '   ' },
      { fr: '<p></p>', en: '<p><br></p>', nl: '<p>&nbsp;</p>' },
    ]) {
      const refused = await call('POST', '/staff/info_banners', cookies.staff, { html });
      expectProblem(refused, 400, 'cms_translation_required');
      expect((refused.json() as Problem).errors).toEqual([
        { field: 'html', code: 'cms_translation_required' },
      ]);
    }
    expect(
      ((await call('GET', '/staff/info_banners', cookies.staff)).json() as StaffInfoBanner[]).length,
    ).toBe(before);
    // A picture is something to show: a banner of a picture alone is kept.
    const picture = await call('POST', '/staff/info_banners', cookies.staff, {
      html: { fr: '<p><img src="https://example.org/promo.png" alt="Promotion"></p>' },
    });
    expect(picture.statusCode, picture.body).toBe(201);
    expect((picture.json() as StaffInfoBanner).html.fr).toContain('<img');
    expect(
      (await call('DELETE', `/staff/info_banners/${(picture.json() as StaffInfoBanner).id}`, cookies.staff))
        .statusCode,
    ).toBe(204);
    const list = (await call('GET', '/staff/info_banners', cookies.staff)).json() as StaffInfoBanner[];
    expect(list.length).toBeGreaterThanOrEqual(5);
    expect((await call('GET', `/staff/info_banners/${past.id}`, cookies.staff)).statusCode).toBe(200);
    expect((await call('DELETE', `/staff/info_banners/${past.id}`, cookies.staff)).statusCode).toBe(204);
    expectProblem(await call('GET', `/staff/info_banners/${past.id}`, cookies.staff), 404, 'not_found');
    expectProblem(
      await call('PUT', `/staff/info_banners/${past.id}`, cookies.staff, { html: { fr: 'x' } }),
      404,
      'not_found',
    );
  });

  it('advertisements: defaults −1 and bottom_right, valid inside their dates, link checked, staff CRUD', async () => {
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const created = await call('POST', '/staff/advertisements', cookies.staff, {
      name: 'Vaccins automne',
      link: '/fr/promotions',
      alt: { fr: 'Campagne <b>vaccins</b>', en: 'Vaccine campaign' },
      date_start: iso(now - 60_000),
      date_end: iso(now + 60_000),
    });
    expect(created.statusCode, created.body).toBe(201);
    const ad = created.json() as StaffAdvertisement;
    expect(ad.display_time).toBe(-1);
    expect(ad.display_slot).toBe('bottom_right');
    expect(ad.alt.fr).toBe('Campagne vaccins');
    const expired = (
      await call('POST', '/staff/advertisements', cookies.staff, {
        name: 'Old',
        date_end: iso(now - 60_000),
        display_time: 10,
        display_slot: 'top_left',
      })
    ).json() as StaffAdvertisement;
    expect(expired.active).toBe(false);
    expect(expired.display_time).toBe(10);

    const shown = (await call('GET', '/advertisements?lang=en')).json() as Advertisement[];
    expect(shown.map((a) => a.id)).toEqual([ad.id]);
    expect(shown[0]!.alt).toBe('Vaccine campaign');
    expect(shown[0]!.link).toBe('/fr/promotions');

    expectProblem(
      await call('POST', '/staff/advertisements', cookies.staff, {
        name: 'Bad',
        link: 'javascript:alert(1)',
      }),
      400,
      'bad_request',
    );
    expectProblem(
      await call('POST', '/staff/advertisements', cookies.staff, { name: 'Bad', display_time: -2 }),
      400,
      'bad_request',
    );
    const updated = await call('PUT', `/staff/advertisements/${ad.id}`, cookies.staff, {
      name: 'Vaccins automne',
      date_start: iso(now + 3_600_000),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await call('GET', '/advertisements')).json()).toEqual([]);
    expect(((await call('GET', '/staff/advertisements', cookies.staff)).json() as unknown[]).length).toBe(2);
    expect((await call('GET', `/staff/advertisements/${ad.id}`, cookies.staff)).statusCode).toBe(200);
    expect((await call('DELETE', `/staff/advertisements/${ad.id}`, cookies.staff)).statusCode).toBe(204);
    expectProblem(await call('GET', `/staff/advertisements/${ad.id}`, cookies.staff), 404, 'not_found');
    expectProblem(
      await call('PUT', `/staff/advertisements/${ad.id}`, cookies.staff, { name: 'x' }),
      404,
      'not_found',
    );
  });
});

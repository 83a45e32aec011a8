/**
 * Catalogue pictures api (modules/images; docs/decisions/product-pictures.md): a staff upload is
 * resized once into four webp renditions of the right widths, served at content-hashed urls with
 * immutable caching and shown by the product page, search hits and category pages; a non-picture
 * renamed .png is refused (400 problem+json in the caller's language); guests get 401 and
 * customers 403; the upload is audited; alt edit, reorder and delete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { desc, sql } from 'drizzle-orm';
import type { ProductDetail, SearchResult, StaffImage, StaffProductImages } from '@vetshop/domain';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { auditLog } from '../src/db/schema.ts';
import { createCustomer, createStaff, signIn } from './account-fixtures.ts';
import { insertFixture } from './fixtures.ts';
import { databaseTargets } from './targets.ts';

/** A solid-colour png of `width` × `height` px. */
async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 12, g: 78, b: 153 } } })
    .png()
    .toBuffer();
}

/** A multipart body with text fields and one file. */
function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const boundary = 'images-test-boundary';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat(parts) };
}

describe.each(databaseTargets())('catalogue pictures on $name', (target) => {
  let app: FastifyInstance;
  let database: Database;
  let productId = 0;
  let categoryId = 0;
  const cookies = { customer: '', staff: '' };

  const upload = (
    url: string,
    cookie: string,
    fields: Record<string, string>,
    file?: { name: string; bytes: Buffer },
    lang = 'en',
  ) => {
    const body = multipart(fields, file);
    return app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': body.contentType, 'accept-language': lang, ...(cookie ? { cookie } : {}) },
      payload: body.payload,
    }) as Promise<LightMyRequestResponse>;
  };

  beforeAll(async () => {
    ({ database } = await target.open('vetshop_images_test'));
    app = await buildApp({ db: database, auth: { type: 'credentials' }, mailer: { send: async () => {} } });
    await app.ready();
    const fixture = await insertFixture(database.db);
    productId = Object.values(fixture.products)[0]!;
    categoryId = Object.values(fixture.categories)[0]!;
    cookies.customer = await signIn(app, (await createCustomer(database.db)).login);
    cookies.staff = await signIn(app, (await createStaff(database.db)).login);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  let first: StaffImage;

  it('a staff upload is resized once into four webp sizes 160/400/800/1600 px wide, cached immutable', async () => {
    const res = await upload(
      `/staff/products/${productId}/images`,
      cookies.staff,
      { alt_fr: 'Flacon de 50 ml', alt_nl: 'Flacon van 50 ml', tag: 'packshot' },
      { name: 'packshot.png', bytes: await png(2000, 1000) },
    );
    expect(res.statusCode, res.body).toBe(201);
    first = res.json() as StaffImage;
    expect(first.tag).toBe('packshot');
    expect(first.alt_texts).toEqual({ fr: 'Flacon de 50 ml', nl: 'Flacon van 50 ml' });
    const expected = {
      small: [160, 80],
      medium: [400, 200],
      large: [800, 400],
      xlarge: [1600, 800],
    } as const;
    for (const [size, [w, h]] of Object.entries(expected)) {
      const r = first[size as keyof typeof expected];
      expect([r.width, r.height]).toEqual([w, h]);
      expect(r.src).toMatch(/^\/api\/images\/\d+-[0-9a-f]{16}\.webp$/);
      const served = await app.inject({ method: 'GET', url: r.src.replace(/^\/api/, '') });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', w, h]);
    }
    // A wrong hash is not served.
    const wrong = first.small.src.replace(/-[0-9a-f]{16}\./, '-0000000000000000.');
    expect((await app.inject({ method: 'GET', url: wrong.replace(/^\/api/, '') })).statusCode).toBe(404);
  });

  it('the upload is audited like other staff actions', async () => {
    const [row] = await database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(row).toMatchObject({ action: 'POST /staff/products/:id/images', status: 201 });
  });

  it('a small picture is never enlarged; the product page and search hits carry the pictures', async () => {
    const res = await upload(
      `/staff/products/${productId}/images`,
      cookies.staff,
      {},
      { name: 'small.png', bytes: await png(300, 200) },
    );
    expect(res.statusCode, res.body).toBe(201);
    const second = res.json() as StaffImage;
    expect([second.small.width, second.medium.width, second.xlarge.width]).toEqual([160, 300, 300]);
    const detail = (
      await app.inject({ method: 'GET', url: `/catalog/products/${productId}?lang=nl` })
    ).json() as ProductDetail;
    expect(detail.images.map((i) => i.id)).toEqual([first.id, second.id]);
    expect(detail.images[0]!.alt).toBe('Flacon van 50 ml');
    // No alt text: the product name.
    expect(detail.images[1]!.alt).toBe(detail.name);
    const search = (
      await app.inject({ method: 'GET', url: `/catalog/search?lang=nl&per_page=100` })
    ).json() as SearchResult;
    const hit = search.hits.find((h) => h.id === productId);
    // The hit's picture is the product page's first, in the page's language.
    expect(hit?.image).toEqual(detail.images[0]);
    expect(search.hits.filter((h) => h.id !== productId).map((h) => h.image)).toEqual(
      search.hits.filter((h) => h.id !== productId).map(() => null),
    );
    // A text search, then another sort of it (its facet counts then come from the cache and the
    // hits from a statement of their own): the same picture both times.
    const word = detail.name.split(' ')[0]!;
    for (const sort of ['relevance', 'name_desc']) {
      const found = (
        await app.inject({
          method: 'GET',
          url: `/catalog/search?lang=nl&q=${encodeURIComponent(word)}&sort=${sort}`,
        })
      ).json() as SearchResult;
      expect(found.hits.find((h) => h.id === productId)?.image, sort).toEqual(detail.images[0]);
    }
  });

  it('a non-picture renamed .png is refused: 400 problem+json in the caller’s language', async () => {
    const res = await upload(
      `/staff/products/${productId}/images`,
      cookies.staff,
      {},
      { name: 'fake.png', bytes: Buffer.from('%PDF-1.4 not a picture at all') },
      'fr-BE,fr;q=0.9',
    );
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ code: 'file_type_refused' });
    expect((res.json() as { detail: string }).detail).toContain('n’est pas une image');
    const tiny = await upload(
      `/staff/products/${productId}/images`,
      cookies.staff,
      {},
      { name: 'tiny.png', bytes: await png(40, 40) },
      'nl',
    );
    expect(tiny.statusCode).toBe(400);
    expect(tiny.json()).toMatchObject({ code: 'image_too_small' });
    expect((tiny.json() as { detail: string }).detail).toContain('minstens');
    const none = await upload(`/staff/products/${productId}/images`, cookies.staff, { tag: 'x' });
    expect(none.json()).toMatchObject({ code: 'file_missing' });
  });

  it('guests get 401 and customers 403', async () => {
    const bytes = await png(200, 200);
    const guest = await upload(`/staff/products/${productId}/images`, '', {}, { name: 'a.png', bytes });
    expect(guest.statusCode).toBe(401);
    const customer = await upload(
      `/staff/products/${productId}/images`,
      cookies.customer,
      {},
      {
        name: 'a.png',
        bytes,
      },
    );
    expect(customer.statusCode).toBe(403);
    expect(customer.headers['content-type']).toMatch(/^application\/problem\+json/);
    const list = await app.inject({
      method: 'GET',
      url: `/staff/products/${productId}/images`,
      headers: { cookie: cookies.customer },
    });
    expect(list.statusCode).toBe(403);
  });

  it('staff find the product, edit alt texts, reorder and delete; category pictures too', async () => {
    const found = await app.inject({
      method: 'GET',
      url: `/staff/images/products?q=${encodeURIComponent('a')}`,
      headers: { cookie: cookies.staff },
    });
    expect(found.statusCode, found.body).toBe(200);
    // Found by its SKU: its own SKUs and picture count.
    const sku = (
      (
        await app.inject({ method: 'GET', url: `/catalog/products/${productId}?lang=en` })
      ).json() as ProductDetail
    ).variants[0]!.sku;
    const bySku = (
      await app.inject({
        method: 'GET',
        url: `/staff/images/products?q=${encodeURIComponent(sku)}`,
        headers: { cookie: cookies.staff },
      })
    ).json() as { items: { id: number; skus: string[]; image_count: number }[] };
    expect(bySku.items.find((i) => i.id === productId)).toMatchObject({ image_count: 2 });
    expect(bySku.items.find((i) => i.id === productId)!.skus).toContain(sku);
    const page = (
      await app.inject({
        method: 'GET',
        url: `/staff/products/${productId}/images?lang=en`,
        headers: { cookie: cookies.staff },
      })
    ).json() as StaffProductImages;
    expect(page.images).toHaveLength(2);
    // A variant whose pack name differs by language is named in the staff's language.
    const variantId = page.variants[0]!.id;
    await database.db.execute(
      sql`UPDATE product_variants SET names = '{"fr": "Boîte de 10", "nl": "Doos van 10", "en": "Box of 10"}'::jsonb WHERE id = ${variantId}`,
    );
    const named = async (lang: string) =>
      (
        (
          await app.inject({
            method: 'GET',
            url: `/staff/products/${productId}/images?lang=${lang}`,
            headers: { cookie: cookies.staff },
          })
        ).json() as StaffProductImages
      ).variants.find((v) => v.id === variantId)!.name;
    expect([await named('en'), await named('nl'), await named('fr')]).toEqual([
      'Box of 10',
      'Doos van 10',
      'Boîte de 10',
    ]);
    const ids = page.images.map((i) => i.id);
    const edited = await app.inject({
      method: 'PUT',
      url: `/staff/images/${ids[1]}`,
      headers: { cookie: cookies.staff },
      payload: { alt: { en: 'Bottle, side view' }, tag: null },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as StaffImage).alt).toBe('Bottle, side view');
    const bad = await app.inject({
      method: 'PUT',
      url: `/staff/products/${productId}/images/order`,
      headers: { cookie: cookies.staff },
      payload: { ids: [ids[0]] },
    });
    expect(bad.json()).toMatchObject({ code: 'image_order_mismatch' });
    const ordered = await app.inject({
      method: 'PUT',
      url: `/staff/products/${productId}/images/order`,
      headers: { cookie: cookies.staff },
      payload: { ids: [...ids].reverse() },
    });
    expect((ordered.json() as StaffProductImages).images.map((i) => i.id)).toEqual([...ids].reverse());
    const del = await app.inject({
      method: 'DELETE',
      url: `/staff/images/${ids[0]}`,
      headers: { cookie: cookies.staff },
    });
    expect(del.statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: first.small.src.replace(/^\/api/, '') })).statusCode).toBe(
      404,
    );

    const cat = await upload(
      `/staff/categories/${categoryId}/images`,
      cookies.staff,
      { alt_en: 'Dogs' },
      { name: 'dogs.png', bytes: await png(800, 400) },
    );
    expect(cat.statusCode, cat.body).toBe(201);
    const category = (
      await app.inject({ method: 'GET', url: `/catalog/categories/${categoryId}?lang=en` })
    ).json() as { images: { alt: string }[] };
    expect(category.images.map((i) => i.alt)).toEqual(['Dogs']);
  });
});

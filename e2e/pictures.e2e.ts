/**
 * Product pictures (docs/decisions/product-pictures.md), real catalogue: staff find a product by
 * SKU on /fr/staff/images, a text file renamed .png is refused with a French message, a PNG is
 * uploaded and the product page then shows it (a webp rendition from an immutable url, eager);
 * products without a picture show an illustration with an accessible name. Screenshots of the
 * staff page, the product page and the search page at 390 × 844 and 1366 × 900 in fr and nl go to
 * /tmp/shots/pictures/.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { hookTimeout, newPage } from './browser.ts';
import { api, apiSignIn, signIn, STAFF } from './session.ts';

const SHOTS = '/tmp/shots/pictures';

interface Hit {
  id: number;
  url_key: string;
  name: string;
  variants: { sku: string }[];
}

let hit: Hit;
/** Picture ids the product had before this file (the others are removed at the end). */
let picturesBefore: number[] = [];
test.beforeAll(async () => {
  hookTimeout();
  mkdirSync(SHOTS, { recursive: true });
  const res = await api<{ hits: (Hit & { family: string })[] }>(
    null,
    'GET',
    '/catalog/search?lang=fr&per_page=50&sort=name_asc',
  );
  expect(res.status).toBe(200);
  hit = res.body.hits.find((h) => h.family === 'meds' && h.variants.length > 0)!;
  expect(hit, 'a product with a SKU').toBeTruthy();
  picturesBefore = await pictureIds(await apiSignIn(STAFF));
});

/**
 * The uploaded picture is removed at the end, so that the journeys after this file (the category
 * and product screenshots of e2e/screens.e2e.ts show this product) see the product as seeded.
 */
test.afterAll(async () => {
  hookTimeout();
  const staff = await apiSignIn(STAFF);
  for (const id of await pictureIds(staff)) {
    if (!picturesBefore.includes(id))
      expect((await api(staff, 'DELETE', `/staff/images/${id}`)).status).toBe(204);
  }
});

/** Ids of the pictures of the product `hit` (staff api, as `staff`). */
async function pictureIds(staff: string): Promise<number[]> {
  const res = await api<{ images: { id: number }[] }>(staff, 'GET', `/staff/products/${hit.id}/images`);
  expect(res.status).toBe(200);
  return res.body.images.map((i) => i.id);
}

/** Screenshots of `path` at phone and desktop sizes in `page`'s context. */
async function shoot(page: Page, path: string, name: string): Promise<void> {
  for (const [w, h] of [
    [390, 844],
    [1366, 900],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.goto(path, { waitUntil: 'networkidle' });
    await page.screenshot({ path: `${SHOTS}/${name}-${w}.png` });
  }
}

test.describe('product pictures', () => {
  test('staff upload a picture: a renamed text file is refused, a PNG is shown on the product page', async ({
    browser,
  }) => {
    const { context, page } = await newPage(browser, 'fr-BE');
    await signIn(page, STAFF);
    await page.goto(`/fr/staff/images?q=${encodeURIComponent(hit.variants[0]!.sku)}`, {
      waitUntil: 'networkidle',
    });
    await page.getByTestId('images-result').first().click();
    await page.getByTestId('images-product-title').waitFor();

    const upload = page.getByTestId('images-upload-form');
    await page.getByTestId('images-upload-file').setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('Ceci est un texte, pas une image.'),
    });
    await page.getByTestId('images-upload-submit').click();
    await expect
      .poll(() => page.getByTestId('images-message').textContent())
      .toContain('pas une image accept');
    await expect.poll(() => page.getByTestId('images-row').count()).toBe(0);

    const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#0c4e99' } })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect x="300" y="150" width="600" height="600" rx="60" fill="#ffffff"/><circle cx="600" cy="450" r="180" fill="#e7effa"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    await page
      .getByTestId('images-upload-file')
      .setInputFiles({ name: 'packshot.png', mimeType: 'image/png', buffer: png });
    await upload.locator('input[name="alt_fr"]').fill('Boîte de démonstration');
    await upload.locator('input[name="alt_nl"]').fill('Demonstratiedoos');
    await page.getByTestId('images-upload-submit').click();
    // The api makes the four webp sizes before it answers, then the page is read again: with the
    // other shard's journeys on the same two cores that took more than the default 5 s once (the
    // page said "Image ajoutée." with the row a moment later).
    await expect.poll(() => page.getByTestId('images-row').count(), { timeout: 20_000 }).toBe(1);
    await shoot(page, page.url(), 'staff-fr');

    await shoot(page, `/fr/p/${hit.url_key}`, 'product-with-picture-fr');
    await page.goto(`/fr/p/${hit.url_key}`, { waitUntil: 'networkidle' });
    const img = page.getByTestId('product-picture-main').locator('img');
    await expect.poll(() => img.getAttribute('alt')).toBe('Boîte de démonstration');
    expect(await img.getAttribute('loading')).toBe('eager');
    expect(await img.getAttribute('fetchpriority')).toBe('high');
    expect(await img.getAttribute('srcset')).toMatch(/\/api\/images\/\d+-[0-9a-f]{16}\.webp 160w/);
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const src = (await img.getAttribute('src'))!;
    const served = await page.request.get(src);
    expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers()['content-type']).toBe('image/webp');
    await context.close();
  });

  test('products without a picture show a named illustration (fr and nl)', async ({ browser }) => {
    for (const lang of ['fr', 'nl'] as const) {
      const { context, page } = await newPage(browser, lang === 'fr' ? 'fr-BE' : 'nl-BE');
      await shoot(page, `/${lang}/search?q=${encodeURIComponent('injectable')}`, `search-${lang}`);
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.goto(`/${lang}/search`, { waitUntil: 'networkidle' });
      const illustration = page.locator('[data-illustration] svg[role="img"]').first();
      await illustration.waitFor();
      expect(await illustration.getAttribute('aria-label')).toMatch(
        lang === 'fr' ? /^Illustration\u00a0: / : /^Illustratie: /,
      );
      await shoot(page, `/${lang}/p/${hit.url_key}`, `product-${lang}`);
      await context.close();
    }
  });
});

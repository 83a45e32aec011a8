/**
 * Regulated products (docs/decisions/regulated-products.md), in French, as the demo student:
 * - a prescription medicine's product page shows the reason ("Les étudiants ne peuvent pas
 *   commander de médicaments.") and no add-to-cart, add-to-standard-order or promo-end alert
 *   button, and so does its search card;
 * - with an exception staff grant on their page (/fr/staff/restrictions, the product named by its
 *   CNK or SKU; an unknown code is said so) the student adds it from the product page; once staff
 *   revoke the exception there, one more unit asked from the cart page is
 *   refused: the cart shows the reason and the server line keeps its quantity;
 *   the cart line carries the reason and the checkout explains it before the confirm;
 * - on the selection, promotions and standard-order pages, at 390 px and at 1366 px, the
 *   restricted medicine shows the reason instead of its add button (the list's "add" leaves it out);
 * - (product links, docs/decisions/product-links.md) a cross-sell link set by staff shows on the
 *   product page.
 */
import { expect, test } from '@playwright/test';
import { addSessionCookie, expectNoAxeViolations, newPage } from './browser.ts';
import { api, apiSignIn, emptyServerCart, serverQty, signIn, STAFF, waitForSync } from './session.ts';

const STUDENT = 'student@demo.vetshop.be';
const REASON_FR = 'Les étudiants ne peuvent pas commander de médicaments.';

interface Hit {
  id: number;
  url_key: string;
  name: string;
  variants: {
    id: number;
    main: boolean;
    sku: string;
    cnk_code: string | null;
    price: { value: number } | null;
  }[];
}

/** A priced medicine the student may not order (search as the student: `restrictions`) and its main variant. */
async function restrictedMedicine(student: string): Promise<{ hit: Hit; variantId: number }> {
  const search = await api<{ hits: Hit[]; restrictions?: Record<string, string> }>(
    student,
    'GET',
    '/catalog/search?lang=fr&family=meds&in_stock=true&per_page=48',
  );
  expect(search.status).toBe(200);
  const mainOf = (h: Hit) => h.variants.find((v) => v.main) ?? h.variants[0];
  const hit = search.body.hits.find(
    (h) => search.body.restrictions?.[String(h.id)] === 'student_no_medicines' && mainOf(h)?.price != null,
  );
  expect(hit, 'a restricted priced medicine').toBeDefined();
  return { hit: hit!, variantId: mainOf(hit!)!.id };
}

test.describe('regulated products (fr)', () => {
  test('a student sees why a prescription medicine cannot be ordered, and the cart refuses it', async ({
    browser,
  }) => {
    const student = await apiSignIn(STUDENT);
    const staff = await apiSignIn(STAFF);
    await emptyServerCart(student);
    const { hit, variantId } = await restrictedMedicine(student);

    const { context, page } = await newPage(browser, 'fr-BE');
    await signIn(page, STUDENT);
    await page.goto(`/fr/p/${hit.url_key}`, { waitUntil: 'networkidle' });
    const notice = page.getByTestId('restriction-notice');
    await expect.poll(() => notice.getAttribute('data-reason')).toBe('student_no_medicines');
    expect(await notice.textContent()).toContain(REASON_FR);
    expect(await page.getByTestId('add-to-cart').count()).toBe(0);
    // Nor a way to plan its purchase: no standard order, no promo-end alert.
    expect(await page.getByTestId('add-to-wishlist-toggle').count()).toBe(0);
    expect(await page.getByTestId('promo-alert-toggle').count()).toBe(0);
    await expectNoAxeViolations(page);

    await page.goto(`/fr/search?q=${encodeURIComponent(hit.name)}`, { waitUntil: 'networkidle' });
    const card = page
      .getByTestId('product-card')
      .filter({ has: page.locator(`a[href="/fr/p/${hit.url_key}"]`) });
    await expect.poll(() => card.getByTestId('restriction-notice').count()).toBe(1);
    expect(await card.getByTestId('card-add-to-cart').count()).toBe(0);
    expect(await card.getByTestId('card-add-to-wishlist-toggle').count()).toBe(0);

    // Staff grant an exception on their page, naming the product by the code on its box (CNK,
    // else SKU): the student then adds one unit from the product page.
    const customers = await api<{ data: { id: number }[] }>(
      staff,
      'GET',
      '/staff/restrictions/customers?q=D00003',
    );
    const back = await newPage(browser, 'fr-BE');
    await signIn(back.page, STAFF);
    await back.page.goto(`/fr/staff/restrictions?customer=${customers.body.data[0]!.id}`, {
      waitUntil: 'networkidle',
    });
    const grant = back.page.getByTestId('exception-grant');
    await grant.getByTestId('exception-grant-product').fill('NO-SUCH-CODE');
    await grant.getByTestId('exception-grant-submit').click();
    await expect
      .poll(() => grant.getByTestId('exception-grant-error').textContent())
      .toBe('Aucun produit n’a ce code (CNK, GTIN ou SKU).');
    const main = hit.variants.find((v) => v.id === variantId)!;
    const code = main.cnk_code ?? main.sku;
    await grant.getByTestId('exception-grant-product').fill(code);
    await grant.getByLabel('Note').fill('stage e2e');
    await grant.getByTestId('exception-grant-submit').click();
    const row = back.page.getByTestId('restriction-exceptions').locator('tbody tr');
    await expect.poll(() => row.filter({ hasText: hit.name }).count(), { timeout: 20_000 }).toBe(1);
    expect(await row.first().textContent()).toContain(`SKU ${main.sku}`);
    // Granted, the form is emptied for the next product.
    expect(await grant.getByTestId('exception-grant-product').inputValue()).toBe('');
    await page.goto(`/fr/p/${hit.url_key}`, { waitUntil: 'networkidle' });
    await page.getByTestId('add-to-cart').click();
    await waitForSync(page);
    await expect.poll(() => serverQty(student, variantId), { timeout: 20_000 }).toBe(1);

    // Staff revoke the exception on their page: one more unit asked from the cart is then refused.
    await back.page.reload({ waitUntil: 'networkidle' });
    await expectNoAxeViolations(back.page);
    await back.page.getByTestId(`exception-revoke-${hit.id}-submit`).click();
    // The page is read again once the api answered (router.refresh); with two shards' journeys on
    // two cores that took more than the default 5 s once (the DELETE itself answered in 0.2 s).
    await expect
      .poll(() => back.page.getByTestId('restriction-exceptions-empty').count(), { timeout: 20_000 })
      .toBe(1);
    await back.context.close();
    await page.goto('/fr/cart', { waitUntil: 'networkidle' });
    const line = page.getByTestId('cart-line').filter({ hasText: hit.name });
    await line.getByTestId('cart-line-increase').click();
    await waitForSync(page);
    const refusal = page.getByTestId('cart-refusal');
    await expect
      .poll(() => refusal.getAttribute('data-reason'), { timeout: 20_000 })
      .toBe('student_no_medicines');
    expect(await refusal.textContent()).toContain(REASON_FR);
    // Named as the cart line is, not by a number.
    expect(await refusal.textContent()).toContain(hit.name);
    expect(await serverQty(student, variantId)).toBe(1);
    // The line itself says the student may no longer order it, and so does the checkout.
    await expect
      .poll(() => line.getByTestId('cart-line-restriction').getAttribute('data-reason'))
      .toBe('student_no_medicines');
    await expectNoAxeViolations(page);
    await page.getByTestId('cart-refusals-dismiss').click();
    await expect.poll(() => page.getByTestId('cart-refusals').count()).toBe(0);
    await page.goto('/fr/cart-confirm', { waitUntil: 'networkidle' });
    const explained = page.getByTestId('confirm-restricted');
    await expect.poll(() => explained.count()).toBe(1);
    expect(await explained.textContent()).toContain(REASON_FR);
    expect(await page.getByTestId('confirm-line-restriction').first().getAttribute('data-reason')).toBe(
      'student_no_medicines',
    );

    await context.close();
    // A removal is always accepted.
    await emptyServerCart(student);
    expect(await serverQty(student, variantId)).toBe(0);
  });

  test('shows the reason instead of the add button on the selection, promotions and standard-order pages', async ({
    browser,
  }) => {
    const student = await apiSignIn(STUDENT);
    const staff = await apiSignIn(STAFF);
    const { hit, variantId } = await restrictedMedicine(student);
    const { context, page } = await newPage(browser, 'fr-BE');
    await addSessionCookie(context, student);
    const added = await api(staff, 'POST', '/staff/selection/items', { product_id: variantId });
    expect([200, 201]).toContain(added.status);
    try {
      for (const viewport of [
        { width: 390, height: 844 },
        { width: 1366, height: 768 },
      ]) {
        await page.setViewportSize(viewport);
        await page.goto('/fr/selection', { waitUntil: 'networkidle' });
        const item = page
          .getByTestId('selection-item')
          .filter({ has: page.locator(`a[href="/fr/p/${hit.url_key}?variant=${variantId}"]`) });
        await expect
          .poll(() => item.getByTestId('restriction-notice').getAttribute('data-reason'))
          .toBe('student_no_medicines');
        expect(await item.getByTestId('selection-add-to-cart').count()).toBe(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
      }
    } finally {
      await api(staff, 'DELETE', `/staff/selection/items/${variantId}`);
    }
    // The promotions page (first 50): a promoted medicine the student may not order shows the reason.
    const promos = await api<{ items: { product_id: number; url_key: string }[] }>(
      student,
      'GET',
      '/promotions?lang=fr&page=1&per_page=50',
    );
    const reasons = await api<{ restrictions: Record<string, string> }>(
      student,
      'GET',
      `/catalog/restrictions?variant_ids=${promos.body.items.map((i) => i.product_id).join(',')}`,
    );
    const promoted = promos.body.items.find((i) => reasons.body.restrictions[String(i.product_id)]);
    expect(promoted, 'a promoted product the student may not order').toBeDefined();
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/fr/promotions?page_size=50', { waitUntil: 'networkidle' });
      const row = page
        .locator('tbody tr')
        // The row's link opens the promotion's pack (docs/decisions/special-offers.md).
        .filter({ has: page.locator(`a[href="/fr/p/${promoted!.url_key}?variant=${promoted!.product_id}"]`) })
        .first();
      await expect.poll(() => row.getByTestId('restriction-notice').count()).toBeGreaterThan(0);
      expect(await row.getByTestId('promotions-add-to-cart').count()).toBe(0);
      expect(await row.getByTestId('promo-alert-toggle').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    // A standard order holding it: the line shows the reason and "add the list" leaves it out.
    await emptyServerCart(student);
    const list = await api<{ id: number }>(student, 'POST', '/wishlists', {
      name: `e2e regulated ${Date.now()}`,
    });
    expect(list.status).toBe(201);
    try {
      expect(
        (await api(student, 'POST', `/wishlists/${list.body.id}/add_item`, { product_id: variantId })).status,
      ).toBeLessThan(300);
      for (const width of [390, 1366]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`/fr/account/wishlists/${list.body.id}`, { waitUntil: 'networkidle' });
        const line = page.locator(`[data-testid="wishlist-line"][data-product-id="${variantId}"]`);
        await expect
          .poll(() => line.getByTestId('restriction-notice').getAttribute('data-reason'))
          .toBe('student_no_medicines');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
      await page.getByTestId('wishlist-add-all').click();
      await expect.poll(() => page.getByTestId('wishlist-message').count()).toBe(1);
      expect(await serverQty(student, variantId)).toBe(0);
    } finally {
      await api(student, 'DELETE', `/wishlists/${list.body.id}`);
    }
    await context.close();
  });

  test('shows the cross-sell products staff link to a product by its code on their page', async ({
    browser,
  }) => {
    const staff = await apiSignIn(STAFF);
    const search = await api<{ hits: Hit[] }>(null, 'GET', '/catalog/search?lang=fr&family=food&per_page=2');
    const [product, linked] = search.body.hits;
    expect(linked, 'two food products').toBeDefined();
    const codeOf = (h: Hit) => (h.variants.find((v) => v.main) ?? h.variants[0])!.sku;

    const back = await newPage(browser, 'fr-BE');
    await signIn(back.page, STAFF);
    // An unknown code is said so under the field.
    await back.page.goto('/fr/staff/restrictions?product=NO-SUCH-CODE', { waitUntil: 'networkidle' });
    expect(await back.page.getByTestId('links-product-missing').textContent()).toBe(
      'Aucun produit n’a le code «\u00a0NO-SUCH-CODE\u00a0» (CNK, GTIN ou SKU).',
    );
    await back.page.getByLabel('Produit\u00a0: CNK, GTIN ou SKU').fill(codeOf(product!).toLowerCase());
    await back.page.getByRole('button', { name: 'Afficher les liens' }).click();
    await expect
      .poll(() => back.page.getByTestId('links-product-codes').textContent())
      .toContain(`SKU ${codeOf(product!)}`);
    await back.page.getByTestId('link-add-product').fill(codeOf(linked!));
    await back.page.getByTestId('link-add-submit').click();
    const row = back.page.getByTestId('product-links-staff').locator('tbody tr');
    await expect.poll(() => row.filter({ hasText: linked!.name }).count(), { timeout: 20_000 }).toBe(1);
    expect(await row.first().textContent()).toContain(`SKU ${codeOf(linked!)}`);
    expect(await back.page.getByTestId('link-add-product').inputValue()).toBe('');
    await expectNoAxeViolations(back.page);
    await back.context.close();

    const { context, page } = await newPage(browser, 'fr-BE');
    await page.goto(`/fr/p/${product!.url_key}`, { waitUntil: 'networkidle' });
    const item = page.getByTestId('product-links').getByTestId('product-link');
    await expect.poll(() => item.getAttribute('data-kind')).toBe('cross');
    expect(await item.locator('a').getAttribute('href')).toBe(`/fr/p/${linked!.url_key}`);
    await context.close();
    const links = `/staff/products/${product!.id}/links`;
    expect((await api(staff, 'PUT', links, { links: [] })).status).toBe(204);
  });
});

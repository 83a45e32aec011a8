/**
 * Standard orders journey (docs/decisions/standard-orders.md; docs/product/customer-area.md#standard-orders account/wishlists pages, docs/product/customer-area.md#standard-order-rules, docs/product/errors.md#orders-and-customer-area
 * "Wishlist duplicate"), as the demo veterinary (veterinary@demo.vetshop.be):
 * - on a product page (fr), create a standard order with the product in it (the panel says
 *   "Chargement…" while its code, fetched on first open, is on its way);
 * - adding the same product again is refused with the requirements' message, in French on the product
 *   page and in English ('This product already exists in this wishlist') from a search result card;
 * - on /fr/account/wishlists the list shows up and its selector adds the whole list to the cart in
 *   one action; on the list's own page a quantity is changed and saved;
 * - "add the whole list to the cart": the server cart holds the sums of each line's quantities
 *   (cart transactions synced once);
 * - the list is deleted from its page and disappears from the list page.
 * axe runs on the product page with the control open and on both account pages.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, expectTableFits, newPage } from './browser.ts';
import {
  API_URL,
  api,
  apiSignIn,
  emptyServerCart,
  hitOf,
  serverQty,
  signIn,
  waitForSync,
} from './session.ts';

/** `hitOf` plus the product's url key in English (the search-card step runs in English). */
async function hitWithEnglishKey(q: string, urlKey: string) {
  const hit = await hitOf(q, urlKey);
  const res = await fetch(`${API_URL}/catalog/search?lang=en&q=${encodeURIComponent(q)}`);
  const en = (await res.json()) as { hits: { url_key: string; variants: { id: number }[] }[] };
  const enHit = en.hits.find((h) => h.variants.some((v) => v.id === hit.variantId));
  return { ...hit, urlKeyEn: enHit?.url_key ?? hit.urlKey };
}

const VET = 'veterinary@demo.vetshop.be';

test.describe('standard orders journey', () => {
  test('creates a list from a product page, refuses the duplicate, edits it and adds it to the cart', async ({
    browser,
  }) => {
    const vet = await apiSignIn(VET);
    await emptyServerCart(vet);
    const loxitab = await hitWithEnglishKey('meloxicam', 'loxitab');
    const melovem = await hitWithEnglishKey('meloxicam', 'melovem');
    expect(melovem.variantId).not.toBe(loxitab.variantId);
    const name = `Commande du lundi ${Date.now()}`;
    // Without the service worker, which would answer the panel's script from its cache.
    const { context, page } = await newPage(browser, 'fr-BE', { serviceWorkers: 'block' });
    await signIn(page);

    // 1. Product page: create a standard order holding the product.
    await page.goto(`/fr/p/${loxitab.urlKey}`, { waitUntil: 'networkidle' });
    // The panel's code arrives on first open (held here: the panel is not mounted, so no list is
    // being loaded either): meanwhile the open panel says it loads.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const chunks = '**/_next/static/chunks/**';
    await page.route(chunks, async (route) => {
      await released;
      await route.continue();
    });
    const toggle = page.getByTestId('add-to-wishlist-toggle');
    await toggle.click();
    const panel = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
    await expect(panel).toHaveText('Chargement…');
    release();
    await page.getByTestId('add-to-wishlist-new-name').waitFor();
    await page.unroute(chunks);
    await page.getByTestId('add-to-wishlist-new-name').fill(name);
    await page.getByTestId('add-to-wishlist-create').click();
    await expect
      .poll(() => page.getByTestId('add-to-wishlist-status').textContent())
      .toBe(`Ajouté à «\u00a0${name}\u00a0».`);
    const lists = await api<{ items: { id: number; name: string; lines_count: number }[] }>(
      vet,
      'GET',
      '/wishlists?page=1&page_size=999',
    );
    const created = lists.body.items.find((l) => l.name === name);
    expect(created).toMatchObject({ lines_count: 1 });
    const listId = created!.id;

    // 2. The same product again, in the same list: refused with the required message (fr).
    await page.getByTestId('add-to-wishlist-select').selectOption(String(listId));
    await page.getByTestId('add-to-wishlist-submit').click();
    await expect
      .poll(() => page.getByTestId('add-to-wishlist-status').textContent())
      .toBe('Ce produit existe déjà dans cette liste');
    await expectNoAxeViolations(page);
    // A name that exists is refused before anything is sent.
    await page.getByTestId('add-to-wishlist-new-name').fill(name);
    await page.getByTestId('add-to-wishlist-create').click();
    await expect
      .poll(() => page.getByTestId('add-to-wishlist-status').textContent())
      .toBe('Une commande type porte déjà ce nom.');

    // 3. From an English search result card: the requirements' own words.
    await page.goto('/en/search?q=meloxicam', { waitUntil: 'networkidle' });
    const card = page
      .getByTestId('product-card')
      .filter({ has: page.locator(`a[href="/en/p/${loxitab.urlKeyEn}"]`) })
      .first();
    await card.getByTestId('card-add-to-wishlist-toggle').click();
    await card.getByTestId('card-add-to-wishlist-select').selectOption(String(listId));
    await card.getByTestId('card-add-to-wishlist-submit').click();
    await expect
      .poll(() => card.getByTestId('card-add-to-wishlist-status').textContent())
      .toBe('This product already exists in this wishlist');
    // The search form was not submitted by the control.
    expect(new URL(page.url()).pathname).toBe('/en/search');

    // A second product through the api (3 units).
    const second = await api(vet, 'POST', `/wishlists/${listId}/add_item`, {
      product_id: melovem.variantId,
      quantity: 3,
    });
    expect(second.status).toBe(200);

    // 4. The list page shows it; its page changes the quantity of the first line to 4.
    await page.goto('/fr/account/wishlists', { waitUntil: 'networkidle' });
    const row = page.locator(`[data-testid="wishlist-row"][data-wishlist-name="${name}"]`);
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('2 produits');
    await expectNoAxeViolations(page);
    // On a phone the count and the date sit under the name; the table fits the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expectTableFits(page, 'wishlists-table');
    // The standard order selector keeps its list readable: the button goes under it.
    const selectBox = (await page.getByTestId('standard-order-selector-select').boundingBox())!;
    const addBox = (await page.getByTestId('standard-order-selector-add').boundingBox())!;
    expect(selectBox.width).toBeGreaterThan(300);
    expect(addBox.y).toBeGreaterThan(selectBox.y);
    await expect
      .poll(() => row.getByTestId('wishlist-row-phone-facts').textContent())
      .toMatch(/^2 produitsModifiée le /);
    await page.setViewportSize({ width: 1280, height: 900 });
    // The selector adds the whole list (1 + 3 units) to the cart in one action.
    await page.getByTestId('standard-order-selector-select').selectOption(String(listId));
    await page.getByTestId('standard-order-selector-add').click();
    await expect
      .poll(() => page.getByTestId('standard-order-selector-status').textContent())
      .toBe(`«\u00a0${name}\u00a0»\u00a0: 2 lignes ajoutées au panier.`);
    await waitForSync(page);
    await expect.poll(() => serverQty(vet, loxitab.variantId)).toBe(1);
    await expect.poll(() => serverQty(vet, melovem.variantId)).toBe(3);
    await row.getByTestId('wishlist-link').click();
    await page.waitForURL(new RegExp(`/fr/account/wishlists/${listId}$`), { waitUntil: 'commit' });
    await page.getByTestId('wishlist-lines').waitFor();
    const loxLine = page.locator(`[data-testid="wishlist-line"][data-product-id="${loxitab.variantId}"]`);
    await loxLine.getByTestId('wishlist-line-qty').fill('4');
    await page.getByTestId('wishlist-save').click();
    await expect
      .poll(() => page.getByTestId('wishlist-message').textContent())
      .toBe('La commande type a été enregistrée.');
    const saved = await api<{ lines: { product_id: number; quantity: number }[] }>(
      vet,
      'GET',
      `/wishlists/${listId}`,
    );
    expect(saved.body.lines.map((l) => [l.product_id, l.quantity])).toEqual([
      [loxitab.variantId, 4],
      [melovem.variantId, 3],
    ]);
    await expectNoAxeViolations(page);
    // On a phone the lines fit the screen: availability and unit price under the product's name,
    // the quantity, amount and remove button on screen without a sideways scroll, under the product.
    await page.setViewportSize({ width: 390, height: 844 });
    await expectTableFits(page, 'wishlist-lines');
    await expect
      .poll(() => loxLine.getByTestId('wishlist-line-phone-facts').textContent())
      .toMatch(/Prix unitaire HTVA\u00a0: .+€/);
    for (const id of ['wishlist-line-qty', 'wishlist-line-remove']) {
      const box = (await loxLine.getByTestId(id).boundingBox())!;
      expect(box.x + box.width, id).toBeLessThanOrEqual(390);
    }
    // Each line is a card: the product has the line's width, the quantity comes under it (beside
    // three columns a long name broke at every word).
    const lineBoxes = await loxLine.evaluate((tr) => {
      const box = (el: Element | null) => el!.getBoundingClientRect().toJSON() as DOMRect;
      return {
        line: box(tr),
        product: box(tr.querySelectorAll('td')[1]!),
        qty: box(tr.querySelector('[data-testid="wishlist-line-qty"]')),
      };
    });
    expect(lineBoxes.product.width, 'the product on the line’s width').toBeGreaterThan(
      lineBoxes.line.width * 0.8,
    );
    expect(lineBoxes.qty.top, 'the quantity under the product').toBeGreaterThanOrEqual(
      lineBoxes.product.bottom,
    );
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await loxLine.getByTestId('wishlist-line-phone-facts').isVisible()).toBe(false);

    // 5. Add the whole list to the cart again from its page: 1 + 4 and 3 + 3.
    await page.getByTestId('wishlist-add-all').click();
    await expect
      .poll(() => page.getByTestId('wishlist-message').textContent())
      .toBe('2 lignes ajoutées au panier.');
    await waitForSync(page);
    await expect.poll(() => serverQty(vet, loxitab.variantId)).toBe(5);
    await expect.poll(() => serverQty(vet, melovem.variantId)).toBe(6);

    // 6. Delete the list from its page: back on the list page, without it.
    await page.getByTestId('wishlist-delete').click();
    await page.getByTestId('wishlist-delete-confirm').click();
    await page.waitForURL(/\/fr\/account\/wishlists$/, { waitUntil: 'commit' });
    await expect
      .poll(() => page.locator(`[data-testid="wishlist-row"][data-wishlist-name="${name}"]`).count())
      .toBe(0);
    expect((await api(vet, 'GET', `/wishlists/${listId}`)).status).toBe(404);

    await emptyServerCart(vet);
    await context.close();
  });
});

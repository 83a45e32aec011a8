/**
 * Products on order (docs/decisions/backorder-cancellation.md; docs/product/orders-and-documents.md#screens /{lang}/account/products_on_order and its cancel dialog or
 * page, docs/product/orders-and-documents.md#backorder-cancel, docs/product/orders-and-documents.md, docs/product/errors.md), in French, as the demo veterinary:
 * - an order is placed through the api (cart sync + confirm) and staff deliver part of it, so a
 *   backorder remains;
 * - the list shows it with the quantity on order; the filter "made-to-order only" hides it;
 * - "Cancel" opens the dialog over the list (intercepted route): a quantity out of range shows
 *   'La quantité doit être comprise entre 1 et {max}', then a valid quantity is confirmed; the
 *   success message shows and, once closed, the list shows the new quantities;
 * - the cancel URL opened directly is a full page; once the rest is delivered it shows the refusal
 *   'Cette commande de produit ne peut pas être annulée : {reason}';
 * - another customer gets the 404 page for it.
 * axe runs on the list, the dialog and the page.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, expectTableFits, newPage } from './browser.ts';
import { API_URL, api, apiSignIn, serverCart, signIn, type ServerCart } from './session.ts';

const VET = 'veterinary@demo.vetshop.be';

/**
 * Places an order of `qty` units of the first "loxitab" variant as `cookie` (the cart emptied
 * first, then one sync transaction and the confirm): its id, number and product line id, and the
 * product's id and url key.
 */
async function placeOrder(
  cookie: string,
  qty: number,
): Promise<{
  id: number;
  name: string;
  lineId: number;
  productId: number;
  urlKey: string;
  productName: string;
}> {
  const search = await fetch(`${API_URL}/catalog/search?lang=fr&q=meloxicam`);
  const hits = (
    (await search.json()) as {
      hits: { id: number; name: string; url_key: string; variants: { id: number }[] }[];
    }
  ).hits;
  const product = hits.find((h) => h.url_key === 'loxitab') ?? hits[0]!;
  const variantId = product.variants[0]!.id;
  const before = await serverCart(cookie);
  const stamp = Date.now();
  const transactions = (before?.lines ?? [])
    .filter((l) => !l.is_delivery && l.product_id !== null)
    .map((l, i) => ({ uuid: `e2e-bo-empty-${stamp}-${i}`, product_id: l.product_id!, qty: -l.qty }));
  transactions.push({ uuid: `e2e-bo-add-${stamp}`, product_id: variantId, qty });
  const synced = await api<ServerCart>(cookie, 'POST', '/carts/sync', {
    uuid: before?.uuid ?? null,
    transactions,
  });
  expect(synced.status, JSON.stringify(synced.body)).toBe(200);
  const confirmed = await api<{ sale_id: number; name: string }>(cookie, 'POST', '/carts/confirm', {
    uuid: synced.body.uuid,
    customer_ref: `E2E-BO-${stamp}`,
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
  const sale = await api<{ lines: { id: number; is_delivery: boolean }[] }>(
    cookie,
    'GET',
    `/sales/${confirmed.body.sale_id}`,
  );
  const line = sale.body.lines.find((l) => !l.is_delivery)!;
  return {
    id: confirmed.body.sale_id,
    name: confirmed.body.name,
    lineId: line.id,
    productId: product.id,
    urlKey: product.url_key,
    productName: product.name,
  };
}

test.describe('products on order (fr)', () => {
  test('cancels part of a backorder from the dialog: out of range first, then a valid quantity', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const vet = await apiSignIn(VET);
    const staff = await apiSignIn('staff@demo.vetshop.be');
    // 1. An order of 6 units; staff deliver 2, so 4 remain on order.
    const order = await placeOrder(vet, 6);
    const picking = await api(staff, 'POST', `/staff/sales/${order.id}/pickings`, {
      lines: { [String(order.lineId)]: 2 },
    });
    expect(picking.status).toBe(201);

    const { context, page } = await newPage(browser, 'fr-BE');
    await signIn(page);

    // The product page shows the customer's consumption, now counting this order (the product
    // answer's `consumption`, the same figures as GET /catalog/consumption).
    const consumption = await api<{ total_12_months: number }>(
      vet,
      'GET',
      `/catalog/consumption?product_id=${order.productId}`,
    );
    expect(consumption.body.total_12_months).toBeGreaterThanOrEqual(6);
    await page.goto(`/fr/p/${order.urlKey}`, { waitUntil: 'networkidle' });
    await expect
      .poll(() => page.getByTestId('product-consumption').textContent())
      .toContain(`(${consumption.body.total_12_months} unités)`);

    // 2. The list shows the line with 4 on order; "made-to-order only" hides it.
    await page.goto('/fr/account/products_on_order', { waitUntil: 'networkidle' });
    const row = page.locator(`[data-testid="backorders-row"][data-line-id="${order.lineId}"]`);
    await row.waitFor();
    await expect.poll(() => row.getByTestId('backorders-on-order').textContent()).toBe('4');
    await expect.poll(() => row.textContent()).toContain(order.name);
    // The line named by the catalogue's product name in the page's language, its pack size below.
    expect(await row.getByTestId('backorders-product').textContent()).toBe(order.productName);
    await expectNoAxeViolations(page);
    // On a phone each line is a card: the quantities labelled, the cancel link on screen.
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    await expectTableFits(page, 'backorders-table');
    const cancelBox = (await row.getByTestId('backorders-cancel-link').boundingBox())!;
    expect(cancelBox.x + cancelBox.width).toBeLessThanOrEqual(390);
    await expect.poll(() => row.textContent()).toContain('En commande');
    await expectNoAxeViolations(page);
    await page.setViewportSize(viewport);
    await page.getByTestId('backorders-filter').selectOption('made_to_order');
    await page.waitForURL(/filter=made_to_order/, { waitUntil: 'commit' });
    await expect.poll(() => row.count()).toBe(0);
    await page.getByTestId('backorders-filter').selectOption('all');
    await page.waitForURL((url) => !url.search.includes('filter='), { waitUntil: 'commit' });
    await row.waitFor();

    // 3. "Cancel" opens the dialog over the list.
    await row.getByTestId('backorders-cancel-link').click();
    await page.waitForURL(new RegExp(`/fr/account/products_on_order/${order.lineId}/cancel$`), {
      waitUntil: 'commit',
    });
    const dialog = page.getByTestId('backorder-cancel-dialog');
    await dialog.waitFor();
    expect(await page.getByTestId('backorders-table').count()).toBe(1);
    await expect.poll(() => dialog.getByTestId('backorder-cancel-on-order').textContent()).toBe('4');

    // 4. Out of range: the docs/product/orders-and-documents.md message with the maximum, nothing sent.
    await dialog.getByTestId('backorder-cancel-quantity').fill('9');
    await dialog.getByTestId('backorder-cancel-continue').click();
    await expect
      .poll(() => dialog.getByTestId('backorder-cancel-error').textContent())
      .toBe('La quantité doit être comprise entre 1 et 4');
    expect(await dialog.getByTestId('backorder-cancel-question').count()).toBe(0);
    await expectNoAxeViolations(page);

    // 5. A valid quantity, the confirmation step, then the success message.
    await dialog.getByTestId('backorder-cancel-quantity').fill('3');
    await dialog.getByTestId('backorder-cancel-continue').click();
    await expect
      .poll(() => dialog.getByTestId('backorder-cancel-question').textContent())
      .toContain('3 unités');
    await dialog.getByTestId('backorder-cancel-confirm').click();
    await dialog.getByTestId('backorder-cancel-success').waitFor();
    const line = await api<{ qty_canceled: number; qty_backorder: number }>(
      vet,
      'GET',
      `/products_on_order/${order.lineId}`,
    );
    expect(line.body).toMatchObject({ qty_canceled: 3, qty_backorder: 1 });

    // 6. Closing goes back to the list, which shows the new quantities.
    await dialog.getByTestId('backorder-cancel-close').click();
    await page.waitForURL(/\/fr\/account\/products_on_order$/, { waitUntil: 'commit' });
    await expect.poll(() => page.getByTestId('backorder-cancel-dialog').count()).toBe(0);
    await expect.poll(() => row.getByTestId('backorders-on-order').textContent()).toBe('1');
    await expect.poll(() => row.getByTestId('backorders-canceled').textContent()).toBe('3');

    // 7. Opened directly, the cancel URL is a page of its own.
    await page.goto(`/fr/account/products_on_order/${order.lineId}/cancel`, { waitUntil: 'networkidle' });
    await page.getByTestId('backorder-cancel-page').waitFor();
    expect(await page.getByTestId('backorder-cancel-dialog').count()).toBe(0);
    await expect.poll(() => page.getByTestId('backorder-cancel-on-order').textContent()).toBe('1');
    await expectNoAxeViolations(page);

    // 8. Once staff deliver the last unit, the order is closed: the page shows the refusal.
    const last = await api(staff, 'POST', `/staff/sales/${order.id}/pickings`, {
      lines: { [String(order.lineId)]: 1 },
    });
    expect(last.status).toBe(201);
    await page.reload({ waitUntil: 'networkidle' });
    await expect
      .poll(() => page.getByTestId('backorder-cancel-refused').textContent())
      .toBe(
        'Cette commande de produit ne peut pas être annulée\u00a0: la commande est clôturée (annulée ou entièrement livrée).',
      );
    await page.goto('/fr/account/products_on_order', { waitUntil: 'networkidle' });
    await expect.poll(() => row.count()).toBe(0);
    await context.close();

    // 9. Another customer gets the 404 page.
    const nurse = await newPage(browser, 'fr-BE');
    await signIn(nurse.page, 'nurse@demo.vetshop.be');
    const foreign = await nurse.page.goto(`/fr/account/products_on_order/${order.lineId}/cancel`, {
      waitUntil: 'networkidle',
    });
    expect(foreign?.status()).toBe(404);
    await nurse.context.close();
  });
});

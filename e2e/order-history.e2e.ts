/**
 * Order history journey (docs/decisions/order-history.md), in French, as the demo veterinary:
 * sign in → /fr/account/sales → search one past order by its number with the GET search form → the
 * list shows it alone → open it: its lines are named by product, pack size and SKU → "order again"
 * → the notification names what was added (and skipped) → the server cart holds each orderable
 * product of the order with the ordered quantity (each transaction applied once). An impossible
 * date in the URL is ignored and named instead of failing. axe runs on the list and the detail.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, newPage } from './browser.ts';
import { api, apiSignIn, emptyServerCart, serverQty, signIn, VET, waitForSync } from './session.ts';

interface Line {
  product_id: number | null;
  qty: number;
  sku: string | null;
  product_name: string | null;
  orderable: boolean;
  is_delivery: boolean;
  discount: { rate: number; value: number };
}

test.describe('order history (fr)', () => {
  test('searches a past order, orders it again, and the cart holds its products', async ({ browser }) => {
    const vet = await apiSignIn(VET);
    await emptyServerCart(vet);
    // A past order with at least one product the customer can still order.
    const orders = await api<{ data: { id: number; name: string }[] }>(vet, 'GET', '/orders?page_size=30');
    expect(orders.status).toBe(200);
    let chosen: { id: number; name: string; lines: Line[] } | null = null;
    for (const order of orders.body.data) {
      const detail = await api<{ lines: Line[] }>(vet, 'GET', `/sales/${order.id}?lang=fr`);
      if (detail.body.lines.some((l) => !l.is_delivery && l.orderable && l.product_id !== null)) {
        chosen = { ...order, lines: detail.body.lines };
        break;
      }
    }
    expect(chosen, 'a past order with an orderable product').not.toBeNull();
    const order = chosen!;
    const expected = new Map<number, number>();
    for (const l of order.lines)
      if (!l.is_delivery && l.orderable && l.product_id !== null)
        expected.set(l.product_id, (expected.get(l.product_id) ?? 0) + l.qty);

    const { context, page } = await newPage(browser, 'fr-BE');
    await signIn(page);

    // 1. Search the order by its number with the GET form.
    await page.goto('/fr/account/sales', { waitUntil: 'networkidle' });
    await page.getByTestId('sales-q').fill(order.name);
    await page.getByTestId('sales-search-submit').click();
    await page.waitForURL(/[?&]q=/, { waitUntil: 'commit' });
    const rows = page.getByTestId('sales-row');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().getAttribute('data-sale-name')).toBe(order.name);
    expect(await page.getByTestId('sales-status').textContent()).toMatch(/^1–1 sur 1$/);
    await expectNoAxeViolations(page);
    // On a phone the two dates share a row, and so do the two selects: the first order is on the
    // first screen, not below six full-width fields.
    const desk = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    const top = async (id: string) => (await page.getByTestId(id).boundingBox())!.y;
    expect(await top('sales-date-to')).toBe(await top('sales-date-from'));
    expect(await top('sales-page-size')).toBe(await top('sales-filter'));
    expect(await top('sales-row')).toBeLessThan(844);
    await page.setViewportSize(desk);

    // A search that finds nothing says so once: the empty text, no "0–0 sur 0" (docs/decisions/empty-lists.md).
    await page.goto(`/fr/account/sales?q=${encodeURIComponent('AUCUNE-COMMANDE-DE-CE-NOM')}`, {
      waitUntil: 'networkidle',
    });
    await page.getByTestId('sales-empty').waitFor();
    expect(await page.getByTestId('sales-status').count()).toBe(0);

    // An impossible date is named, not an error page.
    await page.goto(`/fr/account/sales?date_from=2026-02-30&q=${encodeURIComponent(order.name)}`, {
      waitUntil: 'networkidle',
    });
    await page.getByTestId('sales-search-invalid').waitFor();
    expect(await page.getByTestId('sales-row').count()).toBe(1);

    // 2. The detail names each product line by product name and SKU.
    await page.getByTestId('sales-link').click();
    await page.waitForURL(/\/fr\/account\/sales\/\d+$/, { waitUntil: 'commit' });
    await page.getByTestId('sale-title').waitFor();
    const first = order.lines.find((l) => !l.is_delivery && l.product_name && l.sku)!;
    const line = page.locator(`[data-testid="sale-line"][data-sku="${first.sku}"]`);
    expect(await line.getByTestId('sale-line-product').textContent()).toBe(first.product_name);
    expect(await line.getByTestId('sale-line-sku').textContent()).toBe(`Réf. ${first.sku}`);
    // The stored unit price is before the line's discount: a discounted line says so (checkout's
    // "prix unitaire" is the net one).
    const unitLabel = line.locator('dt', { hasText: /^Prix unitaire HTVA/ });
    expect(await unitLabel.textContent()).toBe(
      first.discount.rate ? 'Prix unitaire HTVA avant remise' : 'Prix unitaire HTVA',
    );
    await expectNoAxeViolations(page);

    // 3. Order it again: the notification, then the server cart holds the ordered quantities.
    const reorder = page.getByTestId('sale-reorder');
    await expect.poll(() => reorder.isEnabled()).toBe(true);
    await reorder.click();
    await expect
      .poll(() => page.getByTestId('sale-reorder-status').textContent())
      .toMatch(new RegExp(`${expected.size} produits? ajoutés? à votre panier`));
    await waitForSync(page);
    for (const [productId, qty] of expected) {
      await expect.poll(() => serverQty(vet, productId), { timeout: 20_000 }).toBe(qty);
    }
    // A reload syncs nothing twice.
    await page.reload({ waitUntil: 'networkidle' });
    await waitForSync(page);
    for (const [productId, qty] of expected) expect(await serverQty(vet, productId)).toBe(qty);
    await context.close();
    await emptyServerCart(vet);
  });
});

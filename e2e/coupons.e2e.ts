/**
 * Coupons and supplier promotions in the cart (docs/decisions/coupons.md,
 * docs/decisions/supplier-promotions.md), in French, as the demo veterinary (supplier-promotion
 * flag set):
 * - a "main + promo" supplier promotion: twice the main quantity in the cart shows the free units
 *   under the paying line;
 * - staff create a 10 % coupon through the api; an unknown code shows its message; the coupon's code
 *   applied in the cart shows its reward excl. and incl. VAT; removing it takes the reward away. The
 *   code is removed and the coupon deactivated at the end so other journeys see the demo cart as before;
 *   the cart ordered, the order's free line has no "order again" button of its own;
 * - staff create a coupon on their page restricted to a brand found and ticked by name: the list
 *   says what it applies to by the brand's name, and its edit form shows the brand ticked first.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, newPage } from './browser.ts';
import { api, apiSignIn, emptyServerCart, signIn, STAFF, VET } from './session.ts';

test.describe('coupons and free units in the cart (fr)', () => {
  test('shows a 10 + 2 free line and the reward of an applied coupon', async ({ browser }) => {
    test.setTimeout(60_000);
    const vet = await apiSignIn(VET);
    const staff = await apiSignIn(STAFF);
    await emptyServerCart(vet);
    const promos = await api<{
      items: { product_id: number; main_quantity: number | null; promo_quantity: number | null }[];
    }>(vet, 'GET', '/promotions?lang=fr&kind=supplier_promotion&per_page=50');
    expect(promos.status).toBe(200);
    const promo = promos.body.items.find((i) => (i.main_quantity ?? 0) > 0 && (i.main_quantity ?? 0) <= 50);
    expect(promo, 'a supplier promotion visible to the demo veterinary').toBeDefined();
    const main = promo!.main_quantity!;
    const code = `E2E${Date.now()}`;
    const created = await api<{ id: number }>(staff, 'POST', '/staff/coupons', { code, percent: 10 });
    expect(created.status).toBe(201);
    try {
      const cart = await api<{ uuid: string }>(vet, 'GET', '/carts/current');
      await api(vet, 'POST', '/carts/sync', {
        uuid: cart.status === 200 ? cart.body.uuid : null,
        transactions: [{ uuid: `e2e-promo-${Date.now()}`, product_id: promo!.product_id, qty: main * 2 }],
      });

      const { context, page } = await newPage(browser, 'fr-BE');
      await signIn(page);
      await page.goto('/fr/cart', { waitUntil: 'networkidle' });
      const line = page.locator(`[data-testid="cart-line"][data-product-id="${promo!.product_id}"]`);
      await expect
        .poll(() => line.getByTestId('cart-line-free').textContent())
        .toContain(`+ ${2 * promo!.promo_quantity!} gratuit`);

      await page.getByTestId('cart-coupon').fill('NOPE-NOPE');
      await page.getByTestId('cart-coupon-apply').click();
      await expect.poll(() => page.getByTestId('cart-coupon-error').textContent()).toContain('n’existe pas');

      await page.getByTestId('cart-coupon').fill(code.toLowerCase());
      await page.getByTestId('cart-coupon-apply').click();
      await expect
        .poll(() => page.getByTestId('cart-coupon-reward').textContent())
        .toMatch(new RegExp(`Réduction ${code}\u00a0: −.+ HTVA \\(−.+ TVAC\\)`));
      // Removing the code takes the reward away.
      await page.getByTestId('cart-coupon-remove').click();
      await expect.poll(() => page.getByTestId('cart-coupon-reward').count()).toBe(0);

      // Ordered, the free units are a line of the order without an "order again" button of their
      // own (they come again with the paid line), and nothing says they are no longer available.
      const open = await api<{ uuid: string }>(vet, 'GET', '/carts/current');
      const confirmed = await api<{ sale_id: number }>(vet, 'POST', '/carts/confirm', {
        uuid: open.body.uuid,
        customer_ref: `E2E-FREE-${Date.now()}`,
      });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
      await page.goto(`/fr/account/sales/${confirmed.body.sale_id}`, { waitUntil: 'networkidle' });
      const paid = page.locator('[data-testid="sale-line"]:not([data-free])');
      const free = page.locator('[data-testid="sale-line"][data-free]');
      await expect.poll(() => free.count()).toBe(1);
      expect(await paid.getByRole('button', { name: /Ajouter .* au panier/ }).count()).toBe(1);
      expect(await free.getByRole('button').count()).toBe(0);
      expect(await free.textContent()).not.toContain('Plus disponible');
      await context.close();
    } finally {
      // The demo cart keeps no code for the other journeys.
      await api(vet, 'DELETE', '/carts/current/coupon');
      await api(staff, 'POST', `/staff/coupons/${created.body.id}/deactivate`);
      await emptyServerCart(vet);
    }
  });

  test('staff restrict a coupon to a brand ticked by name', async ({ browser }) => {
    const staff = await apiSignIn(STAFF);
    const listed = await api<{ brands: { id: number; name: string }[] }>(staff, 'GET', '/staff/coupons');
    const brand = listed.body.brands.find((b) => b.name.length > 3)!;
    expect(brand, 'a brand in the catalogue').toBeDefined();
    const code = `BRAND${Date.now()}`;
    const { context, page } = await newPage(browser, 'fr-BE');
    await signIn(page, STAFF);
    await page.goto('/fr/staff/coupons', { waitUntil: 'networkidle' });
    const form = page.getByTestId('coupon-form');
    await form.getByTestId('coupon-form-code').fill(code);
    // A refusal names the field at fault (it always spoke of the code and the value).
    await form.getByTestId('coupon-form-kind').selectOption('percent');
    await form.getByTestId('coupon-form-value').fill('150');
    await form.getByTestId('coupon-form-submit').click();
    await expect(form.getByTestId('coupon-form-error')).toHaveText(
      'Le pourcentage doit être compris entre 0,01 et 100.',
    );
    await form.getByTestId('coupon-form-value').fill('5');
    expect(await form.getByTestId('coupon-form-brands-count').textContent()).toBe(
      'Aucune marque cochée\u00a0: toutes les marques',
    );
    // Narrowed by a part of its name, the brand is the only one left to tick.
    await form.getByTestId('coupon-form-brands-filter').fill(brand.name.slice(1, -1).toUpperCase());
    const box = form.getByTestId(`coupon-form-brand-${brand.id}`);
    await expect.poll(() => box.isVisible()).toBe(true);
    await box.check();
    expect(await form.getByTestId('coupon-form-brands-count').textContent()).toBe('1 marque cochée');
    await expectNoAxeViolations(page);
    await form.getByTestId('coupon-form-submit').click();
    const row = page.getByTestId('coupons-row').filter({ hasText: code });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    expect(await row.textContent()).toContain(brand.name);
    const saved = await api<{ items: { id: number; code: string; brand_ids: number[] }[] }>(
      staff,
      'GET',
      '/staff/coupons',
    );
    const coupon = saved.body.items.find((c) => c.code === code)!;
    expect(coupon.brand_ids).toEqual([brand.id]);
    // Its edit form shows the brand ticked, first in the list.
    await page.getByTestId(`coupon-edit-${coupon.id}`).click();
    // In a dialog over the list, not squeezed into the row's last cell (about 18rem, fields cut).
    const editDialog = page.getByTestId(`coupon-edit-${coupon.id}-dialog`);
    await expect(editDialog).toBeVisible();
    expect((await editDialog.boundingBox())!.width).toBeGreaterThan(600);
    const edit = page.getByTestId(`coupon-form-${coupon.id}-brands`);
    expect(await edit.getByRole('checkbox').first().isChecked()).toBe(true);
    expect(await edit.getByTestId(`coupon-form-${coupon.id}-brand-${brand.id}`).isChecked()).toBe(true);
    await context.close();
    await api(staff, 'POST', `/staff/coupons/${coupon.id}/deactivate`);
  });
});

/**
 * Staff stock page (docs/decisions/stock-moves.md "Staff"), in French: staff find a variant by its
 * SKU, set its on-hand figure from the row (units arriving serve the variant's backorders first, so
 * the free units are 900 less what earlier journeys left on backorder), then upload a stock CSV with
 * an unknown code and get the refused-file report while the stock stays as it was. axe runs on the
 * page with its report.
 */
import { expect, test } from '@playwright/test';
import type { StockList } from '@vetshop/domain';
import { expectNoAxeViolations, newPage } from './browser.ts';
import { api, API_URL, apiSignIn, signIn, STAFF } from './session.ts';

test.describe('staff stock (fr)', () => {
  test('sets the free units of a variant and refuses a CSV with an unknown code as a whole', async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const cookie = await apiSignIn(STAFF);
    const search = await fetch(`${API_URL}/catalog/search?lang=fr&q=meloxicam`);
    const hits = ((await search.json()) as { hits: { variants: { id: number; sku: string }[] }[] }).hits;
    const variant = hits[0]!.variants[0]!;
    const rowOf = async () =>
      (
        await api<StockList>(cookie, 'GET', `/staff/stock?q=${encodeURIComponent(variant.sku)}`)
      ).body.items.find((r) => r.variant_id === variant.id)!;
    const stockOf = async () => (await rowOf()).qty_available;
    const { qty_available: before, qty_backorder: waiting } = await rowOf();
    expect(waiting).toBeLessThan(900);

    const { context, page } = await newPage(browser, 'fr-BE');
    try {
      await signIn(page, STAFF);
      await page.goto(`/fr/staff/stock?q=${encodeURIComponent(variant.sku)}`, { waitUntil: 'networkidle' });
      const editor = `stock-edit-${variant.id}`;
      await page.getByTestId(`${editor}-mode`).selectOption('set');
      await page.getByTestId(`${editor}-qty`).fill('900');
      await page.getByTestId(`${editor}-submit`).click();
      await page.getByTestId(`${editor}-done`).waitFor();
      await expect.poll(stockOf).toBe(900 - waiting);
      expect((await rowOf()).qty_backorder).toBe(0);

      await page.getByTestId('stock-import-file').setInputFiles({
        name: 'stock.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`${variant.sku};5\nE2E-NO-SUCH-CODE;2\n;4\n`),
      });
      await page.getByTestId('stock-import-submit').click();
      await page.getByTestId('stock-import-refused').waitFor();
      const refused = page.getByTestId('stock-import-refused-line');
      expect(await refused.count()).toBe(2);
      expect(await refused.first().textContent()).toMatch(/^Ligne 2 \(E2E-NO-SUCH-CODE\)\u00a0: /);
      // A line without a code: no empty brackets.
      expect(await refused.last().textContent()).toMatch(/^Ligne 3\u00a0: /);
      expect(await stockOf()).toBe(900 - waiting);
      await expectNoAxeViolations(page);
    } finally {
      await api(cookie, 'POST', `/staff/stock/${variant.id}`, { mode: 'set', qty: before });
      await context.close();
    }
  });
});

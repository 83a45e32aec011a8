/**
 * CSV order import (docs/product/customer-area.md#order-import "CSV import with good and bad lines"; docs/product/customer-area.md#order-import), in
 * English: the wholesaler demo account (allowed to import) sends a file with good and bad lines
 * from its account page; the good lines reach the cart (sending the same file again is a new
 * import: its lines are added again), each bad line is reported with its number, and a refused file
 * leaves the cart as it was, listing each line's reason;
 * a file as Excel saves it (Windows-1252, a code rounded to scientific notation) is read, the
 * rounded code named.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, newPage } from './browser.ts';

const API_URL = process.env.E2E_API_URL ?? 'http://127.0.0.1:4100';
const GOOD = [
  'VMD-ELANCO-SCOUR-FORMULA-EXTRA-POWDER-FOR-ORAL-SOLUTION-1',
  'GEN-FOOD-NUTRIVET-DOG-RENAL-WET-1',
];
const FILE = ['sku;quantity', `${GOOD[0]};2`, `${GOOD[1]};12`, 'NO-SUCH-SKU;1', `${GOOD[0]};many`, ';3'].join(
  '\n',
);

/** Quantities of the wholesaler's server cart per variant id (read through the api with the page's cookie). */
async function serverCart(page: Page): Promise<Map<number, number>> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'vetshop_session');
  const res = await fetch(`${API_URL}/carts/current`, {
    headers: { cookie: `vetshop_session=${cookie?.value}` },
  });
  const body =
    res.status === 200
      ? ((await res.json()) as { lines: { product_id: number; qty: number; is_delivery: boolean }[] })
      : { lines: [] };
  return new Map(body.lines.filter((l) => !l.is_delivery).map((l) => [l.product_id, l.qty]));
}

async function upload(page: Page, name: string, content: string | Buffer): Promise<void> {
  await page.getByTestId('csv-import-file').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.isBuffer(content) ? content : Buffer.from(content),
  });
  await page.getByTestId('csv-import-submit').click();
}

test.describe('CSV order import (en)', () => {
  test('imports the good lines once, reports the bad ones, and a refused file changes nothing', async ({
    browser,
  }) => {
    const { context, page } = await newPage(browser, 'en-US');
    await page.goto('/en/account/login', { waitUntil: 'networkidle' });
    await page.locator('#login-login').fill('wholesaler@demo.vetshop.be');
    await page.locator('#login-password').fill('vetshop-demo-2026');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/en\/account$/, { waitUntil: 'commit' });
    await page.getByTestId('csv-import-form').waitFor();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('import');
    await expectNoAxeViolations(page);

    await upload(page, 'order.csv', FILE);
    await expect.poll(() => page.getByTestId('csv-import-count').textContent()).toContain('2 lines added');
    const errors = page.getByTestId('csv-import-errors').locator('li');
    await expect
      .poll(() => errors.evaluateAll((items) => items.map((li) => li.getAttribute('data-line'))))
      .toEqual(['4', '5', '6']);
    // The value read is named in brackets; a line without a code gets no empty brackets.
    expect(await errors.first().textContent()).toBe('Line 4: unknown product (NO-SUCH-SKU)');
    expect(await errors.last().textContent()).toBe('Line 6: no product code');
    await expectNoAxeViolations(page);
    const first = await serverCart(page);
    expect([...first.values()].sort((a, b) => a - b)).toEqual([2, 12]);

    // The same file again is a new import (docs/decisions/order-import.md): its lines are added
    // again, as the message says (it added nothing and said "2 lines added").
    await page.getByTestId('csv-import-count').evaluate((p) => (p.textContent = ''));
    await upload(page, 'order.csv', FILE);
    await expect.poll(() => page.getByTestId('csv-import-count').textContent()).toContain('2 lines added');
    const second = await serverCart(page);
    expect([...second.values()].sort((a, b) => a - b)).toEqual([4, 24]);

    // A file that is not CSV, and a CSV without any valid line, are refused; the cart is unchanged.
    await upload(page, 'order.xlsx', 'PK\u0003\u0004');
    await expect.poll(() => page.getByTestId('csv-import-refused').textContent()).toContain('.csv');
    await upload(page, 'empty.csv', 'sku;quantity\nNO-SUCH-SKU;1\n1.000;2,5\n');
    await expect.poll(() => page.getByTestId('csv-import-refused').textContent()).toContain('unchanged');
    // Each line's reason, as for a file with good lines (only "no line could be imported" before).
    expect(
      await page
        .getByTestId('csv-import-refused-lines')
        .locator('li')
        .evaluateAll((items) => items.map((li) => li.textContent)),
    ).toEqual(['Line 2: unknown product', 'Line 3: unknown product']);
    // A header naming a code but no quantity says so.
    await upload(page, 'codes.csv', `sku\n${GOOD[0]}\n`);
    await expect
      .poll(() => page.getByTestId('csv-import-refused').textContent())
      .toContain('names no quantity column');
    expect(await serverCart(page)).toEqual(second);

    // A file as Excel saves it on a Belgian Windows (Windows-1252, a French header, a name with
    // "€"): read; a code the spreadsheet rounded is named as such, not as an unknown product.
    const excel = Buffer.concat([
      Buffer.from(`Désignation;SKU;Quantité\r\nPoudre à 5 `, 'latin1'),
      Buffer.from([0x80]), // "€" in Windows-1252
      Buffer.from(`;${GOOD[0]};1\r\nAutre;5,41235E+12;1\r\n`, 'latin1'),
    ]);
    await upload(page, 'commande.csv', excel);
    await expect.poll(() => page.getByTestId('csv-import-count').textContent()).toContain('1 line added');
    expect(await errors.evaluateAll((items) => items.map((li) => li.textContent))).toEqual([
      'Line 3: a number rounded by the spreadsheet: format the code column as text and save again (5,41235E+12)',
    ]);
    const afterExcel = await serverCart(page);
    expect([...afterExcel.values()].sort((a, b) => a - b)).toEqual([5, 24]);

    // The cart page shows the imported lines.
    await page.goto('/en/cart', { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(2);
    await context.close();
  });
});

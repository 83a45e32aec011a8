/**
 * Account dashboard and customer home (docs/product/customer-area.md#dashboard /{lang} and
 * /{lang}/account, docs/product/constants.md#filters most-ordered filter), in French, as the demo student
 * (student@demo.vetshop.be, used by no other journey):
 * - an order of a drug and a food product is placed through the api (cart sync + confirm); staff
 *   deliver and invoice the food line and credit one unit of it (credit note);
 * - the api's monthly figures grow by exactly the ordered line amounts, minus the credit note;
 * - /fr/account renders the recharts chart (bars drawn) and its table alternative whose year totals
 *   per family are those figures, and the key figures (this year's total, orders this year, last
 *   order = the new order);
 * - the most ordered items list the drug; the filter "Aliments" hides it, "Médicaments" shows it;
 *   its add-to-cart button puts it in the cart;
 * - the home page of the signed-in customer shows the most ordered items with the filter;
 * - on a 390 px phone the chart loads only once scrolled near, an empty block of its height (320 px)
 *   holding its place until then (the demo veterinary's dashboard, read only); a year without
 *   purchases says so instead of drawing a chart.
 * axe runs on the dashboard and the customer home.
 */
import { expect, test } from '@playwright/test';
import { addSessionCookie, expectNoAxeViolations, newPage } from './browser.ts';
import { DEMO_PASSWORD, api, apiSignIn } from './session.ts';

const STUDENT = 'student@demo.vetshop.be';

interface ServerCart {
  uuid: string;
  lines: { product_id: number | null; qty: number; is_delivery: boolean; made_to_order: boolean }[];
}
interface Totals {
  meds: number;
  food: number;
  equipment: number;
  total: number;
}
interface Monthly {
  year: number;
  months: (Totals & { month: string })[];
  totals: Totals;
}
interface FiveYears {
  key_figures: {
    year: number;
    this_year_total: number;
    orders_this_year: number;
    last_order: { id: number; name: string } | null;
  };
}

/** A priced, in-stock variant of `family` for the caller's price list (search as the caller). */
async function pricedVariant(
  cookie: string,
  query: string,
): Promise<{ id: number; name: string; productId: number }> {
  const res = await api<{
    hits: {
      id: number;
      name: string;
      variants: { id: number; stock_state: string; price: { value: number } | null }[];
    }[];
  }>(cookie, 'GET', `/catalog/search?lang=fr&per_page=48&${query}`);
  expect(res.status).toBe(200);
  for (const hit of res.body.hits)
    for (const v of hit.variants)
      if (v.price && v.price.value > 0 && v.stock_state === 'in_stock')
        return { id: v.id, name: hit.name, productId: hit.id };
  throw new Error(`no priced variant for ${query}`);
}

/** fr-BE money as the web formats it (lib/format.ts formatPrice). */
const eur = (v: number) => new Intl.NumberFormat('fr-BE', { style: 'currency', currency: 'EUR' }).format(v);
const round2 = (v: number) => Math.round(v * 100) / 100;

test.describe('account dashboard and customer home (fr)', () => {
  test('shows the chart with the right totals, the key figures and the most ordered items', async ({
    browser,
  }) => {
    const student = await apiSignIn(STUDENT);
    const staff = await apiSignIn('staff@demo.vetshop.be');
    const five0 = await api<FiveYears>(student, 'GET', '/sale_statistics/five_years');
    expect(five0.status).toBe(200);
    const year = five0.body.key_figures.year;
    const before = (await api<Monthly>(student, 'GET', `/sale_statistics/monthly_ordered/${year}`)).body;

    // 1. An order: 3 units of a drug, 4 of a food product (cart emptied first), confirmed.
    const drug = await pricedVariant(student, 'family=meds&in_stock=true');
    const food = await pricedVariant(student, 'family=food&in_stock=true');
    // Students never order medicines (docs/decisions/regulated-products.md): staff grant this one.
    const found = await api<{ data: { id: number }[] }>(
      staff,
      'GET',
      '/staff/restrictions/customers?q=D00003',
    );
    const exceptions = `/staff/customers/${found.body.data[0]!.id}/restriction-exceptions`;
    const granted = await api(staff, 'POST', exceptions, {
      product_id: drug.productId,
      note: 'e2e dashboard',
    });
    expect(granted.status).toBe(204);
    const open = await api<ServerCart | Record<string, never> | null>(student, 'GET', '/carts/current');
    const cart = open.body && 'uuid' in open.body ? (open.body as ServerCart) : null;
    const stamp = Date.now();
    const transactions = (cart?.lines ?? [])
      .filter((l) => !l.is_delivery && l.product_id !== null)
      .map((l, i) => ({ uuid: `e2e-dash-empty-${stamp}-${i}`, product_id: l.product_id!, qty: -l.qty }));
    transactions.push(
      { uuid: `e2e-dash-drug-${stamp}`, product_id: drug.id, qty: 3 },
      { uuid: `e2e-dash-food-${stamp}`, product_id: food.id, qty: 4 },
    );
    const synced = await api<ServerCart>(student, 'POST', '/carts/sync', {
      uuid: cart?.uuid ?? null,
      transactions,
    });
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    const confirmed = await api<{ sale_id: number; name: string }>(student, 'POST', '/carts/confirm', {
      uuid: synced.body.uuid,
      customer_ref: `E2E-DASH-${stamp}`,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    const sale = await api<{
      lines: { id: number; product_id: number | null; qty: number; amount: number }[];
    }>(student, 'GET', `/sales/${confirmed.body.sale_id}`);
    const drugLine = sale.body.lines.find((l) => l.product_id === drug.id)!;
    const foodLine = sale.body.lines.find((l) => l.product_id === food.id)!;

    // 2. Staff deliver and invoice the food line, then credit one unit of it.
    const picking = await api(staff, 'POST', `/staff/sales/${confirmed.body.sale_id}/pickings`, {
      lines: { [String(foodLine.id)]: 4 },
    });
    expect(picking.status, JSON.stringify(picking.body)).toBeLessThan(300);
    const invoice = await api<{ id: number }>(
      staff,
      'POST',
      `/staff/sales/${confirmed.body.sale_id}/invoices`,
    );
    expect(invoice.status, JSON.stringify(invoice.body)).toBeLessThan(300);
    const credit = await api(staff, 'POST', `/staff/invoices/${invoice.body.id}/credit_note`, {
      lines: { [String(foodLine.id)]: 1 },
    });
    expect(credit.status, JSON.stringify(credit.body)).toBeLessThan(300);
    const creditedUnit = round2(Math.round((foodLine.amount * 100 * 1) / 4) / 100);

    // 3. The api's figures grew by the line amounts, minus the credited unit.
    const after = (await api<Monthly>(student, 'GET', `/sale_statistics/monthly_ordered/${year}`)).body;
    expect(after.totals.meds).toBeCloseTo(before.totals.meds + drugLine.amount, 2);
    expect(after.totals.food).toBeCloseTo(before.totals.food + foodLine.amount - creditedUnit, 2);
    expect(after.totals.equipment).toBeCloseTo(before.totals.equipment, 2);
    const five = (await api<FiveYears>(student, 'GET', '/sale_statistics/five_years')).body;
    expect(five.key_figures.orders_this_year).toBe(five0.body.key_figures.orders_this_year + 1);
    expect(five.key_figures.last_order?.name).toBe(confirmed.body.name);

    // 4. The dashboard: chart drawn, table totals, key figures.
    const { context, page } = await newPage(browser);
    try {
      await page.goto('/fr/account/login', { waitUntil: 'networkidle' });
      await page.locator('#login-login').fill(STUDENT);
      await page.locator('#login-password').fill(DEMO_PASSWORD);
      await page.getByTestId('login-submit').click();
      await page.waitForURL(/\/fr\/account$/, { waitUntil: 'commit' });
      await page.getByTestId('purchases').waitFor();
      // The chart loads when it comes near the viewport (PurchasesChartLazy): scroll to it.
      await page.getByTestId('purchases').scrollIntoViewIfNeeded();
      await expect
        .poll(() => page.locator('[data-testid="purchases-chart"] .recharts-bar-rectangle').count(), {
          timeout: 15_000,
        })
        .toBeGreaterThan(0);
      expect(await page.getByTestId('purchases-total-meds').textContent()).toBe(eur(after.totals.meds));
      expect(await page.getByTestId('purchases-total-food').textContent()).toBe(eur(after.totals.food));
      expect(await page.getByTestId('purchases-total-equipment').textContent()).toBe(
        eur(after.totals.equipment),
      );
      expect(await page.getByTestId('purchases-total-total').textContent()).toBe(eur(after.totals.total));
      expect(await page.getByTestId('key-this-year').textContent()).toBe(
        eur(five.key_figures.this_year_total),
      );
      expect(await page.getByTestId('key-orders').textContent()).toBe(
        String(five.key_figures.orders_this_year),
      );
      expect(await page.getByTestId('key-last-order').textContent()).toContain(confirmed.body.name);
      await expectNoAxeViolations(page);

      // 5. Most ordered: the drug is listed; the food filter hides it, the drugs filter shows it.
      const drugItem = page.locator(
        `[data-testid="most-ordered-item"]:has([data-testid="most-ordered-add-${drug.id}"])`,
      );
      expect(await drugItem.count()).toBe(1);
      await page.getByTestId('most-ordered-filter-food').click();
      await page.waitForURL(/filter=food/);
      await expect.poll(() => page.getByTestId(`most-ordered-add-${drug.id}`).count()).toBe(0);
      expect(await page.getByTestId('most-ordered-item').count()).toBeGreaterThan(0);
      await page.getByTestId('most-ordered-filter-meds').click();
      await page.waitForURL(/filter=meds/);
      await page.getByTestId(`most-ordered-add-${drug.id}`).waitFor();
      await page.getByTestId(`most-ordered-add-${drug.id}`).click();
      await page.getByTestId(`most-ordered-add-${drug.id}-in-cart`).waitFor({ timeout: 15_000 });

      // 6. The customer home: the most ordered items with the filter.
      await page.goto('/fr', { waitUntil: 'networkidle' });
      await page.getByTestId('customer-home').waitFor();
      expect(await page.getByTestId(`most-ordered-add-${drug.id}`).count()).toBe(1);
      expect(await page.getByTestId('most-ordered-filter-promotions').count()).toBe(1);
      await expectNoAxeViolations(page);
    } finally {
      await context.close();
      // The student is again refused the drug, so later journeys (e2e/restrictions.e2e.ts picks the
      // first restricted medicine) see the seeded restrictions.
      await api(staff, 'DELETE', `${exceptions}/${drug.productId}`);
    }
  });

  test('on a phone the chart loads only when it is scrolled near, holding its place until then', async ({
    browser,
  }) => {
    // The demo veterinary: a purchase history from the seed; the dashboard only reads it.
    const vet = await apiSignIn('veterinary@demo.vetshop.be');
    const { context, page } = await newPage(browser);
    try {
      await addSessionCookie(context, vet);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/fr/account', { waitUntil: 'networkidle' });
      const placeholder = page.getByTestId('purchases-chart-loading');
      const bars = page.locator('[data-testid="purchases-chart"] .recharts-bar-rectangle');
      await expect(placeholder).toHaveCount(1);
      expect(await page.locator('[data-testid="purchases-chart"]').count()).toBe(0);
      const held = await placeholder.boundingBox();
      expect(held?.height).toBe(320);
      await page.getByTestId('purchases').scrollIntoViewIfNeeded();
      await expect.poll(() => bars.count(), { timeout: 15_000 }).toBeGreaterThan(0);
      expect((await page.getByTestId('purchases-chart').boundingBox())?.height).toBe(320);
      expect(await page.getByTestId('purchases-empty').count()).toBe(0);

      // A year before the seeded history (two years) says so instead of drawing empty axes.
      const year = new Date().getFullYear() - 4;
      await page.goto(`/fr/account?year=${year}`, { waitUntil: 'networkidle' });
      await expect
        .poll(() => page.getByTestId('purchases-empty').textContent())
        .toBe(`Aucun achat en ${year}.`);
      expect(await page.getByTestId('purchases-chart-loading').count()).toBe(0);
      expect(await page.getByTestId('purchases-table').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

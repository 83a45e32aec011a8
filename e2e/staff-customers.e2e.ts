/**
 * Staff manage a customer and enter an order for it (docs/decisions/staff-customers.md,
 * docs/decisions/staff-orders-on-behalf.md), in French: staff land on the back office after
 * signing in, find the demo veterinary's practice by its login, change its payment terms, then
 * enter a fax order for it at its prices; the veterinary finds the order among its fax orders; an
 * application shows every number the applicant gave and is approved with a veterinary group and a
 * sales person.
 * axe runs on the customer page and the order page; at 390 px the three pages fit the screen.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, newPage } from './browser.ts';
import { api, apiSignIn, signIn, STAFF, VET } from './session.ts';

test.describe('staff customers (fr)', () => {
  test('finds a practice, changes its payment terms and enters a fax order at its prices', async ({
    browser,
  }) => {
    const staffCookie = await apiSignIn(STAFF);
    const { context, page } = await newPage(browser, 'fr-BE');
    await signIn(page, STAFF);
    await page.waitForURL(/\/fr\/staff$/);

    await page.getByTestId('staff-nav-customers').click();
    await page.waitForURL(/\/fr\/staff\/customers$/);
    await page.getByTestId('customers-q').fill(VET);
    await page.getByTestId('customers-apply').click();
    await page.waitForURL(/q=/);
    await expect.poll(() => page.getByTestId('customers-row').count()).toBe(1);
    await page.getByTestId('customers-link').click();
    await page.waitForURL(/\/fr\/staff\/customers\/\d+$/);
    const customerId = Number(new URL(page.url()).pathname.split('/').pop());
    const before = await api<{ payment_terms_days: number }>(
      staffCookie,
      'GET',
      `/staff/customers/${customerId}`,
    );

    await page.getByTestId('customer-payment-terms').fill('45');
    await page.getByTestId('customer-settings-submit').click();
    await page.getByTestId('customer-settings-done').waitFor();
    const after = await api<{ payment_terms_days: number }>(
      staffCookie,
      'GET',
      `/staff/customers/${customerId}`,
    );
    expect(after.body.payment_terms_days).toBe(45);
    expect(await page.locator(`[data-testid="customer-user"][data-login="${VET}"]`).count()).toBe(1);
    await expectNoAxeViolations(page);

    await page.getByTestId('customer-order-on-behalf').click();
    await page.waitForURL(/\/order$/);
    await page.getByTestId('staff-order-q').fill('meloxicam');
    await page.getByTestId('staff-order-search').click();
    const result = page.getByTestId('staff-order-result').first();
    await result.waitFor();
    await result.getByRole('button').click();
    await page.getByTestId('staff-order-qty').fill('2');
    await page.getByTestId('staff-order-preview').click();
    await expect.poll(() => page.getByTestId('staff-order-total').textContent()).toMatch(/Total .*€/);
    await expectNoAxeViolations(page);
    await page.getByTestId('staff-order-channel').selectOption('fax');
    await page.getByTestId('staff-order-confirm').click();
    const done = page.getByTestId('staff-order-done');
    await done.waitFor();
    const name = /SO\d{10}/.exec((await done.textContent()) ?? '')?.[0];
    expect(name).toBeTruthy();

    const vet = await apiSignIn(VET);
    const fax = await api<{ data: { name: string; sale_channel: string }[] }>(
      vet,
      'GET',
      '/orders?sale_channel=fax',
    );
    expect(fax.body.data.find((o) => o.name === name)?.sale_channel).toBe('fax');

    // On a 390 px phone the three pages stay within the screen's width, the order page with its
    // choice of user (shown when the practice has two), whose long e-mail address once widened it.
    const added = await api(staffCookie, 'POST', `/staff/customers/${customerId}/users`, {
      email: `marie-christine.vandenbroucke-${Date.now()}@clinique-veterinaire-des-tilleuls.be`,
      given_name: 'Marie-Christine',
      family_name: 'Vandenbroucke-Delacroix',
      can_order: false,
    });
    expect(added.status).toBe(201);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of [
      `/fr/staff/customers?q=${encodeURIComponent(VET)}`,
      `/fr/staff/customers/${customerId}`,
      `/fr/staff/customers/${customerId}/order`,
    ]) {
      await page.goto(path, { waitUntil: 'networkidle' });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
    expect(await page.locator('#staff-order-user option').count()).toBeGreaterThanOrEqual(2);

    await api(staffCookie, 'PUT', `/staff/customers/${customerId}`, {
      payment_terms_days: before.body.payment_terms_days,
    });
    await context.close();
  });

  test('shows the numbers an applicant gave and approves with a veterinary group and a sales person', async ({
    browser,
  }) => {
    const stamp = Date.now();
    const email = `e2e-groups-${stamp}@example.test`;
    const applied = await api(null, 'POST', '/registrations', {
      title: 'mr',
      first_name: 'Jan',
      last_name: 'Claes',
      email,
      mobile: '+32 470 00 00 01',
      company_name: `Dierenkliniek E2E ${stamp}`,
      vat: 'BE0412345614',
      street: 'Kerkstraat 1',
      zip: '2000',
      city: 'Antwerpen',
      country: 'BE',
      function: 'veterinary',
      depot_number: `DEP-${stamp}`,
      subscription_number: `SUB-${stamp}`,
      terms_accepted: true,
      password: 'a long enough password',
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    const staffCookie = await apiSignIn(STAFF);
    const options = await api<{ vet_groups: { id: number }[]; sales_persons: { id: number }[] }>(
      staffCookie,
      'GET',
      '/staff/customers/options',
    );
    const group = options.body.vet_groups[0]!;
    const salesPerson = options.body.sales_persons[0]!;

    const { context, page } = await newPage(browser, 'fr-BE');
    await signIn(page, STAFF);
    await page.goto('/fr/staff/registrations?per_page=100', { waitUntil: 'networkidle' });
    const row = page.locator(`[data-testid="registrations-row"][data-email="${email}"]`);
    const numbers = (await row.getByTestId('registrations-numbers').textContent()) ?? '';
    expect(numbers).toContain(`DEP-${stamp}`);
    expect(numbers).toContain(`SUB-${stamp}`);
    expect(numbers).toContain('BE0412345614');
    await row.getByTestId(`registration-vet-group-${group.id}`).check();
    await row.getByTestId('registration-sales-person').selectOption(String(salesPerson.id));
    await row.getByTestId('registration-approve-submit').click();
    await row.waitFor({ state: 'detached', timeout: 20_000 });

    const found = await api<{ items: { id: number }[] }>(
      staffCookie,
      'GET',
      `/staff/customers?q=${encodeURIComponent(email)}`,
    );
    const customer = await api<{ sales_person_id: number; users: { vet_group_ids: number[] }[] }>(
      staffCookie,
      'GET',
      `/staff/customers/${found.body.items[0]!.id}`,
    );
    expect(customer.body.sales_person_id).toBe(salesPerson.id);
    expect(customer.body.users[0]!.vet_group_ids).toEqual([group.id]);
    await context.close();
  });
});

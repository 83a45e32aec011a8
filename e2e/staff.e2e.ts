/**
 * Staff back office journeys (docs/product/back-office.md#staff-back-office), in French:
 * - a customer (the demo veterinary) gets the 404 page on the staff pages, a guest the login page;
 * - staff (staff@demo.vetshop.be) reach the back office from the header link, see the waiting
 *   work, approve a fresh application with a role and a price list, find an order placed by the
 *   veterinary, move it to processing, record a delivery with a tracking reference, issue its
 *   invoice, and then find every one of these actions in the audit log (with its HTTP status);
 * - staff, who have no customer account, are told so on the cart, checkout and account pages, with a
 *   link to the back office's customers, and a practice's own pages answer 404
 *   (docs/decisions/pages-without-customer-account.md);
 * - the catalogue import runs from its page and shows its report;
 * - an invoicing address change request shows its province and country by name, the fields that
 *   change marked.
 * axe runs on the staff home, the registrations, the order page, the import page and the audit log.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, newPage, widthOf } from './browser.ts';
import { api, API_URL, apiSignIn, serverCart, signIn, STAFF, VET } from './session.ts';

const PHARMACIST = 'pharmacist@demo.vetshop.be';

/** Places an order of `qty` units of a meloxicam product as `cookie` (cart emptied first): its id and number. */
async function placeOrder(cookie: string, qty: number): Promise<{ id: number; name: string }> {
  const search = await fetch(`${API_URL}/catalog/search?lang=fr&q=meloxicam`);
  const hits = ((await search.json()) as { hits: { url_key: string; variants: { id: number }[] }[] }).hits;
  const variantId = (hits.find((h) => h.url_key === 'loxitab') ?? hits[0]!).variants[0]!.id;
  const before = await serverCart(cookie);
  const stamp = Date.now();
  const transactions = (before?.lines ?? [])
    .filter((l) => !l.is_delivery && l.product_id !== null)
    .map((l, i) => ({ uuid: `e2e-staff-empty-${stamp}-${i}`, product_id: l.product_id!, qty: -l.qty }));
  transactions.push({ uuid: `e2e-staff-add-${stamp}`, product_id: variantId, qty });
  const synced = await api<{ uuid: string }>(cookie, 'POST', '/carts/sync', {
    uuid: before?.uuid ?? null,
    transactions,
  });
  expect(synced.status, JSON.stringify(synced.body)).toBe(200);
  const confirmed = await api<{ sale_id: number; name: string }>(cookie, 'POST', '/carts/confirm', {
    uuid: synced.body.uuid,
    customer_ref: `E2E-STAFF-${stamp}`,
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
  return { id: confirmed.body.sale_id, name: confirmed.body.name };
}

test.describe('staff back office (fr)', () => {
  test('refuses the staff pages to a customer (404) and sends a guest to the login page', async ({
    browser,
  }) => {
    const { context, page } = await newPage(browser, 'fr-BE');
    const guest = await page.goto('/fr/staff/orders?status=new', { waitUntil: 'commit' });
    expect(guest).not.toBeNull();
    await page.waitForURL(/\/fr\/account\/login/);
    // The page asked for, not the back office's home (lib/auth-paths.ts sectionTarget).
    expect(new URL(page.url()).searchParams.get('target')).toBe('/fr/staff/orders?status=new');
    await expect(page.getByTestId('login-not-logged-in')).toHaveText('Vous n’êtes pas connecté.');
    // The header's "sign in" on a public page carries it as target: no "not logged in" notice.
    await page.goto('/fr/account/login?target=%2Ffr%2Fpromotions', { waitUntil: 'networkidle' });
    await page.locator('#login-login').waitFor();
    expect(await page.getByTestId('login-not-logged-in').count()).toBe(0);

    await signIn(page, VET);
    await expect.poll(() => page.getByTestId('header-staff').count()).toBe(0);
    for (const path of ['/fr/staff', '/fr/staff/orders', '/fr/staff/audit', '/fr/staff/registrations']) {
      const res = await page.goto(path, { waitUntil: 'networkidle' });
      expect(res?.status(), path).toBe(404);
      expect(await page.getByTestId('staff-shell').count()).toBe(0);
      expect(await page.getByTestId('staff-nav').count()).toBe(0);
    }
    await context.close();
  });

  test("shows staff why they have no cart, and where a practice's order is entered; the practice pages answer 404, not an error", async ({
    browser,
  }) => {
    // Staff have no customer account: the cart page loaded for ever, the checkout and the account's
    // orders, documents, products on order and small ads answered 500, linked from the dashboard.
    const { context, page } = await newPage(browser, 'fr-BE');
    await signIn(page, STAFF);
    const notice =
      'Ce compte n’est pas un compte client\u00a0: le panier, les commandes, les documents et les petites annonces appartiennent au compte d’un cabinet.';
    for (const path of ['/fr/cart', '/fr/cart-confirm', '/fr/account']) {
      const res = await page.goto(path, { waitUntil: 'networkidle' });
      expect(res?.status(), path).toBe(200);
      await expect(page.getByTestId('no-customer-account'), path).toHaveText(notice);
      await expect(page.locator('main a[href="/fr/staff/customers"]'), path).toBeVisible();
      await expect(page.getByTestId('cart-sync-status'), path).toHaveCount(0);
      // The header's cart link reads as a guest's: no count of a cart that does not exist.
      await expect(page.getByTestId('header-cart').first(), path).toBeVisible();
      await expect(page.getByTestId('header-cart-count'), path).toHaveCount(0);
    }
    // The dashboard links only what works without a practice.
    const links = await page
      .locator('[data-testid^="account-link-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(links).toEqual(['account-link-profile', 'account-link-promotions', 'account-link-vetgroup']);
    for (const path of [
      '/fr/account/sales',
      '/fr/account/documents',
      '/fr/account/products_on_order',
      '/fr/account/smallads',
      '/fr/account/wishlists',
    ]) {
      const res = await page.goto(path, { waitUntil: 'networkidle' });
      expect(res?.status(), path).toBe(404);
    }
    // An unknown lead or contact form is the 404 page, as an unknown order is (it was the error
    // page of a 500).
    for (const path of ['/fr/staff/leads/99999', '/fr/staff/forms/99999', '/fr/staff/orders/99999999']) {
      const res = await page.goto(path, { waitUntil: 'networkidle' });
      expect(res?.status(), path).toBe(404);
    }
    await page.goto('/fr/cart', { waitUntil: 'networkidle' });
    await page.locator('main a[href="/fr/staff/customers"]').click();
    await page.waitForURL(/\/fr\/staff\/customers/);
    await context.close();
  });

  test('approves an application, moves an order, records a delivery and an invoice, and lists them in the audit log', async ({
    browser,
  }) => {
    const stamp = Date.now();
    // An application (as a guest) and an order of the veterinary, both through the api.
    const email = `e2e-staff-${stamp}@example.test`;
    const applied = await api<{ id: number }>(null, 'POST', '/registrations', {
      title: 'mr',
      first_name: 'Marc',
      last_name: 'Peeters',
      email,
      mobile: '+32 470 00 00 00',
      company_name: `Clinique E2E ${stamp}`,
      vat: 'BE0412345614',
      street: 'Rue Haute 1',
      zip: '1000',
      city: 'Bruxelles',
      country: 'BE',
      function: 'veterinary',
      terms_accepted: true,
      password: 'a long enough password',
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    const vet = await apiSignIn(VET);
    const order = await placeOrder(vet, 2);

    const { context, page } = await newPage(browser, 'fr-BE');
    // Staff have no customer account, hence no cart: no page of theirs calls the cart api (it
    // would answer 403).
    const cartCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.includes('/carts/')) cartCalls.push(r.url());
    });
    await signIn(page, STAFF);

    // 0. The header's search field keeps a usable width beside the languages and the account,
    // back-office and sign-out links (when the back-office link showed its text: 123–160 px at
    // 1024 px, 143 px at 1280 px in French).
    const desktop = page.viewportSize()!;
    for (const width of [1024, 1280]) {
      await page.setViewportSize({ width, height: 768 });
      const search = page.getByRole('banner').getByRole('combobox');
      await expect.poll(() => widthOf(search), { message: `${width} px` }).toBeGreaterThan(200);
    }
    await page.setViewportSize(desktop);

    // 1. The header link opens the staff home with its counts and the navigation.
    await page.getByTestId('header-staff').click();
    await page.waitForURL(/\/fr\/staff$/);
    await page.getByTestId('staff-nav').waitFor();
    const toProcess = page.getByTestId('staff-count-orders_to_process').getByTestId('staff-count-value');
    expect(Number(await toProcess.textContent())).toBeGreaterThanOrEqual(1);
    const pendingRegs = page
      .getByTestId('staff-count-pending_registrations')
      .getByTestId('staff-count-value');
    expect(Number(await pendingRegs.textContent())).toBeGreaterThanOrEqual(1);
    for (const key of ['smallads', 'content', 'leads', 'forms', 'import', 'audit']) {
      expect(await page.getByTestId(`staff-nav-${key}`).count(), key).toBe(1);
    }
    await expectNoAxeViolations(page);

    // 2. Registrations: approve the application as a nurse with the student price list.
    await page.getByTestId('staff-nav-registrations').click();
    await page.waitForURL(/\/fr\/staff\/registrations$/);
    const row = page.locator(`[data-testid="registrations-row"][data-email="${email}"]`);
    await row.waitFor();
    await expectNoAxeViolations(page);
    await row.getByTestId('registration-role').selectOption('nurse');
    await row.getByTestId('registration-price-list').selectOption('student');
    await row.getByTestId('registration-approve-submit').click();
    await row.waitFor({ state: 'detached', timeout: 20_000 });
    await page.goto('/fr/staff/registrations?state=approved&per_page=100', { waitUntil: 'networkidle' });
    const approved = page.locator(`[data-testid="registrations-row"][data-email="${email}"]`);
    await expect.poll(() => approved.getByTestId('registrations-state').textContent()).toContain('Approuvée');
    // The customer made from it is a link to its page, not an internal number.
    expect(await approved.getByTestId('registrations-customer').textContent()).toBe('Voir le client');
    expect(await approved.getByTestId('registrations-customer').getAttribute('href')).toMatch(
      /^\/fr\/staff\/customers\/\d+$/,
    );

    // 3. Orders: search the veterinary's order by its number and open it.
    await page.goto('/fr/staff/orders', { waitUntil: 'networkidle' });
    // The filter's select, text field and button stand on one line at one height.
    const filters = page.locator('main form[role=search]');
    const filterHeights = await Promise.all(
      ['staff-orders-state', 'staff-orders-q', 'staff-orders-per-page', 'staff-orders-apply'].map(
        async (id) => (await filters.getByTestId(id).boundingBox())!.height,
      ),
    );
    expect(new Set(filterHeights).size, filterHeights.join(' / ')).toBe(1);
    await page.getByTestId('staff-orders-q').fill(order.name);
    await page.getByTestId('staff-orders-apply').click();
    await page.waitForURL(/q=/);
    const orderRow = page.locator(`[data-testid="staff-orders-row"][data-sale-name="${order.name}"]`);
    await orderRow.waitFor();
    await expect.poll(() => page.getByTestId('staff-orders-row').count()).toBe(1);
    // A page past the last one (an old link) is the last page, the search kept, not "no order matches".
    await page.goto(`/fr/staff/orders?state=all&q=${encodeURIComponent(order.name)}&page=40`, {
      waitUntil: 'networkidle',
    });
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    expect(new URL(page.url()).searchParams.get('q')).toBe(order.name);
    await expect.poll(() => page.getByTestId('staff-orders-row').count()).toBe(1);
    // On a 768 px tablet the section links sit above the list, which then fits without scrolling
    // sideways (beside them, the list had 480 px and hid its status and total columns).
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: 768, height: 1024 });
    const nav = (await page.getByTestId('staff-nav').boundingBox())!;
    const table = (await page.locator('table').first().boundingBox())!;
    expect(nav.y + nav.height).toBeLessThanOrEqual(table.y);
    const sideways = await page
      .locator('table')
      .first()
      .evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth);
    expect(sideways).toBeLessThanOrEqual(0);
    // On a phone the order is a card: its state and total in view, each beside its column's name.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await orderRow.evaluate((row) => getComputedStyle(row).display)).toBe('grid');
    const stateCell = (await orderRow.getByTestId('staff-orders-state').boundingBox())!;
    expect(stateCell.x + stateCell.width).toBeLessThanOrEqual(390);
    const card = (await orderRow.innerText()).replace(/\s+/g, ' ');
    expect(card).toContain(`Numéro ${order.name}`);
    expect(card).toMatch(/Total TVAC \d[\d ]*,\d\d €/);
    // On a phone the section links are one row that scrolls sideways (wrapped, they filled the
    // first screen), moved so that the current one shows; the page itself does not scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/nl/staff/audit', { waitUntil: 'networkidle' });
    const navRow = page.getByTestId('staff-nav');
    const rowBox = (await navRow.boundingBox())!;
    expect(rowBox.height).toBeLessThan(60);
    await expect
      .poll(async () => {
        const current = (await page.getByTestId('staff-nav-audit').boundingBox())!;
        return current.x >= 0 && current.x + current.width <= 390;
      })
      .toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The list's dates keep to one line ("2 décembre" above "2026" before), beside their label.
    await page.goto(`/fr/staff/orders?q=${encodeURIComponent(order.name)}`, { waitUntil: 'networkidle' });
    const dateLines = await orderRow
      .locator('td > div')
      .first()
      .evaluate((value) => {
        const range = document.createRange();
        range.selectNodeContents(value);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
    expect(dateLines).toBe(1);
    await page.setViewportSize(viewport);
    await orderRow.getByTestId('staff-orders-link').click();
    await page.waitForURL(new RegExp(`/fr/staff/orders/${order.id}$`));
    const state = page.getByTestId('staff-order-state');
    await expect.poll(() => state.getAttribute('data-state')).toBe('pending');
    await expectNoAxeViolations(page);

    // 4. Move it to processing.
    await page.getByTestId('sale-state-select').selectOption('processing');
    await page.getByTestId('sale-state-submit').click();
    await expect.poll(() => state.getAttribute('data-state'), { timeout: 20_000 }).toBe('processing');
    // Its only move left is a cancellation, which cannot be undone: it is asked first, and keeping
    // the order sends nothing.
    expect(await page.getByTestId('sale-state-select').inputValue()).toBe('cancel');
    await page.getByTestId('sale-state-submit').click();
    const dialog = page.getByTestId('shell-confirm');
    await expect.poll(() => dialog.textContent()).toContain(`Annuler la commande ${order.name}\u202f?`);
    await dialog.getByTestId('shell-confirm-cancel').click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await state.getAttribute('data-state')).toBe('processing');

    // 5. A delivery of everything with a tracking reference: the order is fully delivered.
    const tracking = `E2E-TRACK-${stamp}`;
    await page.getByTestId('picking-tracking').fill(tracking);
    // Left empty, the carrier field records the order's carrier: the form says so under the field.
    const orderCarrier = (await page.getByTestId('staff-order-carrier').textContent())!.trim();
    expect(await page.getByTestId('picking-carrier').getAttribute('placeholder')).toBe(orderCarrier);
    expect(await page.getByTestId('picking-carrier-default').textContent()).toBe(
      `Vide\u00a0: le transporteur de la commande, ${orderCarrier}.`,
    );
    await page.getByTestId('picking-carrier').fill('bpost');
    await page.getByTestId('picking-submit').click();
    await expect
      .poll(() => page.getByTestId('staff-order-tracking').allTextContents(), { timeout: 20_000 })
      .toContain(tracking);
    await expect.poll(() => state.getAttribute('data-state')).toBe('delivery_full');
    // On a phone the delivery is a card: its state and "mark delivered" in view, not scrolled off.
    const desk = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    const deliveryRow = page.getByTestId('staff-order-pickings-row');
    expect(await deliveryRow.evaluate((row) => getComputedStyle(row).display)).toBe('grid');
    const stateBox = (await deliveryRow.getByTestId('staff-order-picking-state').boundingBox())!;
    expect(stateBox.x + stateBox.width).toBeLessThanOrEqual(390);
    expect((await deliveryRow.innerText()).replace(/\s+/g, ' ')).toContain(`Référence de suivi ${tracking}`);
    await page.setViewportSize(desk);

    // 6. The invoice of what was delivered (a legal document: asked first).
    await page.getByTestId('invoice-submit').click();
    await expect
      .poll(() => dialog.textContent())
      .toContain(`Facturer les quantités livrées de la commande ${order.name}\u202f?`);
    await dialog.getByTestId('shell-confirm-ok').click();
    const invoiceRow = page.locator('[data-testid="staff-order-invoices-row"][data-type="invoice"]');
    await expect.poll(() => invoiceRow.count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => invoiceRow.textContent()).toMatch(/INV\/\d{4}\/\d{6}/);

    // 7. A credit note of one unit on that invoice.
    const creditForm = invoiceRow.locator('form[data-testid^="credit-note-"]');
    // Without a quantity it says so, before asking whether to issue what cannot be withdrawn.
    await creditForm.locator('button[type="submit"]').click();
    await expect(creditForm).toContainText('Indiquez une quantité à créditer sur au moins une ligne.');
    await expect(dialog).toBeHidden();
    await creditForm.locator('input[type="number"]').first().fill('1');
    await creditForm.locator('button[type="submit"]').click();
    await expect.poll(() => dialog.textContent()).toMatch(/Émettre une note de crédit sur la facture INV\//);
    await dialog.getByTestId('shell-confirm-ok').click();
    const creditRow = page.locator('[data-testid="staff-order-invoices-row"][data-type="credit_note"]');
    await expect.poll(() => creditRow.count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => creditRow.textContent()).toMatch(/CN\/\d{4}\/\d{6}/);

    // The customer sees the tracking reference and the invoice on the order (api).
    const seen = await api<{ pickings: { tracking_ref: string | null }[]; invoices: { type: string }[] }>(
      vet,
      'GET',
      `/sales/${order.id}`,
    );
    expect(seen.body.pickings.map((p) => p.tracking_ref)).toContain(tracking);
    expect(seen.body.invoices.map((i) => i.type).sort()).toEqual(['credit_note', 'invoice']);

    // 8. The audit log lists each action, newest first, with its status.
    await page.getByTestId('staff-nav-audit').click();
    await page.waitForURL(/\/fr\/staff\/audit$/);
    const actions = async () =>
      page
        .getByTestId('audit-log-row')
        .evaluateAll((rows) =>
          rows.map((r) => `${r.getAttribute('data-action')} ${r.getAttribute('data-status')}`),
        );
    await expect
      .poll(actions)
      .toEqual(
        expect.arrayContaining([
          'POST /staff/sales/:id/invoices 201',
          'POST /staff/sales/:id/pickings 201',
          'POST /staff/sales/:id/state 200',
          'POST /staff/registrations/:id/approve 200',
        ]),
      );
    const listed = await actions();
    expect(listed.indexOf('POST /staff/sales/:id/invoices 201')).toBeLessThan(
      listed.indexOf('POST /staff/registrations/:id/approve 200'),
    );
    await expectNoAxeViolations(page);
    // Filter by action: only the deliveries.
    await page.getByTestId('audit-log-action').fill('pickings');
    await page.getByTestId('audit-log-apply').click();
    await page.waitForURL(/action=pickings/);
    await expect
      .poll(async () => (await actions()).every((a) => a.startsWith('POST /staff/sales/:id/pickings')))
      .toBe(true);
    expect((await actions()).length).toBeGreaterThanOrEqual(1);
    await page.goto('/fr/search?q=meloxicam', { waitUntil: 'networkidle' });
    expect(cartCalls).toEqual([]);
    await context.close();
  });

  test('runs the catalogue import from its page and shows the report', async ({ browser }) => {
    const { context, page } = await newPage(browser, 'fr-BE');
    await signIn(page, STAFF);
    await page.goto('/fr/staff/import', { waitUntil: 'networkidle' });
    await page.getByTestId('catalog-import-submit').click();
    await page.getByTestId('import-report').waitFor({ timeout: 80_000 });
    // The e2e api imported the same files at start: nothing changed.
    await expect.poll(() => page.getByTestId('import-changed').getAttribute('data-changed')).toBe('false');
    await expect.poll(() => page.getByTestId('import-runs-row').count()).toBeGreaterThanOrEqual(1);
    await expectNoAxeViolations(page);
    await context.close();
  });
  test('shows an invoicing address change request by names, the fields that change marked', async ({
    browser,
  }) => {
    const pharmacist = await apiSignIn(PHARMACIST);
    const own = await api<{ data: { id: number; name: string; country: { code: string } }[] }>(
      pharmacist,
      'GET',
      '/addresses/invoicing',
    );
    const main = own.body.data[0]!;
    const asked = await api<{ change_request_id: number }>(
      pharmacist,
      'POST',
      `/addresses/invoicing/${main.id}`,
      {
        name: main.name,
        street: 'Meir 1',
        zip: '2000',
        city: 'Antwerpen',
        state_code: 'VAN',
        country_code: main.country.code,
      },
    );
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);

    const { context, page } = await newPage(browser, 'fr-BE');
    await signIn(page, STAFF);
    await page.goto('/fr/staff/addresses', { waitUntil: 'networkidle' });
    const row = page.getByTestId('address-requests-row').filter({ hasText: 'Meir 1' });
    const field = (name: string) =>
      row.locator(`[data-testid="address-requests-field"][data-field="${name}"]`);
    await expect.poll(() => field('city').getAttribute('data-changed')).toBe('1');
    await expect.poll(() => field('name').getAttribute('data-changed')).toBe('0');
    await expect.poll(() => field('country_code').getAttribute('data-changed')).toBe('0');
    // The province and the country by name, in the staff member's language, not "VAN" and "BE".
    expect(await field('state_code').innerText()).toContain('Anvers');
    expect(await field('country_code').innerText()).not.toContain(main.country.code);
    await context.close();

    // Refused again, so that the practice's address has no request pending for the other journeys.
    const staff = await apiSignIn(STAFF);
    const refused = await api(
      staff,
      'POST',
      `/staff/address_change_requests/${asked.body.change_request_id}/refuse`,
      {
        reason: 'e2e',
      },
    );
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
  });
});

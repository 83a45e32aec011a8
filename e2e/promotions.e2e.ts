/**
 * Promotions and promo-end alerts (docs/decisions/promo-end-alerts.md), on the real catalogue:
 * - a guest sees the offers page (no alert toggle, no supplier promotion) and the seeded product
 *   selection;
 * - the demo veterinary signs in, opens /fr/promotions filtered on "discount ending this month"
 *   when it has lines, subscribes to the promo-end alert of a promotion with an end date with the
 *   toggle (GET promo_subscriptions then holds the product), and sees its vet efficiency page;
 * - staff run the alert job through the api as of a day within the lead time of that promotion:
 *   the mail to the vet (in the vet's language, linking the product page) appears in the outbox,
 *   and a second run mails nothing more;
 * - the toggle switches the alert off again.
 * axe runs on the promotions, selection and vet efficiency pages; at 320 px (nl, en) the promotions
 * table fits the screen, for the guest and for the veterinary, whose rows are cards there.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, expectTableFits, newPage } from './browser.ts';
import { mailsTo } from './outbox.ts';
import { api, apiSignIn, signIn } from './session.ts';

const VET = 'veterinary@demo.vetshop.be';
const STAFF = 'staff@demo.vetshop.be';

/** `iso` + `days` (ISO dates). */
function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Opens `url` at 320 × 568 in nl and en, then expects the promotions table to fit the screen. */
async function expectTableFitsAPhone(page: Page, url: string): Promise<void> {
  await page.setViewportSize({ width: 320, height: 568 });
  for (const lang of ['nl', 'en']) {
    await page.goto(`/${lang}${url}`, { waitUntil: 'networkidle' });
    await expectTableFits(page, 'promotions-table');
  }
}

/**
 * Expects the promotions of the current page (a phone's width, a customer) to be cards: in the
 * first orderable row the price sits under the product, from the card's left edge, and the
 * quantity field and the add-to-cart button share a line (docs/decisions/responsive-shell.md
 * "Promotions on a phone"; as a table the price column was 9 rem wide, the two one under the other).
 */
async function expectPhoneCards(page: Page): Promise<void> {
  const row = page
    .locator('[data-testid="promotions-row"]:has([data-testid="promotions-add-to-cart"])')
    .first();
  const boxes = await row.evaluate((tr) => {
    const box = (el: Element | null) => el!.getBoundingClientRect().toJSON() as DOMRect;
    return {
      product: box(tr.querySelector('th')),
      price: box(tr.querySelector('td:last-child')),
      qty: box(tr.querySelector('[data-testid="promotions-add-to-cart-qty"]')),
      button: box(tr.querySelector('[data-testid="promotions-add-to-cart"]')),
    };
  });
  expect(boxes.price.top, 'the price under the product').toBeGreaterThanOrEqual(boxes.product.bottom - 1);
  expect(Math.abs(boxes.price.left - boxes.product.left), 'the price from the card’s left edge').toBeLessThan(
    1,
  );
  expect(Math.abs(boxes.button.top - boxes.qty.top), 'quantity and button on one line').toBeLessThan(
    boxes.qty.height,
  );
}

test.describe('promotions and promo-end alerts', () => {
  test('shows guests the offers and the seeded selection', async ({ browser }) => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto('/fr/promotions', { waitUntil: 'networkidle' });
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Promotions');
      expect(await page.getByTestId('promo-alert-toggle').count()).toBe(0);
      expect(
        await page.locator('[data-testid="promotions-row"][data-kind="supplier_promotion"]').count(),
      ).toBe(0);
      // Each offer says its end date once, in its sentence.
      const badge = (await page.getByTestId('promotion-badge').first().textContent()) ?? '';
      expect(badge).toMatch(/Offre (valable jusqu’au .+ inclus|sans date de fin)\.$/);
      expect(badge.match(/jusqu’au|sans date de fin/g)).toHaveLength(1);
      await expectNoAxeViolations(page);
      await expectTableFitsAPhone(page, '/promotions');
      // A special offer's link opens its pack, and the product page names the offer
      // (docs/decisions/special-offers.md).
      await page.goto('/fr', { waitUntil: 'networkidle' });
      await page.getByTestId('special-offer').first().locator('a[href*="/p/"]').click();
      await page.waitForURL(/\/fr\/p\/[^?]+\?variant=\d+/);
      await expect(page.getByTestId('variant-promotion-kind')).toHaveText('Offre spéciale');
      await page.goto('/fr/selection', { waitUntil: 'networkidle' });
      expect(await page.getByTestId('selection-item').count()).toBeGreaterThan(0);
      await expectNoAxeViolations(page);
    } finally {
      await context.close();
    }
  });

  test('lets a vet subscribe to a promo-end alert that staff mail once when the job runs', async ({
    browser,
  }) => {
    const vetCookie = await apiSignIn(VET);
    const profile = await api<{ locale: string }>(vetCookie, 'GET', '/auth/profile');
    const vetLocale = profile.body.locale;
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, VET);
      let listUrl = '/fr/promotions?filter=ending';
      await page.goto(listUrl, { waitUntil: 'networkidle' });
      if ((await page.locator('[data-testid="promotions-row"]:not([data-date-end=""])').count()) === 0) {
        listUrl = '/fr/promotions';
        await page.goto(listUrl, { waitUntil: 'networkidle' });
      }
      const row = page.locator('[data-testid="promotions-row"]:not([data-date-end=""])').first();
      const productId = Number(await row.getAttribute('data-product-id'));
      const dateEnd = (await row.getAttribute('data-date-end'))!;
      expect(productId).toBeGreaterThan(0);
      expect(dateEnd).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      await expectNoAxeViolations(page);
      // A customer's rows also hold the add-to-cart field and button and the alert toggle.
      await expectTableFitsAPhone(page, '/promotions');
      await expectPhoneCards(page);
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.goto(listUrl, { waitUntil: 'networkidle' });

      const toggle = row.getByTestId('promo-alert-toggle');
      await expect.poll(() => toggle.getAttribute('data-subscribed')).toBe('false');
      // Beside its promotion, "before the end" needs no more words.
      expect(await toggle.textContent()).toBe('M’alerter avant la fin');
      await toggle.click();
      // The toggle turns on with the api's answer, which two shards' journeys on two cores may keep
      // waiting for more than the default 5 s (a CI trace: the POST still pending after 5.9 s).
      await expect.poll(() => toggle.getAttribute('aria-pressed'), { timeout: 20_000 }).toBe('true');
      const subs = await api<{ data: { product_id: number }[] }>(vetCookie, 'GET', '/promo_subscriptions');
      expect(subs.body.data.map((s) => s.product_id)).toContain(productId);
      // The product's page, on that variant, shows the alert on: its state comes with the page's one
      // api answer (`promo_subscriptions`, docs/decisions/web-page-performance.md).
      // The row's link opens the promotion's variant (docs/decisions/special-offers.md).
      const productPath = (await row.locator('a[href*="/p/"]').first().getAttribute('href'))!;
      expect(productPath).toMatch(new RegExp(`\\?variant=${productId}$`));
      await page.goto(productPath, { waitUntil: 'networkidle' });
      const productToggle = page.getByTestId('purchase-panel').getByTestId('promo-alert-toggle');
      await expect.poll(() => productToggle.getAttribute('data-subscribed')).toBe('true');
      await expect.poll(() => productToggle.getAttribute('aria-pressed')).toBe('true');
      // Off, the product page's button says whose end it means: it shows with or without a promotion.
      await productToggle.click();
      await expect.poll(() => productToggle.getAttribute('aria-pressed'), { timeout: 20_000 }).toBe('false');
      expect(await productToggle.textContent()).toBe('M’alerter avant la fin de ses promotions');
      await productToggle.click();
      await expect.poll(() => productToggle.getAttribute('aria-pressed'), { timeout: 20_000 }).toBe('true');

      // Staff run the job as of a day within the 7-day lead time of that promotion (never before today).
      const staffCookie = await apiSignIn(STAFF);
      const today = new Date().toISOString().slice(0, 10);
      const minus3 = addDays(dateEnd, -3);
      const asOf = minus3 > today ? minus3 : today;
      const before = mailsTo(VET).length;
      const run = await api<{ ran: boolean; mailed: number }>(
        staffCookie,
        'POST',
        '/staff/jobs/promo_alerts/run',
        {
          as_of: asOf,
        },
      );
      expect(run.status).toBe(200);
      expect(run.body.ran).toBe(true);
      expect(run.body.mailed).toBeGreaterThanOrEqual(1);
      // One mail per due promotion of that product, to the vet, in the vet's language, linking a product page of that language.
      const action = { fr: 'Voir le produit', nl: 'Het product bekijken', en: 'See the product' }[vetLocale];
      await expect.poll(() => mailsTo(VET).length - before, { timeout: 10_000 }).toBe(run.body.mailed);
      const mail = mailsTo(VET).at(-1)!;
      expect(mail).toContain(`${action}:`);
      expect(mail).toContain(`/${vetLocale}/p/`);
      // A second run mails nothing more.
      const again = await api<{ mailed: number }>(staffCookie, 'POST', '/staff/jobs/promo_alerts/run', {
        as_of: asOf,
      });
      expect(again.body.mailed).toBe(0);

      // The vet efficiency page lists the vet's group.
      await page.goto('/fr/vetgroup', { waitUntil: 'networkidle' });
      expect(await page.getByTestId('vetgroup').count()).toBeGreaterThan(0);
      await expectNoAxeViolations(page);
      // On a phone each product is a card: no table wider than its box (docs/decisions/responsive-shell.md).
      const viewport = page.viewportSize()!;
      await page.setViewportSize({ width: 390, height: 844 });
      const widths = await page
        .getByTestId('vetgroup-products')
        .evaluateAll((tables) =>
          tables.map((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth),
        );
      expect(widths.length).toBeGreaterThan(0);
      expect(
        widths.every((overflow) => overflow <= 0),
        `overflows: ${widths.join(', ')}`,
      ).toBe(true);
      await page.setViewportSize(viewport);

      // Each group's products come by pages of 10 with the "from–to of total" status; a page past
      // the last shows none and links back to the last page (docs/decisions/vet-group-pages.md).
      const groups = await api<{ data: { id: number; product_count: number }[] }>(
        vetCookie,
        'GET',
        '/veterinary_groups/mine?lang=fr',
      );
      const group = groups.body.data[0]!;
      expect(group.product_count).toBeGreaterThan(0);
      const lastPage = Math.ceil(group.product_count / 10);
      const rows = page
        .locator(`#vetgroup-${group.id}`)
        .locator('xpath=ancestor::section[1]')
        .getByTestId('vetgroup-product');
      expect(await rows.count()).toBe(Math.min(10, group.product_count));
      await expect(page.getByTestId(`vetgroup-${group.id}-status`)).toHaveText(
        `1–${Math.min(10, group.product_count)} sur ${group.product_count}`,
      );
      await page.goto('/fr/vetgroup?page=999', { waitUntil: 'networkidle' });
      expect(await rows.count()).toBe(0);
      await expect(page.getByTestId('vetgroup').first()).toContainText(`${group.product_count}`);
      await page.locator(`[data-testid="vetgroup"] a[rel="prev"]`).first().click();
      await expect(page).toHaveURL(
        new RegExp(lastPage > 1 ? `[?&]page=${lastPage}(&|#|$)` : '/fr/vetgroup(#|$)'),
      );
      await expect.poll(() => rows.count()).toBe(group.product_count - (lastPage - 1) * 10);

      // The toggle switches the alert off again. On a loaded machine the service worker may answer
      // the list with the copy it stored before the subscription (network first, the stored copy
      // after 3 s: docs/decisions/service-worker-caching.md); a later visit shows the network's answer.
      const toggleAgain = page
        .locator(`[data-testid="promotions-row"][data-product-id="${productId}"]`)
        .first()
        .getByTestId('promo-alert-toggle');
      await expect
        .poll(
          async () => {
            await page.goto(listUrl, { waitUntil: 'networkidle' });
            return toggleAgain.getAttribute('data-subscribed');
          },
          { timeout: 30_000 },
        )
        .toBe('true');
      await toggleAgain.click();
      await expect.poll(() => toggleAgain.getAttribute('aria-pressed')).toBe('false');
      const after = await api<{ data: { product_id: number }[] }>(vetCookie, 'GET', '/promo_subscriptions');
      expect(after.body.data.map((s) => s.product_id)).not.toContain(productId);
    } finally {
      await context.close();
    }
  });
});

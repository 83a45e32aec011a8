/**
 * Account journeys in the credentials mode (docs/product/accounts.md "Playwright journeys"):
 * - en: apply for an account (a 429 on the way says how long to wait and keeps the form) → signing
 *   in says the application is being reviewed → staff approves through the api → validate the email from the outbox →
 *   sign in → see the role's prices on a product → edit profile and newsletter (a busy password change
 *   asks to send again, the passwords kept) → add, edit and delete
 *   a delivery address (the main one offers no delete) → sign out;
 * - fr: an empty application names every field in error at the first submit; a guest asking for a
 *   guarded page signs in and comes back to it; a foreign target is refused; a wrong password gets
 *   the generic message; the cart is guarded.
 * The OIDC journey (nl) is e2e/oidc.e2e.ts. axe runs on every account page visited.
 */
import { expect, test, type Page } from '@playwright/test';
import { BASE_URL, expectNoAxeViolations, newPage } from './browser.ts';
import { waitForLink } from './outbox.ts';
import { API_URL, DEMO_PASSWORD, apiSignIn } from './session.ts';

/** The url key of the first search hit for `q` in `lang` (a real medicine of the catalogue). */
async function productUrlKey(lang: string, q: string): Promise<string> {
  const res = await fetch(`${API_URL}/catalog/search?lang=${lang}&q=${encodeURIComponent(q)}`);
  const body = (await res.json()) as { hits: { url_key: string }[] };
  return body.hits[0]!.url_key;
}

/** Fills the login form and submits it. */
async function signInThroughForm(page: Page, login: string, password: string): Promise<void> {
  await page.locator('#login-login').fill(login);
  await page.locator('#login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

test.describe('credentials account journey (en)', () => {
  const email = `e2e-${Date.now()}@example.test`;
  const password = 'a long enough password';

  test('applies, is approved by staff, validates the email, signs in and manages the account', async ({
    browser,
  }) => {
    const { context, page } = await newPage(browser, 'en-US');

    // 1. Apply for an account.
    await page.goto('/en/account/register', { waitUntil: 'networkidle' });
    await expectNoAxeViolations(page);
    await page.locator('#register-title').selectOption('dr');
    await page.locator('#register-first_name').fill('Elise');
    await page.locator('#register-last_name').fill('Janssens');
    await page.locator('#register-email').fill(email);
    await page.locator('#register-mobile').fill('+32 470 11 22 33');
    await page.locator('#register-company_name').fill('Dierenkliniek Janssens');
    // A wrong check digit is refused next to the field, in English, before anything is sent.
    await page.locator('#register-vat').fill('BE0403170702');
    await page.locator('#register-street').fill('Meir 10');
    await page.locator('#register-zip').fill('2000');
    await page.locator('#register-city').fill('Antwerpen');
    await page.locator('#register-country').selectOption('BE');
    await page.locator('#register-function').selectOption('veterinary');
    await page.getByTestId('register-vet_activities-pet').check();
    await page.locator('#register-password').fill(password);
    await page.locator('#register-password_confirmation').fill(password);
    // The consent's words link to the terms of sale in English, in a new tab (docs/decisions/terms-of-sale-link.md).
    const terms = page.getByTestId('register-terms-link');
    expect(await terms.getAttribute('href')).toBe('/en/page/terms-of-sale');
    expect(await terms.getAttribute('target')).toBe('_blank');
    await page.locator('#register-terms_accepted').check();
    await page.getByTestId('register-submit').click();
    await expect.poll(() => page.locator('#register-vat').getAttribute('aria-invalid')).toBe('true');
    await page.locator('#register-vat').fill('BE0403170701');
    // Refused by the limit of the password-hashing routes: how long to wait, the form kept as typed.
    await page.route('**/api/registrations**', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'content-type': 'application/problem+json', 'retry-after': '600' },
        body: JSON.stringify({
          type: 'about:blank',
          title: 'Too many requests',
          status: 429,
          code: 'too_many_requests',
        }),
      }),
    );
    await page.getByTestId('register-submit').click();
    await expect
      .poll(() => page.getByTestId('register-error').textContent())
      .toBe('We are receiving too many requests. Please try again in 10 minutes. What you entered is kept.');
    expect(await page.locator('#register-email').inputValue()).toBe(email);
    expect(await page.locator('#register-password').inputValue()).toBe(password);
    await page.unroute('**/api/registrations**');
    await page.getByTestId('register-submit').click();
    await page.getByTestId('register-success').waitFor();

    // While staff have not decided, the application's password is told it is being reviewed; a
    // wrong one gets the generic message (docs/decisions/pending-application-sign-in.md).
    await page.goto('/en/account/login', { waitUntil: 'networkidle' });
    await signInThroughForm(page, email, password);
    await expect
      .poll(() => page.getByTestId('login-error').textContent())
      .toBe(
        'Your application for an account is being reviewed: you will receive an email as soon as it is accepted.',
      );
    await signInThroughForm(page, email, 'not the password');
    await expect
      .poll(() => page.getByTestId('login-error').textContent())
      .toBe('The email address or the password is incorrect.');

    // 2. Staff approve the application through the api.
    const staff = await apiSignIn('staff@demo.vetshop.be', DEMO_PASSWORD);
    const list = await fetch(`${API_URL}/staff/registrations?state=pending&per_page=100`, {
      headers: { cookie: staff },
    });
    const pending = (await list.json()) as { items: { id: number; email: string }[] };
    const application = pending.items.find((r) => r.email === email);
    expect(application, 'the application is pending for staff').toBeDefined();
    const approve = await fetch(`${API_URL}/staff/registrations/${application!.id}/approve`, {
      method: 'POST',
      headers: { cookie: staff, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(approve.status).toBe(200);

    // Not yet validated: sign-in is refused with the unverified-email message.
    await page.goto('/en/account/login', { waitUntil: 'networkidle' });
    await signInThroughForm(page, email, password);
    await page.getByTestId('login-resend-validation').waitFor();

    // 3. Validate the email with the link of the welcome mail.
    const link = await waitForLink(email, '/account/validate-email');
    await page.goto(link.replace(/^https?:\/\/[^/]+/, BASE_URL), { waitUntil: 'networkidle' });
    await page.getByTestId('validate-email-ok').waitFor();

    // 4. Sign in.
    await page.goto('/en/account/login', { waitUntil: 'networkidle' });
    await expectNoAxeViolations(page);
    await signInThroughForm(page, email, password);
    await page.waitForURL(/\/en\/account$/, { waitUntil: 'commit' });
    await expect.poll(() => page.getByTestId('header-user').textContent()).toContain('Elise');
    await expect
      .poll(() => page.getByTestId('account-practice').textContent())
      .toBe('Dierenkliniek Janssens');
    await expectNoAxeViolations(page);

    // 5. The product page prices with the veterinary price list (a guest sees the public list).
    const urlKey = await productUrlKey('en', 'metacam');
    await page.goto(`/en/p/${urlKey}`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByTestId('price-list').first().textContent()).toContain('veterinary');
    const guest = await newPage(browser, 'en-US');
    await guest.page.goto(`/en/p/${urlKey}`, { waitUntil: 'networkidle' });
    await expect.poll(() => guest.page.getByTestId('price-list').first().textContent()).toContain('public');
    await guest.context.close();

    // 6. Profile: contact data and newsletter.
    await page.goto('/en/account/profile', { waitUntil: 'networkidle' });
    await expectNoAxeViolations(page);
    // On a phone each account datum sits under its label, whole; from 640 px beside it.
    const login = page.getByTestId('profile-login');
    const loginLabel = login.locator('xpath=preceding-sibling::dt[1]');
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    expect((await login.boundingBox())!.y).toBeGreaterThanOrEqual(
      (await loginLabel.boundingBox())!.y + (await loginLabel.boundingBox())!.height - 1,
    );
    await page.setViewportSize(viewport);
    expect((await login.boundingBox())!.y).toBeLessThan((await loginLabel.boundingBox())!.y + 1);
    await page.locator('#profile-phone').fill('+32 3 123 45 67');
    await page.getByTestId('profile-contact-save').click();
    await page.getByTestId('profile-contact-saved').waitFor();
    const before = await page.getByTestId('newsletter-state').textContent();
    await page.getByTestId('newsletter-toggle').click();
    await page.getByTestId('newsletter-saved').waitFor();
    await expect.poll(() => page.getByTestId('newsletter-state').textContent()).not.toBe(before);
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => page.locator('#profile-phone').inputValue()).toBe('+32 3 123 45 67');
    await expect.poll(() => page.getByTestId('newsletter-state').textContent()).not.toBe(before);
    // A full password-hashing queue: send again in a moment, the passwords kept.
    await page.route('**/api/auth/set_password**', (route) =>
      route.fulfill({
        status: 503,
        headers: { 'content-type': 'application/problem+json', 'retry-after': '1' },
        body: JSON.stringify({ type: 'about:blank', status: 503, code: 'password_hashing_busy' }),
      }),
    );
    await page.locator('#profile-current_password').fill(password);
    await page.locator('#profile-password').fill('another long password');
    await page.locator('#profile-password_confirmation').fill('another long password');
    await page.getByTestId('profile-password-save').click();
    await expect
      .poll(() => page.getByTestId('profile-password-wait').textContent())
      .toBe(
        'Our server is very busy right now. Please send the form again in a moment. What you entered is kept.',
      );
    expect(await page.locator('#profile-current_password').inputValue()).toBe(password);
    await page.unroute('**/api/auth/set_password**');

    // 7. Addresses: the main (invoicing) address offers no delete; a delivery address is added,
    // edited and deleted.
    const invoicing = page.getByTestId('invoicing-address');
    await invoicing.waitFor();
    expect(await invoicing.getByTestId('address-delete').count()).toBe(0);
    await page.getByTestId('address-create').click();
    await page.locator('#address-new-name').fill('Dierenkliniek Janssens — Berchem');
    await page.locator('#address-new-street').fill('Statiestraat 5');
    await page.locator('#address-new-zip').fill('2600');
    await page.locator('#address-new-city').fill('Berchem');
    await page.getByTestId('address-new-save').click();
    const created = page.getByTestId('delivery-address').filter({ hasText: 'Berchem' });
    await created.waitFor();
    const addressId = await created.getAttribute('data-address-id');
    const delivery = page.locator(`[data-testid="delivery-address"][data-address-id="${addressId}"]`);
    await delivery.getByTestId('address-edit').click();
    await page.locator(`#address-${addressId}-city`).fill('Antwerpen-Berchem');
    await page.getByTestId(`address-${addressId}-save`).click();
    await expect.poll(() => delivery.textContent()).toContain('Antwerpen-Berchem');
    await expectNoAxeViolations(page);
    await delivery.getByTestId('address-delete').click();
    await page.getByTestId('address-delete-confirm').click();
    await expect.poll(() => delivery.count()).toBe(0);

    // 8. Sign out: back home, signed out, and account pages ask to sign in again.
    await page.getByTestId('header-sign-out').click();
    await page.waitForURL((url) => !url.pathname.includes('/account/profile'), { waitUntil: 'commit' });
    await page.getByTestId('header-sign-in').waitFor();
    await page.goto('/en/account/profile');
    await page.waitForURL(/\/en\/account\/login\?target=/, { waitUntil: 'commit' });
    await context.close();
  });
});

test.describe('guards and sign-in return (fr)', () => {
  test('an empty application names every field in error at the first submit', async ({ browser }) => {
    const { context, page } = await newPage(browser, 'fr-BE');
    await page.goto('/fr/account/register', { waitUntil: 'networkidle' });
    await page.getByTestId('register-submit').click();
    await expect
      .poll(() => page.locator('#register-vat-error').textContent())
      .toBe('Indiquez le numéro de TVA ou choisissez «\u00a0Numéro de TVA en attente\u00a0».');
    for (const field of ['first_name', 'password', 'password_confirmation']) {
      expect(await page.locator(`#register-${field}-error`).textContent()).toBe('Ce champ est obligatoire.');
    }
    await context.close();
  });

  test('brings a guest back to the page asked for after signing in, and refuses foreign targets', async ({
    browser,
  }) => {
    const { context, page } = await newPage(browser, 'fr-BE');
    await page.goto('/fr/account/profile', { waitUntil: 'networkidle' });
    await page.waitForURL(/\/fr\/account\/login\?target=%2Ffr%2Faccount%2Fprofile/, { waitUntil: 'commit' });
    // docs/product/errors.md#sign-in "Not logged in": the login page says why it opened.
    await expect
      .poll(() => page.getByTestId('login-not-logged-in').textContent())
      .toBe('Vous n’êtes pas connecté.');
    await expectNoAxeViolations(page);

    // A wrong password gets the one generic message.
    await signInThroughForm(page, 'pharmacist@demo.vetshop.be', 'not the password');
    await page.getByTestId('login-error').waitFor();

    await signInThroughForm(page, 'pharmacist@demo.vetshop.be', DEMO_PASSWORD);
    await page.waitForURL(/\/fr\/account\/profile$/, { waitUntil: 'commit' });
    await page.getByTestId('profile-contact-form').waitFor();

    // The sign-in return refuses external targets and dangerous protocols.
    for (const target of ['https://evil.example/fr', '//evil.example', 'javascript:alert(1)']) {
      await page.goto(`/fr/account/oidc-redirect?target=${encodeURIComponent(target)}`);
      await page.waitForURL(
        (url) => url.origin === new URL(BASE_URL).origin && url.pathname === '/fr/account',
        {
          waitUntil: 'commit',
        },
      );
    }

    // The cart is for signed-in users only.
    await page.goto('/fr/cart', { waitUntil: 'networkidle' });
    await page.getByTestId('cart-empty').waitFor();
    // One "continue shopping" link under the empty cart, not the empty cart's and the page's.
    await expect(page.getByRole('link', { name: 'Continuer mes achats' })).toHaveCount(1);
    await context.close();

    const guest = await newPage(browser, 'fr-BE');
    await guest.page.goto('/fr/cart');
    await guest.page.waitForURL(/\/fr\/account\/login\?target=%2Ffr%2Fcart/, { waitUntil: 'commit' });
    await guest.context.close();
  });
});

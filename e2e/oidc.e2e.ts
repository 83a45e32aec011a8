/**
 * Sign-in through the association's identity provider (docs/decisions/oidc-mode.md "The same sign-in through the OIDC
 * provider"; docs/product/accounts.md oidc mode, docs/product/accounts.md#auth-calls, docs/product/errors.md#sign-in login errors), in Dutch, against a real OpenID
 * Provider (test-support/oidc-provider.ts) and the shop's second web+api pair in AUTH_TYPE=oidc,
 * both started by scripts/e2e.mjs (E2E_OIDC_BASE_URL, E2E_OIDC_ISSUER, E2E_OIDC_LOGIN,
 * E2E_OIDC_PASSWORD).
 *
 * Journey: login page → "Aanmelden via de vereniging" → the provider's login form → back on the
 * shop, signed in (the header names the user; no token is readable by page scripts) → a product
 * page priced with the veterinary price list → the session keeper renews the access token 60 s
 * before it expires → sign-out ends the session at the provider too (its login form shows again).
 * Errors: a callback with a tampered state, a callback without a sign-in in progress and a sign-in
 * cancelled at the provider each show their message on the login page, never a stack trace.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations, REFUSED_CONSENT } from './browser.ts';

const BASE = process.env.E2E_OIDC_BASE_URL;
const ISSUER = process.env.E2E_OIDC_ISSUER ?? '';
const LOGIN = process.env.E2E_OIDC_LOGIN ?? '';
const PASSWORD = process.env.E2E_OIDC_PASSWORD ?? '';

/** A fresh Dutch-speaking context of `browser` on the oidc shop, with the nl locale cookie set. */
async function dutchPage(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ locale: 'nl-BE', baseURL: BASE });
  await context.addCookies([{ ...REFUSED_CONSENT, url: BASE }]); // no cookie banner over the page
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

/** Fills the provider's login form (the page must be on the provider). */
async function signInAtProvider(page: Page): Promise<void> {
  await page.waitForURL((url) => url.href.startsWith(`${ISSUER}/interaction/`));
  await page.getByLabel('Login').fill(LOGIN);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The login page shows `text` as an alert, and nothing that looks like a stack trace. */
async function expectLoginError(page: Page, code: string, text: RegExp): Promise<void> {
  await page.waitForURL(new RegExp(`/nl/account/login\\?.*error=${code}`));
  await expect.poll(() => page.getByTestId('login-error').textContent()).toMatch(text);
  expect(await page.getByRole('alert').count()).toBeGreaterThan(0);
  const body = (await page.locator('body').textContent()) ?? '';
  expect(body).not.toMatch(/\bat \S+ \(|Error:|TypeError|\.ts:\d+/);
}

// Tagged @oidc: the cluster mode of scripts/e2e.mjs starts no oidc pair and leaves these out
// (`--grep-invert @oidc`); everywhere else a missing pair is an error, never a silent skip.
test.describe('sign-in through the association (nl)', { tag: '@oidc' }, () => {
  test.beforeAll(() => {
    if (!BASE) throw new Error('E2E_OIDC_BASE_URL is not set: run the journeys through scripts/e2e.mjs');
  });

  test('signs in at the provider, sees its own prices, renews the token and signs out at the provider', async ({
    browser,
  }) => {
    const { page, close } = await dutchPage(browser);
    await page.goto('/nl/account/login');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Aanmelden via de vereniging' }).click();
    await signInAtProvider(page);

    // Back on the shop, signed in: the account home, the header names the user.
    await page.waitForURL(`${BASE}/nl/account`);
    await expect.poll(() => page.getByTestId('header-user').textContent()).toContain('De Smet');
    await expectNoAxeViolations(page);
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === 'vetshop_session');
    expect(session?.httpOnly).toBe(true);
    expect(cookies.find((c) => c.name === 'vetshop_oidc')?.httpOnly).toBe(true);
    expect(cookies.find((c) => c.name === 'vetshop_oidc_tx')).toBeUndefined();
    // Tokens never reach page scripts.
    expect(await page.evaluate(() => document.cookie)).not.toMatch(/vetshop_(oidc|session)/);

    // A product page is priced with the veterinary price list (a guest sees the public one).
    await page.goto('/nl/search?q=meloxicam');
    await page.locator('main ul li a[href*="/p/"]').first().click();
    await page.waitForURL(/\/nl\/p\//, { waitUntil: 'commit' });
    await expect.poll(() => page.getByTestId('price-list').textContent()).toContain('dierenarts');

    // 60 s before the access token (75 s) expires, the keeper renews it: a new api session.
    const renewal = await page.waitForResponse(
      (r) => r.url() === `${BASE}/auth/oidc/refresh` && r.request().method() === 'POST',
      { timeout: 45_000 },
    );
    expect(renewal.status()).toBe(200);
    expect(((await renewal.json()) as { expires_at: number }).expires_at).toBeGreaterThan(Date.now() / 1000);
    const renewed = (await page.context().cookies()).find((c) => c.name === 'vetshop_session');
    expect(renewed?.value).toBeTruthy();
    expect(renewed?.value).not.toBe(session?.value);
    await page.reload();
    await expect.poll(() => page.getByTestId('price-list').textContent()).toContain('dierenarts');
    await expect.poll(() => page.getByTestId('header-user').textContent()).toContain('De Smet');
    const productUrl = page.url();

    // Sign-out: the provider's end-session asks for confirmation, then back to the product page.
    await page.getByTestId('header-sign-out').click();
    await page.waitForURL((url) => url.href.startsWith(ISSUER));
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await page.waitForURL(productUrl);
    await expect.poll(() => page.getByTestId('header-sign-in').count()).toBe(1);
    await expect.poll(() => page.getByTestId('price-list').textContent()).toContain('publiek');
    const after = await page.context().cookies();
    expect(after.find((c) => c.name === 'vetshop_session')).toBeUndefined();
    expect(after.find((c) => c.name === 'vetshop_oidc')).toBeUndefined();

    // The provider's session ended too: signing in again asks for the password.
    await page.goto('/nl/account/login');
    await page.getByRole('link', { name: 'Aanmelden via de vereniging' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${ISSUER}/interaction/`));
    expect(await page.getByLabel('Password').count()).toBe(1);
    await close();
  });

  test('shows the state-mismatch message for a callback with a tampered state', async ({ browser }) => {
    const { page, close } = await dutchPage(browser);
    await page.goto('/auth/oidc/login?target=%2Fnl%2Faccount');
    await page.waitForURL((url) => url.href.startsWith(`${ISSUER}/interaction/`));
    await page.goto('/auth/oidc/callback?code=forged-code&state=tampered-state');
    await expectLoginError(page, 'state_mismatch', /status komt niet overeen/);
    await expectNoAxeViolations(page);
    expect(await page.getByTestId('header-sign-in').count()).toBe(1);
    await close();
  });

  test('shows the no-matching-state message for a callback without a sign-in in progress', async ({
    browser,
  }) => {
    const { page, close } = await dutchPage(browser);
    await page.goto('/nl');
    await page.goto('/auth/oidc/callback?code=some-code&state=some-state');
    await expectLoginError(page, 'no_matching_state', /geen overeenkomende status/);
    await close();
  });

  test('shows the access-denied message when the sign-in is cancelled at the provider', async ({
    browser,
  }) => {
    const { page, close } = await dutchPage(browser);
    await page.goto('/nl/account/login');
    await page.getByRole('link', { name: 'Aanmelden via de vereniging' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${ISSUER}/interaction/`));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expectLoginError(page, 'access_denied', /geannuleerd of geweigerd/);
    await close();
  });
});

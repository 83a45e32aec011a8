/**
 * Playwright (playwright-core) on Debian's Chromium, and an axe check helper for the journeys.
 * Chromium flags for a closed network: no background networking.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { expect } from 'vitest';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:3100';

/** Launches headless Chromium (CHROMIUM_PATH, default /usr/bin/chromium). */
export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

/**
 * Cookie-consent cookie of a browser that refused the optional cookies (essential cookie ids only; see
 * apps/web/src/lib/shell/consent.ts): journeys start with it so the consent banner does not cover
 * the page; e2e/shell.e2e.ts passes `consent: false` to see the banner.
 */
export const REFUSED_CONSENT = {
  name: 'vetshop_consent',
  value: 'consent|locale|oidc|oidc-sign-in|session',
};

/**
 * The Cookie header of a browser that refused the optional cookies ({@link REFUSED_CONSENT}): a
 * plain fetch that must warm the same cached page variant as such a browser sends it (guest pages
 * are cached apart with and without a cookie choice, docs/decisions/cookie-notice.md).
 */
export const REFUSED_CONSENT_HEADER = `${REFUSED_CONSENT.name}=${REFUSED_CONSENT.value}`;

/** A fresh context (own cookies) with the given browser languages, and a page in it. */
export async function newPage(
  browser: Browser,
  acceptLanguage = 'fr-BE',
  { consent = true }: { consent?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: acceptLanguage, baseURL: BASE_URL });
  if (consent) await context.addCookies([{ ...REFUSED_CONSENT, url: BASE_URL }]);
  const page = await context.newPage();
  return { context, page };
}

/**
 * Signs every page of `context` in with `sessionCookie`, the `vetshop_session=…` pair answered by
 * apiSignIn (e2e/session.ts): journeys that do not test the login form skip it (CI time).
 */
export async function addSessionCookie(context: BrowserContext, sessionCookie: string): Promise<void> {
  const [name, ...value] = sessionCookie.split('=');
  await context.addCookies([{ name: name!, value: value.join('='), url: BASE_URL }]);
}

/** Waits for the page to settle, then fails the test with the list of axe violations (WCAG 2 A/AA rules) of the current page. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // After a client-side navigation, Next streams the metadata (title) last: let the page settle.
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.title()).not.toBe('');
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Helpers of the journeys run by @playwright/test (playwright.config.ts: Debian's Chromium, its
 * flags and the timeouts): fresh contexts with the refused-consent cookie, session cookies, and an
 * axe check.
 */
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:3100';

/** Timeout (ms) of the test.beforeAll/afterAll hooks: 120 s, where a test has 90 s (playwright.config.ts). */
export const HOOK_TIMEOUT = 120_000;

/**
 * Gives the running test.beforeAll/afterAll hook {@link HOOK_TIMEOUT}; call it first in each hook
 * (Playwright has no hook timeout of its own in the config: hooks get the test timeout).
 */
export function hookTimeout(): void {
  test.setTimeout(HOOK_TIMEOUT);
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

/**
 * A fresh context (own cookies) with the given browser languages, and a page in it. `consent:
 * false` leaves the cookie choice unmade; `serviceWorkers: 'block'` keeps the service worker out, so
 * `page.route` sees every request (a worker answers the scripts it cached without the page's routes).
 */
export async function newPage(
  browser: Browser,
  acceptLanguage = 'fr-BE',
  {
    consent = true,
    serviceWorkers = 'allow',
  }: { consent?: boolean; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: acceptLanguage, baseURL: BASE_URL, serviceWorkers });
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

/**
 * Waits (up to 60 s) until the service worker controls `page`: installed, its precache (the code of
 * the pages shown offline and the offline pages) complete, and activated. A journey that goes offline
 * must wait for it; on a busy machine the worker may still be installing when the page has loaded
 * (a CI run with two shards on two cores once took more than 30 s). On failure the message names
 * the state reached: `none` (no registration), `installing`, `waiting`, `active` (not yet claimed).
 *
 * A worker that activates while a navigation of the page is in flight does not take that page:
 * `clients.claim()` takes the documents that exist, and the navigation was sent before a worker was
 * active (a CI run once waited 60 s on `active`). So the first time the worker is found active
 * without controlling the page, the page is reloaded once, as a visitor's next page would be: that
 * navigation goes through the active worker. Callers have nothing on the page to lose yet.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  let reloaded = false;
  await expect
    .poll(
      async () => {
        const state = await page.evaluate(async () => {
          if (navigator.serviceWorker.controller) return 'controlled';
          const registration = await navigator.serviceWorker.getRegistration('/');
          if (!registration) return 'none';
          if (registration.installing) return 'installing';
          if (registration.waiting) return 'waiting';
          return registration.active ? 'active' : 'redundant';
        });
        if (state === 'active' && !reloaded) {
          reloaded = true;
          await page.reload({ waitUntil: 'load' });
          return 'reloaded';
        }
        return state;
      },
      { timeout: 60_000 },
    )
    .toBe('controlled');
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

/**
 * Waits until the page's app-link router listens (`<html data-app-links="ready">`,
 * apps/web/src/components/nav/AppLinkRouter.tsx): from then on a click on an app link navigates in
 * the page. Before it, such a click is a document load (docs/decisions/app-links.md), which a
 * journey checking "no document load" must not race with after `networkidle`.
 */
export async function waitForAppLinks(page: Page): Promise<void> {
  await page.locator('html[data-app-links="ready"]').waitFor({ state: 'attached' });
}

/**
 * The width in CSS px of `locator`'s box, 0 while it is not shown. Meant for `expect.poll`: an
 * element rendered as a Suspense fallback (the header's search field) is replaced when the page
 * hydrates, and a box read during that swap is null.
 */
export async function widthOf(locator: Locator): Promise<number> {
  return (await locator.boundingBox())?.width ?? 0;
}

/**
 * Expects the table `testId` of the current page to fit its box: no column cut at the right edge
 * behind a sideways scroll (a phone's amounts, links and buttons stay on screen).
 */
export async function expectTableFits(page: Page, testId: string): Promise<void> {
  const table = page.getByTestId(testId);
  expect(await table.count(), testId).toBe(1);
  const { scroll, client } = await table.evaluate((t) => ({
    scroll: t.parentElement!.scrollWidth,
    client: t.parentElement!.clientWidth,
  }));
  expect(scroll, `${page.url()}: ${testId} ${scroll} px wide in ${client} px`).toBeLessThanOrEqual(client);
}

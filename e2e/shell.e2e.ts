/**
 * The web-app shell (docs/product/web-app-shell.md "The shell"; docs/product/web-app-shell.md#global-interface-pieces global pieces, docs/product/web-app-shell.md#cookie-consent cookie consent and web-app
 * update, docs/product/web-app-shell.md#build-and-update, docs/product/constants.md#display):
 * - every page carries a nonce-based Content-Security-Policy (a cached guest catalogue page a
 *   hash-based one), nosniff, a referrer policy and frame-ancestors 'none', and the main pages
 *   (guest and signed in, charts included) raise no CSP violation;
 * - cookie consent: no non-essential cookie before consent; accept all / choose / refuse keep the
 *   enabled cookie ids in vetshop_consent; the saved-choice notification sits bottom right and
 *   leaves after 5000 ms;
 * - the service worker installs at /sw.js (scope /), keeps a visited catalogue page and shows the
 *   offline page when the network is cut;
 * - a new build id in /builds/latest.json shows the update banner, whose button reloads;
 * - the bottom navigation bar shows on small screens only.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  BASE_URL,
  expectNoAxeViolations,
  newPage,
  REFUSED_CONSENT,
  REFUSED_CONSENT_HEADER,
  waitForAppLinks,
  waitForServiceWorker,
  widthOf,
} from './browser.ts';

const API_URL = process.env.E2E_API_URL ?? 'http://127.0.0.1:4100';
const VET = 'veterinary@demo.vetshop.be';
const DEMO_PASSWORD = 'vetshop-demo-2026';

/** Records CSP violations of every document of the context into `window.__csp` and the returned list (console). */
async function watchCsp(context: BrowserContext): Promise<string[]> {
  const seen: string[] = [];
  await context.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  context.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) seen.push(msg.text());
  });
  return seen;
}

async function pageViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
}

/**
 * Opens each of `urls` (until the network is idle) and expects no CSP violation on it: in `page`
 * and a second tab of its context side by side (CI time; the CSP watch covers every page).
 */
async function visitWithoutViolations(page: Page, urls: string[]): Promise<void> {
  const tab2 = await page.context().newPage();
  await Promise.all(
    [page, tab2].map(async (tab, lane) => {
      for (const url of urls.filter((_, i) => i % 2 === lane)) {
        await tab.goto(url, { waitUntil: 'networkidle' });
        expect(await pageViolations(tab), url).toEqual([]);
      }
    }),
  );
  await tab2.close();
}

async function cookieNames(context: BrowserContext): Promise<string[]> {
  return (await context.cookies()).map((c) => c.name);
}

/** A product url key of the real catalogue (api search). */
async function productUrl(q: string): Promise<string> {
  const res = await fetch(`${API_URL}/catalog/search?lang=fr&q=${encodeURIComponent(q)}`);
  const body = (await res.json()) as { hits: { url_key: string }[] };
  return `/fr/p/${body.hits[0]!.url_key}`;
}

test.describe('security headers', () => {
  test('sends a nonce-based CSP and the other headers; main pages raise no violation', async ({
    browser,
  }) => {
    const { context, page } = await newPage(browser);
    const cspConsole = await watchCsp(context);
    // A page rendered per request (not a cached guest catalogue page): nonce policy.
    const first = await page.goto('/fr/promotions', { waitUntil: 'load' });
    const headers = first!.headers();
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Next's scripts carry the nonce of the response, a new one per request.
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    expect(await page.locator(`script[nonce]`).count()).toBeGreaterThan(0);
    const second = await (await fetch(`${BASE_URL}/fr/promotions`)).headers.get('content-security-policy');
    expect(second).not.toContain(nonce);
    expect(await pageViolations(page)).toEqual([]);

    // A cached guest page (docs/decisions/guest-page-cache.md), served twice: the second answer
    // comes from the cache with the hashes of its inline scripts, no nonce, and runs without violation.
    // The warm-up carries the browser's cookie choice (the same cached variant); a catalogue change
    // in between (other journeys move stock) renders it again, so it is asked until a hit.
    let cached: Awaited<ReturnType<typeof page.goto>> = null;
    for (let attempt = 0; attempt < 5 && cached?.headers()['x-vetshop-cache'] !== 'hit'; attempt++) {
      await fetch(`${BASE_URL}/fr`, { headers: { cookie: REFUSED_CONSENT_HEADER } });
      cached = await page.goto('/fr', { waitUntil: 'load' });
    }
    // Next's runtime loaded its chunks under 'self' and hydrated (it sets window.next then).
    await page.waitForFunction(() => typeof (window as unknown as { next?: unknown }).next === 'object');
    expect(cached!.headers()['x-vetshop-cache']).toBe('hit');
    const cachedCsp = cached!.headers()['content-security-policy'] ?? '';
    expect(cachedCsp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(cachedCsp).not.toMatch(/'nonce-|'strict-dynamic'/);
    expect(cachedCsp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(cached!.headers()['x-content-type-options']).toBe('nosniff');
    expect(await page.locator(`script[nonce]`).count()).toBe(0);
    expect(await pageViolations(page), '/fr (cached)').toEqual([]);

    const guestPages = [
      '/fr/search?q=colicilline',
      await productUrl('colicilline'),
      '/nl/promotions',
      '/en/selection',
      '/fr/account/register',
    ];
    await visitWithoutViolations(page, guestPages);
    // Signed in (through the login page, checked too): dashboard with its recharts chart, orders, cart.
    await page.goto('/fr/account/login', { waitUntil: 'networkidle' });
    expect(await pageViolations(page), '/fr/account/login').toEqual([]);
    await page.locator('#login-login').fill(VET);
    await page.locator('#login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/fr\/account$/, { waitUntil: 'networkidle' });
    // The chart loads when it comes near the viewport (PurchasesChartLazy): scroll to it.
    await page.getByTestId('purchases').scrollIntoViewIfNeeded();
    await page
      .locator('.recharts-surface')
      .first()
      .waitFor({ timeout: 20_000 })
      .catch(() => undefined);
    expect(await pageViolations(page), '/fr/account').toEqual([]);
    await visitWithoutViolations(page, ['/fr/account/sales', '/fr/cart', '/fr']);
    expect(cspConsole).toEqual([]);
    await context.close();
  });
});

test.describe('cookie consent', () => {
  test('sets no optional cookie before consent; accept all enables them; the notice leaves after 5 s', async ({
    browser,
  }) => {
    const { context, page } = await newPage(browser, 'fr-BE', { consent: false });
    await page.goto('/fr', { waitUntil: 'networkidle' });
    const banner = page.getByTestId('shell-consent-banner');
    await banner.waitFor();
    await expectNoAxeViolations(page);
    expect(await cookieNames(context)).not.toContain('vetshop_analytics');
    expect(await cookieNames(context)).not.toContain('vetshop_consent');
    // Another page before any choice: still nothing optional.
    await page.goto('/fr/promotions', { waitUntil: 'networkidle' });
    expect(await cookieNames(context)).not.toContain('vetshop_analytics');

    // When the notice is added and removed, on the page's clock: a busy machine delays this test's
    // own steps, not the page's timer.
    await page.evaluate(() => {
      const times: { shown?: number; gone?: number } = {};
      (window as unknown as { __notice: typeof times }).__notice = times;
      new MutationObserver(() => {
        const present = document.querySelector('[data-testid="shell-notification"]') !== null;
        if (present) times.shown ??= performance.now();
        else if (times.shown !== undefined) times.gone ??= performance.now();
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByTestId('shell-consent-accept').click();
    const notice = page.getByTestId('shell-notification');
    await notice.waitFor();
    const box = (await notice.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.x + box.width).toBeGreaterThan(viewport.width * 0.75);
    expect(box.y + box.height).toBeGreaterThan(viewport.height * 0.75);
    await expect.poll(() => cookieNames(context)).toContain('vetshop_analytics');
    const consent = (await context.cookies()).find((c) => c.name === 'vetshop_consent')!;
    const ids = decodeURIComponent(consent.value).split('|');
    expect(ids).toEqual(expect.arrayContaining(['analytics', 'ads', 'session', 'locale', 'consent']));
    expect(consent.expires).toBeGreaterThan(Date.now() / 1000 + 170 * 86400);
    // 5000 ms notifications: shown for about 5 s, then gone (a render delayed by a busy machine
    // can shorten what the page shows, a delayed timer lengthen it).
    await expect.poll(() => notice.count(), { timeout: 10_000, intervals: [200] }).toBe(0);
    const shown = await page.evaluate(() => {
      const times = (window as unknown as { __notice: { shown?: number; gone?: number } }).__notice;
      return (times.gone ?? NaN) - (times.shown ?? NaN);
    });
    expect(shown).toBeGreaterThan(4000);
    expect(shown).toBeLessThan(8000);
    // The choice is kept: no banner on the next page.
    await page.goto('/fr/promotions', { waitUntil: 'networkidle' });
    expect(await banner.count()).toBe(0);

    // Reopened (footer link): switching analytics off deletes its cookie.
    await page.evaluate(() => window.dispatchEvent(new Event('vetshop:consent-open')));
    const dialog = page.getByTestId('shell-consent-dialog');
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    expect(await page.getByTestId('shell-consent-category-essential').isDisabled()).toBe(true);
    await page.getByTestId('shell-consent-category-analytics').uncheck();
    await page.getByTestId('shell-consent-save').click();
    await expect.poll(() => cookieNames(context)).not.toContain('vetshop_analytics');
    const after = (await context.cookies()).find((c) => c.name === 'vetshop_consent')!;
    expect(decodeURIComponent(after.value).split('|')).not.toContain('analytics');
    expect(decodeURIComponent(after.value).split('|')).toContain('ads');
    await context.close();
  });

  test('refuse keeps the essential cookie ids only', async ({ browser }) => {
    const { context, page } = await newPage(browser, 'nl-BE', { consent: false });
    await page.goto('/nl', { waitUntil: 'networkidle' });
    await page.getByTestId('shell-consent-refuse').click();
    await expect.poll(() => cookieNames(context)).toContain('vetshop_consent');
    const consent = (await context.cookies()).find((c) => c.name === 'vetshop_consent')!;
    expect(decodeURIComponent(consent.value).split('|').sort()).toEqual(
      REFUSED_CONSENT.value.split('|').sort(),
    );
    await page.reload({ waitUntil: 'networkidle' });
    expect(await page.getByTestId('shell-consent-banner').count()).toBe(0);
    expect(await cookieNames(context)).not.toContain('vetshop_analytics');
    expect(await cookieNames(context)).not.toContain('vetshop_ads');
    await context.close();
  });

  test('refuse and accept all pressed before the page hydrates are kept, back on the same page', async ({
    browser,
  }) => {
    const essential = REFUSED_CONSENT.value.split('|');
    for (const [button, ids] of [
      ['shell-consent-refuse', essential],
      ['shell-consent-accept', [...essential, 'ads', 'analytics']],
    ] as const) {
      const { context, page } = await newPage(browser, 'nl-BE', { consent: false, serviceWorkers: 'block' });
      // Hold the page's scripts back: the banner is in the HTML, its buttons are pressed before hydration.
      let release!: () => void;
      const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/_next/static/chunks/**/*.js', async (route) => {
        await scriptsHeld;
        await route.continue().catch(() => undefined);
      });
      await page.goto('/nl/promotions', { waitUntil: 'commit' });
      const back = page.waitForResponse(
        (r) => r.request().isNavigationRequest() && r.request().method() === 'GET',
      );
      await page.getByTestId(button).click();
      expect(new URL((await back).url()).pathname, button).toBe('/nl/promotions');
      release();
      await page.waitForLoadState('networkidle');
      expect(await page.getByTestId('shell-consent-banner').count(), button).toBe(0);
      const consent = (await context.cookies()).find((c) => c.name === 'vetshop_consent');
      expect(
        decodeURIComponent(consent?.value ?? '')
          .split('|')
          .sort(),
        button,
      ).toEqual([...ids].sort());
      await context.close();
    }
  });
});

test.describe('installable web app', () => {
  test('installs the service worker, keeps a visited catalogue page and shows the offline page without network', async ({
    browser,
  }) => {
    const { context, page } = await newPage(browser, 'en-US');
    const manifest = await (await fetch(`${BASE_URL}/manifest.webmanifest`)).json();
    expect(manifest.start_url).toBe('/');
    const sw = await fetch(`${BASE_URL}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    await page.goto('/en', { waitUntil: 'networkidle' });
    const scriptUrl = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      return `${reg.scope} ${reg.active?.scriptURL}`;
    });
    expect(scriptUrl).toBe(`${BASE_URL}/ ${BASE_URL}/sw.js`);
    await waitForServiceWorker(page);
    // The offline pages are precached with the shell.
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const keys = await caches.keys();
            for (const key of keys) {
              const cache = await caches.open(key);
              const urls = (await cache.keys()).map((r) => new URL(r.url).pathname);
              if (urls.includes('/offline/en')) return true;
            }
            return false;
          }),
        { timeout: 30_000 },
      )
      .toBe(true);
    // So is the code of the catalogue pages (apps/web/src/lib/shell/precache-scope.ts): every
    // script and style this first page loaded, before the worker controlled it, is in the precache.
    const notPrecached = await page.evaluate(async () => {
      const precached = new Set<string>();
      for (const key of await caches.keys())
        if (key.includes('precache'))
          for (const request of await (await caches.open(key)).keys())
            precached.add(new URL(request.url).pathname);
      return performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.startsWith('/_next/static/') && !precached.has(path));
    });
    expect(notPrecached).toEqual([]);

    // Pages through the worker keep the proxy's cookies: another locale prefix updates NEXT_LOCALE.
    await page.goto('/nl/promotions', { waitUntil: 'networkidle' });
    expect((await context.cookies()).find((c) => c.name === 'NEXT_LOCALE')?.value).toBe('nl');

    // A catalogue page visited once the worker controls the page.
    await page.goto('/en/promotions', { waitUntil: 'networkidle' });
    expect((await context.cookies()).find((c) => c.name === 'NEXT_LOCALE')?.value).toBe('en');
    const heading = await page.getByRole('heading', { level: 1 }).textContent();

    // Network cut.
    await context.setOffline(true);
    await context.route('**/*', (route) => route.abort('internetdisconnected'));
    const failedCode: string[] = [];
    page.on('requestfailed', (request) => {
      if (new URL(request.url()).pathname.startsWith('/_next/static/')) failedCode.push(request.url());
    });
    await page.goto('/en/promotions', { waitUntil: 'load' });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(heading);
    expect(await page.getByTestId('shell-offline').count()).toBe(0);
    // Its code comes from the precache (the chunks of the pages shown offline,
    // apps/web/src/lib/shell/precache-scope.ts): the page hydrates and no script or style fails.
    await waitForAppLinks(page);
    await page.waitForLoadState('networkidle');
    expect(failedCode).toEqual([]);

    await page.goto('/en/vetgroup', { waitUntil: 'load' });
    await page.getByTestId('shell-offline').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('You are offline');
    await page.goto('/en/account/sales', { waitUntil: 'load' });
    await page.getByTestId('shell-offline').waitFor();
    await page.goto('/fr/search?q=nothing-cached', { waitUntil: 'load' });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Vous êtes hors ligne');
    await expectNoAxeViolations(page);

    await context.unroute('**/*');
    await context.setOffline(false);
    // The offline page reloads the real one when the network returns; a context closed during that
    // reload can hang, so the page is let back first.
    await expect(page.getByTestId('shell-offline')).toHaveCount(0, { timeout: 30_000 });
    await context.close();
  });

  test('serves the build-id document and shows the update banner when a new build id appears', async ({
    browser,
  }) => {
    const doc = await fetch(`${BASE_URL}/builds/latest.json?t=${Date.now()}`);
    expect(doc.headers.get('cache-control')).toContain('no-store');
    const { id } = (await doc.json()) as { id: string };
    const buildIdFile = path.resolve(import.meta.dirname, '../apps/web/.next/BUILD_ID');
    expect(id).toBe(readFileSync(buildIdFile, 'utf8').trim());

    // Same build: no banner. Checked side by side with a new build below (both contexts mostly wait).
    const sameBuild = async () => {
      const { context, page } = await newPage(browser, 'fr-BE');
      await page.goto('/fr', { waitUntil: 'networkidle' });
      await page.waitForTimeout(3500);
      expect(await page.getByTestId('shell-update-banner').count()).toBe(0);
      await context.close();
    };
    const newBuild = async () => {
      // "A new build": the document answers another id (routed in the browser; no service worker in
      // the way of the routing).
      const fresh = await browser.newContext({ locale: 'fr-BE', baseURL: BASE_URL, serviceWorkers: 'block' });
      await fresh.addCookies([{ ...REFUSED_CONSENT, url: BASE_URL }]);
      const queries: string[] = [];
      await fresh.route('**/builds/latest.json*', (route) => {
        queries.push(new URL(route.request().url()).searchParams.get('t') ?? '');
        return route.fulfill({ json: { id: `${id}-next` }, headers: { 'cache-control': 'no-store' } });
      });
      const p2 = await fresh.newPage();
      await p2.goto('/fr/promotions', { waitUntil: 'networkidle' });
      const updateBanner = p2.getByTestId('shell-update-banner');
      await updateBanner.waitFor({ timeout: 10_000 });
      expect(queries.length).toBeGreaterThan(0);
      expect(Number(queries[0])).toBeGreaterThan(Date.now() - 60_000);
      await expectNoAxeViolations(p2);
      await fresh.unroute('**/builds/latest.json*');
      const reloaded = p2.waitForEvent('load');
      await p2.getByTestId('shell-update-reload').click();
      await reloaded;
      await p2.waitForLoadState('networkidle');
      await p2.waitForTimeout(3000);
      expect(await updateBanner.count()).toBe(0);
      await fresh.close();
    };
    await Promise.all([sameBuild(), newBuild()]);
  });
});

test.describe('bottom navigation bar', () => {
  test('shows home, search, cart and account on small screens only', async ({ browser }) => {
    const { context, page } = await newPage(browser, 'fr-BE');
    await page.goto('/fr/search?q=colicilline', { waitUntil: 'networkidle' });
    const nav = page.getByTestId('shell-bottom-nav');
    expect(await nav.isVisible()).toBe(false);
    await page.setViewportSize({ width: 390, height: 800 });
    await nav.waitFor({ state: 'visible' });
    const links = nav.getByRole('link');
    expect(await links.count()).toBe(4);
    expect(await nav.locator('a[aria-current="page"]').getAttribute('href')).toBe('/fr/search');
    await expectNoAxeViolations(page);
    await nav.getByRole('link', { name: 'Accueil' }).click();
    await page.waitForURL(/\/fr$/);
    await context.close();
  });
});

test.describe('header on a laptop', () => {
  test("keeps a guest's search field usable from 1024 px: the cart shows its icon there, its word as accessible name", async ({
    browser,
  }) => {
    const { context, page } = await newPage(browser, 'fr-BE', { serviceWorkers: 'block' });
    await page.setViewportSize({ width: 1024, height: 768 });
    const names = { fr: 'Panier', nl: 'Winkelmandje', en: 'Cart' };
    for (const locale of ['fr', 'nl', 'en'] as const) {
      await page.goto(`/${locale}`, { waitUntil: 'load' });
      // With the cart's word beside the languages and "sign in", "become a customer": 144 px in
      // Dutch, 152 px in French.
      // The field server-rendered as the Suspense fallback is replaced by the one that reads the
      // URL when the page hydrates: a box read during that swap is null, so the width is polled.
      const search = page.getByRole('banner').getByRole('combobox');
      await expect.poll(() => widthOf(search), { message: locale }).toBeGreaterThan(190);
      const cart = page.getByTestId('header-cart');
      await expect(cart).toHaveAccessibleName(names[locale]);
      // The word is there for screen readers only (`sr-only`: one pixel wide).
      const word = cart.getByText(names[locale], { exact: true });
      await expect.poll(() => widthOf(word), { message: locale }).toBeLessThanOrEqual(1);
    }
    await page.setViewportSize({ width: 1280, height: 768 });
    const word = page.getByTestId('header-cart').getByText('Cart', { exact: true });
    await expect.poll(() => widthOf(word)).toBeGreaterThan(20);
    await context.close();
  });
});

/**
 * Responsive layout guard: every public and account page, at the widths of common phones, tablets
 * and laptops, lays out within the width of the device, and every fixed element (bottom tab bar,
 * cookie consent, notifications, update banner) lies inside the visible screen.
 *
 * Below 768 px the browser context is a phone (isMobile, hasTouch, deviceScaleFactor 3): there the
 * layout viewport grows with a too-wide content, so `scrollWidth` and `innerWidth` are compared with
 * the DEVICE width, never with each other. One browser, one context per profile (phone, desktop),
 * each page loaded once and measured at every width of the profile (guest pages first, then the
 * demo veterinary's session cookie for the account pages, then staff's for a few staff pages), no
 * screenshots: CI time is tight.
 * A failure lists, per page, the measured widths and the outermost elements that stick out.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { addSessionCookie, BASE_URL, hookTimeout, REFUSED_CONSENT, waitForAppLinks } from './browser.ts';
import { api, apiSignIn, hitOf, STAFF, VET } from './session.ts';

/** Device sizes (CSS px). Below 768 px: a phone profile. E2E_LAYOUT_WIDTHS=320,1366 keeps some. */
const ALL_DEVICES = [
  { width: 320, height: 568 },
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1366, height: 900 },
] as const;
const only = process.env.E2E_LAYOUT_WIDTHS?.split(',').map(Number);
const DEVICES = only ? ALL_DEVICES.filter((d) => only.includes(d.width)) : ALL_DEVICES;
/**
 * One browser context per profile (phone: isMobile, hasTouch, deviceScaleFactor 3; else a desktop
 * browser). Each page is loaded once per profile and measured at each of its widths, resized: the
 * layout is CSS only (media queries apply on resize), and loading every page at every width would
 * cost three times the CI time.
 */
const PROFILES = [
  { name: 'phone', phone: true, devices: DEVICES.filter((d) => d.width < 768) },
  { name: 'tablet and laptop', phone: false, devices: DEVICES.filter((d) => d.width >= 768) },
]
  .filter((p) => p.devices.length > 0)
  .map((p) => ({ ...p, title: `${p.name}: ${p.devices.map((d) => `${d.width} × ${d.height}`).join(', ')}` }));
/** Pages loaded side by side per profile (E2E_LAYOUT_LANES, default 2: the CI machine has 2 cores). */
const LANES = Number(process.env.E2E_LAYOUT_LANES ?? 2);

interface Measure {
  scrollWidth: number;
  innerWidth: number;
  /** Outermost elements whose box ends right of the device's edge (tag#id.class [testid] right px). */
  wide: string[];
  /** Fixed elements (or their links and buttons) outside the visible screen. */
  fixedOut: string[];
}

let sessionCookie: string;
let staffCookie: string;
let guestPages: string[];
let accountPages: string[];

test.beforeAll(async () => {
  hookTimeout();
  sessionCookie = await apiSignIn(VET);
  staffCookie = await apiSignIn(STAFF);
  const [product, categories, orders] = await Promise.all([
    hitOf('meloxicam', 'metacam'),
    api<{ url_key: string }[]>(null, 'GET', '/catalog/categories?lang=fr'),
    api<{ data: { id: number }[] }>(sessionCookie, 'GET', '/orders?page_size=1'),
  ]);
  const category = categories.body[0]!.url_key;
  const order = orders.body.data[0]?.id;
  guestPages = [
    '/fr',
    `/fr/c/${category}`,
    '/fr/search?q=meloxicam',
    `/fr/p/${product.urlKey}`,
    '/fr/promotions',
    '/fr/selection',
    '/fr/news',
    '/fr/contact',
    '/fr/account/login',
    '/fr/account/register',
    // Dutch words are the longest of the three languages.
    '/nl',
    '/nl/search?q=meloxicam',
  ];
  accountPages = [
    '/fr',
    '/nl',
    '/fr/cart',
    '/fr/account',
    '/fr/account/sales',
    ...(order ? [`/fr/account/sales/${order}`] : []),
    '/fr/account/products_on_order',
    '/fr/account/documents',
    '/fr/account/wishlists',
    '/fr/account/smallads',
    '/fr/account/profile',
    // The longest Dutch page title ("Standaardbestellingen").
    '/nl/account/wishlists',
  ];
});

/** Measures the laid-out width and the fixed elements of the page against a `width` × `height` screen. */
function measure(page: Page, width: number, height: number): Promise<Measure> {
  return page.evaluate(
    ({ width, height }) => {
      const name = (el: Element) => {
        const testId = el.getAttribute('data-testid');
        const cls = typeof el.className === 'string' ? el.className.split(/\s+/).slice(0, 4).join('.') : '';
        return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${cls ? `.${cls}` : ''}${testId ? ` [${testId}]` : ''}`;
      };
      const visible = (el: Element) => {
        const r = el.getBoundingClientRect();
        const s = getComputedStyle(el);
        return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none';
      };
      // Elements inside a scroll container (e.g. a wide table in overflow-x-auto) do not widen the page,
      // unless they are absolutely positioned (a screen-reader-only label) and the container is not
      // their containing block: such an element escapes the container's clip and widens the page.
      const clipped = (el: Element) => {
        let escapes = getComputedStyle(el).position === 'absolute';
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
          const style = getComputedStyle(p);
          const o = style.overflowX;
          if (!escapes && (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip')) return true;
          if (escapes && style.position !== 'static') {
            escapes = style.position === 'absolute';
            if (!escapes && (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip')) return true;
          }
        }
        return false;
      };
      const scrollX = window.scrollX;
      const wide: string[] = [];
      const fixedOut: string[] = [];
      for (const el of Array.from(document.body.querySelectorAll('*'))) {
        if (!visible(el)) continue;
        const r = el.getBoundingClientRect();
        const right = r.right + scrollX;
        const fixed = getComputedStyle(el).position === 'fixed';
        if (!fixed && right > width + 1 && !clipped(el)) {
          const parent = el.parentElement;
          const parentRight = parent ? parent.getBoundingClientRect().right + scrollX : 0;
          if (wide.length < 8 && (!parent || parentRight <= width + 1))
            wide.push(`${name(el)} right=${Math.round(right)}`);
        } else if (
          !fixed &&
          wide.length < 8 &&
          r.left + scrollX + el.scrollWidth > width + 1 &&
          el.scrollWidth > el.clientWidth + 1 &&
          getComputedStyle(el).overflowX === 'visible' &&
          !clipped(el) &&
          !Array.from(el.children).some((c) => c.getBoundingClientRect().right + scrollX > width + 1)
        ) {
          // Text wider than its box (a long word, a no-wrap line).
          const text = (el.textContent ?? '').trim().slice(0, 40);
          wide.push(`${name(el)} text "${text}" to ${Math.round(r.left + scrollX + el.scrollWidth)}`);
        }
        if (fixed) {
          const parts = [el, ...Array.from(el.querySelectorAll('a, button, input, select'))];
          for (const part of parts) {
            if (!visible(part)) continue;
            const b = part.getBoundingClientRect();
            if (b.left < -1 || b.right > width + 1 || b.top < -1 || b.bottom > height + 1)
              fixedOut.push(
                `${name(part)} at ${Math.round(b.left)},${Math.round(b.top)}–${Math.round(b.right)},${Math.round(b.bottom)}`,
              );
          }
        }
      }
      return {
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
        wide,
        fixedOut: fixedOut.slice(0, 8),
      };
    },
    { width, height },
  );
}

/** Opens `path` and waits until the client components (cookie consent) have rendered. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await page
    .getByTestId('shell-consent-banner')
    .waitFor({ timeout: 5_000 })
    .catch(() => undefined);
}

test.describe('no page is wider than the device', () => {
  // One profile after the other (2 cores: more side by side would only queue on the server).
  for (const { title, phone, devices } of PROFILES) {
    test(title, async ({ browser }) => {
      test.setTimeout(180_000);
      const first = devices[0]!;
      const context: BrowserContext = await browser.newContext({
        baseURL: BASE_URL,
        locale: 'fr-BE',
        viewport: first,
        screen: first,
        isMobile: phone,
        hasTouch: phone,
        deviceScaleFactor: phone ? 3 : 1,
        serviceWorkers: 'block',
      });
      // Tabs of the context: while one page is rendered by the server, the other is measured.
      const pages = await Promise.all(Array.from({ length: LANES }, () => context.newPage()));
      const failures: string[] = [];
      /** Loads `path` once, then measures it at each width of the profile (resized). */
      const check = async (page: Page, path: string, who: string) => {
        await page.setViewportSize(first);
        await open(page, path);
        for (const { width, height } of devices) {
          if (page.viewportSize()?.width !== width) await page.setViewportSize({ width, height });
          const m = await measure(page, width, height);
          // innerWidth equals the device width unless the page widens it (and proves the resize).
          if (m.scrollWidth > width || m.innerWidth !== width || m.fixedOut.length > 0)
            failures.push(
              `${path} (${who}): scrollWidth ${m.scrollWidth}, innerWidth ${m.innerWidth} (device ${width})` +
                (m.wide.length ? `\n    wide: ${m.wide.join('\n          ')}` : '') +
                (m.fixedOut.length ? `\n    fixed off-screen: ${m.fixedOut.join('\n          ')}` : ''),
            );
        }
      };
      /** Checks `paths`, each tab taking the next unchecked path. */
      const checkAll = async (paths: string[], who: string) => {
        const queue = [...paths];
        await Promise.all(
          pages.map(async (page) => {
            for (let path = queue.shift(); path !== undefined; path = queue.shift())
              await check(page, path, who);
          }),
        );
      };
      try {
        await checkAll(guestPages, 'guest');
        await addSessionCookie(context, sessionCookie);
        await checkAll(accountPages, 'signed in');
        await addSessionCookie(context, staffCookie);
        // The longest filter option (Dutch order statuses) of the staff lists; the content editor
        // (its settings fieldset held its file fields' width); the product-code forms.
        await checkAll(
          ['/nl/staff/orders', '/fr/staff/content/news/new', '/nl/staff/restrictions?product=ZZZ'],
          'staff',
        );
      } finally {
        await context.close();
      }
      failures.sort();
      expect(failures, failures.join('\n')).toEqual([]);
    });
  }
});

test.describe('header and listing on a phone and on a desktop', () => {
  test('the phone menu opens as a drawer, closes with Escape and gives focus back', async ({ browser }) => {
    const context = await browser.newContext({
      baseURL: BASE_URL,
      locale: 'fr-BE',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 3,
      serviceWorkers: 'block',
    });
    await context.addCookies([{ ...REFUSED_CONSENT, url: BASE_URL }]);
    const page = await context.newPage();
    try {
      await page.goto('/fr/search?q=meloxicam', { waitUntil: 'networkidle' });
      // One search field: the header's, holding the terms of the search page.
      expect(await page.getByRole('combobox', { name: /Rechercher/ }).inputValue()).toBe('meloxicam');
      expect(await page.locator('input[type="search"]').count()).toBe(1);
      // The server's toggle is a link to the panel; the drawer's island makes it a button.
      const toggle = page.locator('[data-testid="site-menu-toggle"][role="button"]');
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await page.getByTestId('header-sign-in').isVisible()).toBe(false);
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      const drawer = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
      await drawer.getByTestId('header-sign-in').waitFor({ state: 'visible' });
      expect(await drawer.getByRole('link', { name: 'Nederlands' }).isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
        .toBe('site-menu-toggle');

      // Filters: a drawer opened by the "Filtres" button; a filter applies at once and shows as a chip.
      const filters = page.locator('[data-testid="filters-toggle"][role="button"]');
      await filters.click();
      const dog = page
        .getByTestId('filters')
        .getByLabel(/^Chien\b/)
        .first();
      await dog.check();
      await page.waitForURL(/species=dog/, { timeout: 30_000 });
      await expect.poll(() => filters.textContent()).toContain('(1)');
      await page.getByTestId('filters-show-results').click();
      await expect.poll(() => page.getByTestId('filters').isVisible()).toBe(false);
      const chip = page.getByTestId('active-filters').getByRole('link', { name: /Chien/ });
      await chip.click();
      await page.waitForURL((url) => !url.search.includes('species=dog'), { timeout: 30_000 });
    } finally {
      await context.close();
    }
  });

  test('a long Dutch word of a content page title breaks at its soft hyphen on a phone, not before its last letter', async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 390, height: 844 } });
    await context.addCookies([{ ...REFUSED_CONSENT, url: BASE_URL }]);
    const page = await context.newPage();
    try {
      await page.goto('/nl/page/algemene-verkoopvoorwaarden', { waitUntil: 'networkidle' });
      const h1 = page.locator('h1');
      // The seeded title marks the compound's break with a soft hyphen: "Algemene verkoop-" /
      // "voorwaarden", two lines, where a break inside the word gave three ("verkoopvoorwaarde" / "n").
      expect(await h1.textContent()).toBe('Algemene verkoop\u00advoorwaarden');
      const lines = await h1.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
      expect(lines).toBe(2);
    } finally {
      await context.close();
    }
  });

  test('the desktop mega-menu opens a root onto its sub-categories and closes with Escape', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      baseURL: BASE_URL,
      locale: 'fr-BE',
      viewport: { width: 1366, height: 900 },
      serviceWorkers: 'block',
    });
    await context.addCookies([{ ...REFUSED_CONSENT, url: BASE_URL }]);
    const page = await context.newPage();
    try {
      await page.goto('/fr', { waitUntil: 'networkidle' });
      expect(await page.locator('[data-testid="site-menu-toggle"]').isVisible()).toBe(false);
      // Escape is the group's behaviour (nav/DisclosureGroup.tsx), loaded after hydration.
      await page.locator('#mega-menu[data-behaviour="ready"]').waitFor({ state: 'attached' });
      const root = page.getByTestId('main-nav').locator('summary').first();
      await root.click();
      const panel = page.getByTestId('main-nav').locator('details[open] a[href*="/c/"]');
      await expect.poll(() => panel.count()).toBeGreaterThan(3);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('main-nav').locator('details[open]').count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');

      // The menu's links are plain server-rendered anchors (components/nav/AppLink.tsx); a click
      // still navigates in the page (no document load: the window marker survives) and closes the menu.
      await waitForAppLinks(page);
      await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
      await root.click();
      const sub = page.getByTestId('main-nav').locator('details[open] ul a[data-app-link]').first();
      const target = await sub.getAttribute('href');
      expect(target).toMatch(/^\/fr\/c\//);
      await sub.click();
      await page.waitForURL((url) => url.pathname === target, { timeout: 30_000 });
      await expect.poll(() => page.getByTestId('main-nav').locator('details[open]').count()).toBe(0);
      expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

      // So does a product card's name in the listing.
      const card = page.getByTestId('product-card').first().locator('h3 a[data-app-link]');
      const product = await card.getAttribute('href');
      expect(product).toMatch(/^\/fr\/p\//);
      await card.click();
      await page.waitForURL((url) => url.pathname === product, { timeout: 30_000 });
      expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    } finally {
      await context.close();
    }
  });

  test('the language links lead straight to the page’s own url key, for a guest and a signed-in customer', async ({
    browser,
  }) => {
    // A product whose Dutch url key is not its French one (the real catalogue's translated names).
    const search = await api<{ hits: { url_key: string }[] }>(
      null,
      'GET',
      '/catalog/search?lang=fr&q=vaccin',
    );
    let product: { fr: string; nl: string } | null = null;
    for (const hit of search.body.hits) {
      const detail = await api<{ url_keys: Record<string, string> }>(
        null,
        'GET',
        `/catalog/products/by-url-key/${encodeURIComponent(hit.url_key)}?lang=fr`,
      );
      const keys = detail.body.url_keys;
      if (keys.nl && keys.fr && keys.nl !== keys.fr) {
        product = { fr: keys.fr, nl: keys.nl };
        break;
      }
    }
    expect(product, 'a product with a translated url key').not.toBeNull();
    const cookie = await apiSignIn(VET);
    for (const who of ['guest', 'customer'] as const) {
      const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1366, height: 900 } });
      await context.addCookies([{ ...REFUSED_CONSENT, url: BASE_URL }]);
      if (who === 'customer') await addSessionCookie(context, cookie);
      try {
        const page = await context.newPage();
        const pages: [string, string][] = [
          [`/fr/p/${product!.fr}`, `/nl/p/${product!.nl}`],
          ['/fr/c/medicaments', '/nl/c/geneesmiddelen'],
        ];
        for (const [from, to] of pages) {
          await page.goto(from, { waitUntil: 'networkidle' });
          await waitForAppLinks(page);
          // The page hydrates apart from the header: its translated paths reach the link either way.
          await expect
            .poll(() => page.locator('header nav a[hreflang="nl"]').first().getAttribute('href'), {
              message: `${who} on ${from}`,
            })
            .toBe(to);
        }
      } finally {
        await context.close();
      }
    }
  });

  test('without JavaScript the header, its language and sign-in links and the bottom bar are in the page', async ({
    browser,
  }) => {
    // The header's controls are part of the server's HTML in place, not parts that React streams
    // to the end of the page and reveals by script (which a lazy island of more than 500 bytes of
    // HTML becomes: docs/decisions/web-page-performance.md, "Lazy islands that React outlines").
    const desktop = await browser.newContext({
      baseURL: BASE_URL,
      javaScriptEnabled: false,
      viewport: { width: 1366, height: 900 },
    });
    const phone = await browser.newContext({
      baseURL: BASE_URL,
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const page = await desktop.newPage();
      await page.goto('/fr/c/medicaments');
      await expect(page.getByTestId('header-sign-in')).toBeVisible();
      await expect(page.getByTestId('header-register')).toBeVisible();
      await expect(page.getByTestId('main-nav')).toBeVisible();
      await expect(page.getByRole('search').getByRole('combobox')).toBeVisible();
      const nl = page.locator('header nav a[hreflang="nl"]');
      await expect(nl).toBeVisible();
      await nl.click();
      await page.waitForURL((url) => url.pathname.startsWith('/nl/c/'));
      await expect(page.getByTestId('header-sign-in')).toHaveText(/Aanmelden/);

      const small = await phone.newPage();
      await small.goto('/en/search?q=vaccin');
      const bar = small.getByTestId('shell-bottom-nav');
      await expect(bar).toBeVisible();
      expect(await bar.locator('a[href^="/en"]').count()).toBe(4);
      await expect(small.getByTestId('site-menu-toggle')).toBeVisible();
      // The menu opens through its link (the panel is the URL's target) and closes through its ×.
      await expect(small.getByTestId('header-sign-in')).toBeHidden();
      await small.getByTestId('site-menu-toggle').click();
      await expect(small.getByTestId('header-sign-in')).toBeVisible();
      await small.getByTestId('site-menu-close').click();
      await expect(small.getByTestId('header-sign-in')).toBeHidden();
    } finally {
      await desktop.close();
      await phone.close();
    }
  });
});

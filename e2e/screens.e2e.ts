/**
 * Screenshot tests (fr): home, category, search, product, cart and account dashboard at 390x844
 * (phone profile: isMobile, touch) and 1366x900, each compared with its committed baseline
 * e2e/screens/<page>-<width>.png. A screenshot passes when at most MAX_DIFFERING_SHARE of its
 * pixels differ (pixelmatch, anti-aliased pixels ignored, colour threshold PIXEL_THRESHOLD); a
 * failing one leaves the actual screenshot and a diff image in the temporary folder.
 *
 * What changes between runs is frozen or masked: animations and the caret are off, dates (`time`,
 * promotion end dates), cart counts, notifications, banners, news and the dashboard's figures and
 * chart (they follow today's date) are painted over; the offline-ready notice is hidden. Only the
 * first screen (the viewport) is taken, which keeps the run short and is what a visitor sees first.
 *
 * UPDATE_SCREENSHOTS=1 writes the baselines instead of comparing; a missing baseline fails. SHOTS_DIR=<folder> also saves each screenshot there (plus a full-page one),
 * and SCREENS_LOCALES=fr,nl adds other locales to that folder (only fr is compared).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { BASE_URL, hookTimeout, REFUSED_CONSENT } from './browser.ts';
import { api, apiSignIn, emptyServerCart, serverCart, signIn, VET } from './session.ts';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

const BASELINES = path.join(import.meta.dirname, 'screens');
const UPDATE = process.env.UPDATE_SCREENSHOTS === '1';
const SHOTS_DIR = process.env.SHOTS_DIR;
const LOCALES = (process.env.SCREENS_LOCALES ?? 'fr')
  .split(',')
  .filter((l) => ['fr', 'nl', 'en'].includes(l));
/** pixelmatch's colour threshold (0-1, YIQ distance) from which a pixel counts as changed. */
const PIXEL_THRESHOLD = 0.15;
/** Share of changed pixels a screenshot may have (anti-aliasing, font hinting). */
const MAX_DIFFERING_SHARE = 0.01;

const VIEWPORTS = [
  { name: '390', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: '1366', viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false },
] as const;

/** Parts of a page that change between runs (painted over in the screenshot). */
function masks(page: Page): Locator[] {
  return [
    'time',
    '[data-testid="header-cart-count"]',
    '[data-testid="header-cart-pending"]',
    '[data-testid="shell-notifications"]',
    '[data-testid="info-banner"]',
    '[data-testid="advertisement"]',
    '[data-testid="latest-news"]',
    '[data-testid="promotion-badge"]',
    '[data-testid="key-figures"]',
    '[data-testid="purchases"]',
    '[data-testid="most-ordered"]',
  ].map((s) => page.locator(s));
}

interface Target {
  name: string;
  path: (lang: string) => string;
  signedIn: boolean;
}

/** The browser of the running test: a fresh one per viewport (a long-lived one hung in full runs). */
let browser: Browser;
let targets: Target[] = [];

test.beforeAll(async () => {
  hookTimeout();
  // Stable pages of the real catalogue: the medicines root, a search, a model with several packs.
  const categories = await api<{ url_key: string; family?: string }[]>(
    null,
    'GET',
    '/catalog/categories?lang=fr',
  );
  const root = categories.body.find((c) => c.family === 'meds') ?? categories.body[0]!;
  const search = await api<{ hits: { url_key: string; variants: unknown[] }[] }>(
    null,
    'GET',
    '/catalog/search?lang=fr&per_page=100&sort=name_asc',
  );
  const product = search.body.hits.find((h) => h.variants.length >= 2) ?? search.body.hits[0]!;
  const vet = await apiSignIn(VET);
  await emptyServerCart(vet);
  const cart = await serverCart(vet);
  const first = (
    await api<{ hits: { variants: { id: number }[] }[] }>(vet, 'GET', '/catalog/search?lang=fr&q=meloxicam')
  ).body.hits[0]!;
  await api(vet, 'POST', '/carts/sync', {
    uuid: cart?.uuid ?? null,
    transactions: [{ uuid: `e2e-screens-${Date.now()}`, product_id: first.variants[0]!.id, qty: 2 }],
  });
  targets = [
    { name: 'home', path: (l) => `/${l}`, signedIn: false },
    { name: 'category', path: (l) => `/${l}/c/${root.url_key}`, signedIn: false },
    { name: 'search', path: (l) => `/${l}/search?q=meloxicam`, signedIn: false },
    { name: 'product', path: (l) => `/${l}/p/${product.url_key}`, signedIn: false },
    { name: 'cart', path: (l) => `/${l}/cart`, signedIn: true },
    { name: 'dashboard', path: (l) => `/${l}/account`, signedIn: true },
  ];
});
test.afterAll(async () => {
  hookTimeout();
  const vet = await apiSignIn(VET);
  await emptyServerCart(vet);
});

/**
 * `promise`, or undefined once `ms` passed (printed): a Chromium call that never answers (context
 * disposal hung in full runs) must not hold the run until the test's timeout.
 */
async function bounded<T>(what: string, promise: Promise<T>, ms = 15_000): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => {
      console.log(`[screens] ${what}: no answer after ${ms} ms, going on`);
      resolve(undefined);
    }, ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A context of `viewport` (consent refused, so no banner; no service worker) and its page, signed in
 * as the demo veterinary when asked.
 */
async function contextFor(
  v: (typeof VIEWPORTS)[number],
  lang: string,
  signedIn: boolean,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    locale: `${lang}-BE`,
    viewport: v.viewport,
    isMobile: v.isMobile,
    hasTouch: v.hasTouch,
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
    timezoneId: 'Europe/Brussels',
    // No service worker: the screenshots need none, and a worker busy precaching made closing its
    // context hang in full runs.
    serviceWorkers: 'block',
  });
  await context.addCookies([{ ...REFUSED_CONSENT, url: BASE_URL }]);
  // The signed-in page goes on to the screenshots: closing it right after the sign-in (while the
  // account page loads) hung in full runs.
  const page = await context.newPage();
  if (signedIn) await signIn(page);
  return { context, page };
}

/** The `src` of each picture of the page that finished loading without an image (broken). */
async function brokenPictures(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.images]
      .filter((i) => i.complete && i.naturalWidth === 0 && i.currentSrc)
      .map((i) => i.currentSrc),
  );
}

/**
 * Screenshot of the first screen of `url`, settled (network idle, fonts loaded), with the masks. A
 * picture that did not load is printed with what the server answers for it now, and the page is
 * loaded once more: one lost picture request on a busy machine is not a change of the page, while a
 * picture the shop keeps pointing at in vain still fails the comparison.
 */
async function shoot(page: Page, url: string): Promise<Buffer> {
  const started = Date.now();
  await page.goto(url, { waitUntil: 'networkidle' });
  const broken = await brokenPictures(page);
  if (broken.length > 0) {
    for (const src of broken) {
      const status = await page.request.get(src).then(
        (res) => String(res.status()),
        (error: unknown) => String(error),
      );
      console.log(
        `[screens] ${url}: picture ${src} did not load (answered ${status} now); loading the page again`,
      );
    }
    await page.reload({ waitUntil: 'networkidle' });
  }
  const loaded = Date.now();
  // The "ready to work offline" notice appears in the page flow once the service worker is active,
  // sooner or later depending on the run: left out (with the slot holding it), it would shift the
  // page by its own height. Inserted by hand: addStyleTag waits for a load event without a bound.
  await page.evaluate(() => {
    const style = document.createElement('style');
    style.textContent = '[data-testid="shell-offline-ready-slot"] { display: none !important; }';
    document.head.append(style);
  });
  // The cart page fetches the priced cart after load: wait until it no longer says it is loading.
  await page.waitForFunction(
    () => !document.querySelector('[data-testid="cart-sync-status"]')?.textContent?.startsWith('Chargement'),
    undefined,
    { timeout: 15_000 },
  );
  await page.evaluate(() =>
    Promise.race([document.fonts.ready.then(() => undefined), new Promise((r) => setTimeout(r, 5_000))]),
  );
  const png = await page.screenshot({
    animations: 'disabled',
    caret: 'hide',
    mask: masks(page),
    maskColor: '#9ca3af',
  });
  // Where the time goes, for a run that comes close to the test's timeout.
  console.log(`[screens] ${url}: loaded in ${loaded - started} ms, shot in ${Date.now() - loaded} ms`);
  return png;
}

/** Compares `png` with the baseline `name` (or writes it: UPDATE_SCREENSHOTS=1). */
function compare(name: string, png: Buffer): void {
  const file = path.join(BASELINES, `${name}.png`);
  if (UPDATE) {
    mkdirSync(BASELINES, { recursive: true });
    writeFileSync(file, png);
    return;
  }
  if (!existsSync(file))
    throw new Error(`${name}: no baseline e2e/screens/${name}.png (UPDATE_SCREENSHOTS=1 writes it)`);
  const expected = PNG.sync.read(readFileSync(file));
  const actual = PNG.sync.read(png);
  const sameSize = expected.width === actual.width && expected.height === actual.height;
  const diff = new PNG({ width: actual.width, height: actual.height });
  const differing = sameSize
    ? pixelmatch(expected.data, actual.data, diff.data, actual.width, actual.height, {
        threshold: PIXEL_THRESHOLD,
      })
    : actual.width * actual.height;
  const share = differing / (actual.width * actual.height);
  if (share > MAX_DIFFERING_SHARE) {
    const base = path.join(os.tmpdir(), `vetshop-screens-${name}`);
    writeFileSync(`${base}.actual.png`, png);
    if (sameSize) writeFileSync(`${base}.diff.png`, PNG.sync.write(diff));
    throw new Error(
      `${name}: ${(share * 100).toFixed(2)} % of the pixels differ (max ${MAX_DIFFERING_SHARE * 100} %); ` +
        `actual screenshot and diff in ${base}.*.png; UPDATE_SCREENSHOTS=1 accepts it`,
    );
  }
}

for (const v of VIEWPORTS) {
  test.describe(`screens at ${v.name} px`, () => {
    for (const lang of LOCALES) {
      // A browser of its own (launch options of playwright.config.ts), not the shared fixture.
      test(`in ${lang}`, async ({ playwright }) => {
        test.setTimeout(180_000);
        browser = await playwright.chromium.launch();
        try {
          await shootAll(v, lang);
        } finally {
          await bounded('closing the browser', browser.close());
        }
      });
    }
  });
}

/** The screenshots of every target at viewport `v` in `lang`, compared for fr. */
async function shootAll(v: (typeof VIEWPORTS)[number], lang: string): Promise<void> {
  for (const signedIn of [false, true]) {
    console.log(`[screens] ${v.name} px, ${lang}, ${signedIn ? 'signed in' : 'guest'}`);
    const { context, page } = await contextFor(v, lang, signedIn);
    for (const target of targets.filter((t) => t.signedIn === signedIn)) {
      const name = `${target.name}-${v.name}`;
      const png = await shoot(page, target.path(lang));
      if (SHOTS_DIR) {
        mkdirSync(SHOTS_DIR, { recursive: true });
        writeFileSync(path.join(SHOTS_DIR, `${name}-${lang}.png`), png);
        await page.screenshot({
          path: path.join(SHOTS_DIR, `${name}-${lang}-full.png`),
          fullPage: true,
          animations: 'disabled',
        });
      }
      if (lang === 'fr') compare(name, png);
    }
    await bounded('closing the context', context.close());
  }
}

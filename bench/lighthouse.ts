/**
 * Lighthouse audit (docs/decisions/scale-proof-figures.md): Lighthouse 12 (Node API, mobile form factor, simulated
 * throttling: its defaults) in Debian's Chromium on the home, category, product, search and account
 * pages of the production build (`next start`, built under the shared lock when stale), with the api
 * on the real catalogue and its demo accounts in a temporary PGlite folder (as scripts/e2e.mjs).
 * The account page is audited signed in: the demo veterinary's `vetshop_session` cookie is set in
 * the browser's cookie jar (through the DevTools protocol, playwright-core `connectOverCDP`) before
 * its audit and removed after it, so the page, its client api calls and the service worker's
 * fetches all carry it, as in a real signed-in browser. Lighthouse clears the origin's service
 * workers and caches before each audit, never its cookies. (An `extraHeaders` cookie only reaches
 * the page's own requests: the worker's fetches went without it, answered 401, and the audit
 * measured a page that had lost its session.)
 *
 * Prints per page the four category scores (0–100: performance, accessibility, best practices, SEO),
 * whether they meet the targets (performance ≥ 95, the others 100; on the `noindex` search and account
 * pages SEO is met when every SEO audit but `is-crawlable` passes), and the failing audits of each
 * category below its target, so the cause is named; below the performance target also the LCP's
 * phases, the main thread's time by kind of work and the four scripts that cost most (ms). Each page
 * also prints Lighthouse's benchmark index of the machine (higher is faster), so that scores taken
 * on machines of different speed are not read as the code's.
 *
 * Run: `npm run lighthouse`. Env: LIGHTHOUSE_PAGES (comma list of home,category,product,search,account),
 * LIGHTHOUSE_LOCALE (fr), LIGHTHOUSE_WEB_URL + LIGHTHOUSE_API_URL (audit servers already running
 * instead of starting them), LIGHTHOUSE_LOGIN + LIGHTHOUSE_PASSWORD (the customer of the account page,
 * default the demo veterinary), CHROME_PATH (/usr/bin/chromium).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { r1, startApi } from './lib.ts';
import { buildUnderLock, signIn, startWeb, stop } from './web.ts';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const LOCALE = process.env.LIGHTHOUSE_LOCALE ?? 'fr';
const ALL_PAGES = ['home', 'category', 'product', 'search', 'account'] as const;
type PageName = (typeof ALL_PAGES)[number];
const PAGES = (process.env.LIGHTHOUSE_PAGES?.split(',') ?? [...ALL_PAGES]) as PageName[];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** Minimum score (0–100) per category (docs/decisions/scale-proof-figures.md). */
const TARGETS: Record<(typeof CATEGORIES)[number], number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};
/**
 * Pages that are not to be indexed (`noindex` and disallowed in robots.txt on purpose: a search
 * result and a private page; docs/decisions/web-locale-seo-caching.md). Lighthouse's `is-crawlable`
 * audit fails there by design, so their SEO target is every other SEO audit passing.
 */
const NOT_INDEXABLE: readonly PageName[] = ['search', 'account'];
/** The SEO audit that a `noindex` page fails on purpose. */
const CRAWLABLE_AUDIT = 'is-crawlable';

/** Customer signed in for the account page (default: the demo veterinary of SEED_DEMO_ACCOUNTS). */
const LOGIN = process.env.LIGHTHOUSE_LOGIN ?? 'veterinary@demo.vetshop.be';
const PASSWORD = process.env.LIGHTHOUSE_PASSWORD ?? 'vetshop-demo-2026';

/** Paths of the audited pages: a real category and product from the api's sitemap. */
async function pagePaths(apiBase: string): Promise<Record<PageName, string>> {
  const res = await fetch(`${apiBase}/catalog/sitemap?lang=${LOCALE}`);
  if (!res.ok) throw new Error(`sitemap: ${res.status}`);
  const map = (await res.json()) as {
    categories: { url_keys: Record<string, string> }[];
    products: { url_keys: Record<string, string> }[];
  };
  const category = map.categories.find((c) => c.url_keys[LOCALE])?.url_keys[LOCALE] ?? '';
  const product = map.products[Math.floor(map.products.length / 2)]?.url_keys[LOCALE] ?? '';
  return {
    home: `/${LOCALE}`,
    category: `/${LOCALE}/c/${category}`,
    product: `/${LOCALE}/p/${product}`,
    search: `/${LOCALE}/search?q=vaccin`,
    account: `/${LOCALE}/account`,
  };
}

/** The `items` of an audit's details table (empty when it has none). */
function itemsOf(details: unknown): Record<string, unknown>[] {
  const items = (details as { items?: unknown } | undefined)?.items;
  return Array.isArray(items) ? (items as Record<string, unknown>[]) : [];
}

/** Selector and text snippet of the LCP element (Lighthouse 12 nests it in a list of tables). */
function lcpElement(details: unknown): string {
  for (const table of itemsOf(details))
    for (const item of itemsOf(table)) {
      const node = item.node as { selector?: string; snippet?: string } | undefined;
      if (node) return `${node.selector ?? '?'} ${String(node.snippet ?? '').slice(0, 120)}`;
    }
  return '?';
}

/**
 * Puts the session cookie `cookie` (`vetshop_session=…`) in the cookie jar of the Chromium on
 * `port` for `webBase`, or removes every cookie of the jar when `cookie` is null.
 */
async function setBrowserSession(port: number, webBase: string, cookie: string | null): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const jar = browser.contexts()[0];
    if (!jar) throw new Error('the audit browser has no default context');
    if (!cookie) return await jar.clearCookies();
    const [name = '', value = ''] = cookie.split(/=(.*)/s);
    await jar.addCookies([{ name, value, url: webBase, httpOnly: true, sameSite: 'Lax' }]);
  } finally {
    // Disconnects only: the browser and its default context stay for Lighthouse.
    await browser.close();
  }
}

async function main(): Promise<void> {
  const children: ChildProcess[] = [];
  let dataDir: string | null = null;
  let webBase = process.env.LIGHTHOUSE_WEB_URL;
  let apiBase = process.env.LIGHTHOUSE_API_URL;
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    if (!webBase || !apiBase) {
      buildUnderLock();
      dataDir = mkdtempSync(path.join(tmpdir(), 'vetshop-h4-lighthouse-'));
      const api = await startApi({
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED_DEMO_ACCOUNTS: 'true',
        AUTH_TYPE: 'credentials',
      });
      children.push(api.child);
      const web = await startWeb(api.base);
      children.push(web.child);
      apiBase = api.base;
      webBase = web.base;
    }
    const paths = await pagePaths(apiBase);
    const cookie = await signIn(apiBase, LOGIN, PASSWORD);
    // Warm the server (first renders, Next's data cache) so the audit measures a running shop.
    for (const page of PAGES)
      await fetch(webBase + paths[page], { headers: page === 'account' ? { cookie } : {} }).then((r) =>
        r.arrayBuffer(),
      );

    const lines: string[] = [];
    let allMet = true;
    for (const page of PAGES) {
      const url = webBase + paths[page];
      if (page === 'account') await setBrowserSession(chrome.port, webBase, cookie);
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      if (page === 'account') await setBrowserSession(chrome.port, webBase, null);
      if (!result) throw new Error(`no Lighthouse result for ${url}`);
      const lhr = result.lhr;
      const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
      // The audits of category `c` that fail (weighted, score below 0.9), named with their score.
      const failingAudits = (c: (typeof CATEGORIES)[number]) =>
        (lhr.categories[c]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0)
          .map((ref) => lhr.audits[ref.id])
          .filter((a) => a && a.score !== null && a.score < 0.9);
      const noindex = NOT_INDEXABLE.includes(page);
      const categoryMet = (c: (typeof CATEGORIES)[number], i: number) =>
        (scores[i] ?? 0) >= TARGETS[c] ||
        (c === 'seo' && noindex && failingAudits(c).every((a) => a?.id === CRAWLABLE_AUDIT));
      const met = CATEGORIES.every(categoryMet);
      allMet &&= met;
      const line =
        `${page.padEnd(9)} perf ${scores[0]}  a11y ${scores[1]}  best ${scores[2]}  seo ${scores[3]}  ` +
        `${met ? 'MET' : 'MISSED'}  (${paths[page]}${noindex ? ', noindex: SEO without is-crawlable' : ''})`;
      console.log(line);
      lines.push(line);
      const metrics = [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
      ]
        .map((id) => `${id} ${lhr.audits[id]?.displayValue ?? '?'}`)
        .join(', ');
      // Lighthouse's own measure of the machine's speed (higher is faster), taken before each audit:
      // scores of runs on machines of different speed are only compared with it beside them.
      console.log(
        `          ${metrics}; machine benchmark index ${Math.round(lhr.environment.benchmarkIndex)}`,
      );
      console.log(
        `          LCP element: ${lcpElement(lhr.audits['largest-contentful-paint-element']?.details)}`,
      );
      const consoleErrors = itemsOf(lhr.audits['errors-in-console']?.details).map((i) =>
        String(i.description ?? ''),
      );
      if (consoleErrors.length)
        console.log(`          console errors: ${consoleErrors.join(' | ').slice(0, 400)}`);
      // The failing audits of every category under its target, to name the cause.
      for (const [i, c] of CATEGORIES.entries()) {
        if ((scores[i] ?? 0) >= TARGETS[c]) continue;
        const failing = failingAudits(c).map(
          (a) =>
            `${a?.id} (${a?.score === null ? '-' : r1((a?.score ?? 0) * 100)}${a?.displayValue ? `: ${a.displayValue}` : ''})`,
        );
        console.log(`          ${c} below target: ${failing.join('; ') || '(no single failing audit)'}`);
      }
      // Where the main thread's time went (ms, Lighthouse's 4× CPU slowdown applied), to name
      // what blocks: by kind of work, and the scripts that cost most.
      if ((scores[0] ?? 0) < TARGETS.performance) {
        const work = itemsOf(lhr.audits['mainthread-work-breakdown']?.details)
          .map((i) => `${String(i.groupLabel ?? i.group)} ${Math.round(Number(i.duration))}`)
          .join(', ');
        const scripts = itemsOf(lhr.audits['bootup-time']?.details)
          .slice(0, 4)
          .map((i) => `${String(i.url).replace(webBase ?? '', '')} ${Math.round(Number(i.total))}`)
          .join(', ');
        // The LCP's phases (ms): time to first byte, then the render delay that follows it.
        const phases = itemsOf(lhr.audits['largest-contentful-paint-element']?.details)
          .flatMap((table) => itemsOf(table))
          .filter((i) => typeof i.phase === 'string')
          .map((i) => `${String(i.phase)} ${Math.round(Number(i.timing))}`)
          .join(', ');
        if (phases) console.log(`          LCP phases (ms): ${phases}`);
        console.log(`          main thread (ms): ${work}`);
        console.log(`          scripts (ms): ${scripts}`);
        // The longest main-thread tasks (ms, slowdown applied): at what time, and whose script.
        const longTasks = itemsOf(lhr.audits['long-tasks']?.details)
          .slice(0, 6)
          .map(
            (i) =>
              `${Math.round(Number(i.duration))} at ${Math.round(Number(i.startTime))} (${String(i.url).replace(webBase ?? '', '') || '?'})`,
          )
          .join(', ');
        if (longTasks) console.log(`          long tasks (ms): ${longTasks}`);
      }
    }
    console.log(
      `\nLighthouse ${LOCALE} mobile, targets perf ≥ 95, a11y/best/seo 100: ${allMet ? 'all MET' : 'some MISSED'}`,
    );
  } finally {
    await chrome.kill();
    for (const c of children.reverse()) await stop(c);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

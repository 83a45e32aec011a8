/**
 * A phone's main thread per page load (docs/decisions/offscreen-cards.md,
 * docs/decisions/web-page-performance.md): each page of `BENCH_PATHS` is loaded in Debian's
 * Chromium at `BENCH_CPU_SLOWDOWN`× CPU slowdown (Lighthouse's mobile default, 4), 390 × 844 CSS px
 * as a phone (touch, 3 device pixels per CSS px) or `BENCH_WIDTH` wide, from every web server of
 * `BENCH_WEB_URLS` in turn (the first one first on even rounds, last on odd ones), `BENCH_RUNS`
 * times each, with a DevTools trace of the load and the 2.5 s after it. Every load asks a fresh URL
 * (`?bench=<round>`), so none is answered from the browser's cache.
 *
 * Prints per page and web server the medians over the loads, in ms of the renderer's main thread:
 * style and layout (`UpdateLayoutTree` + `Layout`), paint (`PrePaint` + `Paint`), script
 * (`EvaluateScript` + `FunctionCall`), total blocking time (each task after the first contentful
 * paint counts its time beyond 50 ms), first contentful paint and the last LCP candidate (from the
 * navigation's start). Lighthouse's simulated score moves with the machine; these medians of the
 * observed trace compare two builds loaded in turn on the same machine.
 *
 * Run against running servers (e.g. the build before a change and this one, on one api):
 * `BENCH_WEB_URLS=http://127.0.0.1:3300,http://127.0.0.1:3301 npm run bench:phone`.
 * Env: BENCH_PATHS (comma list, default `/fr,/fr/c/medicaments,/fr/search?q=vaccin`), BENCH_RUNS
 * (10), BENCH_WIDTH (390; 800 and over is a desktop without touch, 900 px high), BENCH_CPU_SLOWDOWN
 * (4), CHROME_PATH (/usr/bin/chromium-headless-shell).
 */
import { chromium, type Browser } from 'playwright-core';
import { r1 } from './lib.ts';

const WEBS = (process.env.BENCH_WEB_URLS ?? 'http://127.0.0.1:3300').split(',').filter(Boolean);
const PATHS = (process.env.BENCH_PATHS ?? '/fr,/fr/c/medicaments,/fr/search?q=vaccin')
  .split(',')
  .filter(Boolean);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const WIDTH = Number(process.env.BENCH_WIDTH ?? 390);
const SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium-headless-shell';
const PHONE = WIDTH < 800;
/** Trace categories: the main thread's tasks and their kinds, paint timings, navigation start. */
const CATEGORIES = 'devtools.timeline,disabled-by-default-devtools.timeline,v8,loading,blink.user_timing';

/** One trace event (Chrome's trace event format; times in µs). */
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/**
 * True when `e`, an event of a DevTools trace, has the fields {@link TraceEvent} reads (the
 * protocol's own type says every value is a string, which `ts`, `dur`, `pid` and `tid` are not).
 */
function isTraceEvent(e: unknown): e is TraceEvent {
  if (typeof e !== 'object' || e === null) return false;
  const f = e as Partial<Record<keyof TraceEvent, unknown>>;
  return (
    typeof f.name === 'string' &&
    typeof f.ph === 'string' &&
    typeof f.ts === 'number' &&
    typeof f.pid === 'number' &&
    typeof f.tid === 'number' &&
    (f.dur === undefined || typeof f.dur === 'number')
  );
}

/** The figures of one load (ms). */
interface Load {
  styleLayout: number;
  paint: number;
  script: number;
  tbt: number;
  fcp: number;
  lcp: number;
}
const FIGURES: (keyof Load)[] = ['styleLayout', 'paint', 'script', 'tbt', 'fcp', 'lcp'];

/** Loads `url` once in a new context and reads its figures from the trace. */
async function load(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext({
    viewport: { width: WIDTH, height: PHONE ? 844 : 900 },
    isMobile: PHONE,
    hasTouch: PHONE,
    deviceScaleFactor: PHONE ? 3 : 1,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (e) => {
      const collected: unknown[] = e.value;
      events.push(...collected.filter(isTraceEvent));
    });
    const complete = new Promise((resolve) => cdp.on('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(2500);
    await cdp.send('Tracing.end');
    await complete;
    const main = new Set(
      events
        .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
        .map((e) => `${e.pid}:${e.tid}`),
    );
    const tasks = events.filter((e) => main.has(`${e.pid}:${e.tid}`) && e.ph === 'X' && e.dur);
    const sum = (...names: string[]) =>
      tasks.filter((e) => names.includes(e.name)).reduce((ms, e) => ms + e.dur! / 1000, 0);
    const start = events.find((e) => e.name === 'navigationStart')?.ts ?? NaN;
    const fcp = events.find((e) => e.name === 'firstContentfulPaint')?.ts ?? NaN;
    const lcp = events.filter((e) => e.name === 'largestContentfulPaint::Candidate').at(-1)?.ts ?? NaN;
    const tbt = tasks
      .filter((e) => e.name === 'RunTask' && e.ts >= fcp)
      .reduce((ms, e) => ms + Math.max(0, e.dur! / 1000 - 50), 0);
    return {
      styleLayout: sum('UpdateLayoutTree', 'Layout'),
      paint: sum('PrePaint', 'Paint'),
      script: sum('EvaluateScript', 'FunctionCall'),
      tbt,
      fcp: (fcp - start) / 1000,
      lcp: (lcp - start) / 1000,
    };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor(sorted.length / 2)]!;
};

async function main(): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH });
  try {
    console.log(
      `phone main thread: ${WIDTH} px, ${SLOWDOWN}× CPU, ${RUNS} loads per page and server, medians in ms`,
    );
    for (const path of PATHS) {
      const loads = new Map<string, Load[]>(WEBS.map((web) => [web, []]));
      for (let round = 0; round < RUNS; round++) {
        const order = round % 2 === 0 ? WEBS : [...WEBS].reverse();
        for (const web of order) {
          const url = `${web}${path}${path.includes('?') ? '&' : '?'}bench=${round}`;
          loads.get(web)!.push(await load(browser, url));
        }
      }
      for (const [web, list] of loads)
        console.log(
          `${path.padEnd(28)} ${web.padEnd(24)} ` +
            FIGURES.map((f) => `${f} ${r1(median(list.map((l) => l[f])))}`).join('  '),
        );
    }
  } finally {
    await browser.close();
  }
}

await main();

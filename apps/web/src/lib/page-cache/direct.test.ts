import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonAnswer, textAnswer, useFetchStub } from '../../test/fetch-stub';

// The renders go through the stubbed fetch (the real transport is tested in lib/api/transport.test.ts).
vi.mock('../api/transport', async () => (await import('../../test/fetch-stub')).transportThroughFetch);

import { answerFromCache, DIRECT_ANSWER } from './direct';
import { CACHE_TRIED_HEADER, cacheKey, RENDER_SECRET_HEADER } from './rules';
import {
  cachedPage,
  catalogVersion,
  isRenderSecret,
  clearPageCache,
  knownCatalogVersion,
  storedPage,
  VERSION_MEMO_MS,
} from './store';

const HTML = '<html><body><p>Metacam 1,5 mg/ml – 14,20 €</p><script>self.x=1</script></body></html>';

/** What came back: status, headers and the body decoded as its content-encoding says. */
interface Got {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let server: Server;
let origin = '';

/** GET (or `method`) `path` from the test server with `headers`, through node:http (fetch is stubbed). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const body =
          encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: body.toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** The requests the stand-in for Next received: path and the cache's "tried" mark (a valid one). */
const toNext: Array<{ path: string; tried: boolean }> = [];

describe('guest pages answered from the cache before Next', () => {
  const api = useFetchStub({
    answer: textAnswer(HTML, {
      status: 200,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        vary: 'rsc, Accept-Encoding',
        'x-content-type-options': 'nosniff',
      },
    }),
  });

  beforeAll(async () => {
    // What apps/web/server.mjs does: the direct answer first, else Next (here a 299 "next").
    const next = (req: IncomingMessage, res: ServerResponse) => {
      toNext.push({
        path: req.url ?? '',
        tried: isRenderSecret((req.headers[CACHE_TRIED_HEADER] as string | undefined) ?? null),
      });
      res.statusCode = 299;
      res.end('next');
    };
    server = createServer((req, res) => {
      const answered = answerFromCache(req, res);
      if (answered === true) return;
      if (answered === false) return next(req, res);
      void answered.then((done) => done || next(req, res));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  beforeEach(async () => {
    clearPageCache();
    toNext.length = 0;
    api.route(/\/catalog\/version$/, jsonAnswer({ version: '7' }));
    expect(await catalogVersion('http://api')).toBe('7');
    await cachedPage({
      pathname: '/fr/p/metacam',
      search: '',
      locale: 'fr',
      version: '7',
      consentStored: false,
    });
  });

  it('registers itself for the server', () => {
    expect((globalThis as Record<symbol, unknown>)[DIRECT_ANSWER]).toBe(answerFromCache);
  });

  it('sends a stored page in the encoding the browser takes, with the headers of a cache hit', async () => {
    const browser = { cookie: 'NEXT_LOCALE=fr', 'accept-encoding': 'gzip, deflate, br, zstd' };
    const page = storedPage(cacheKey('7', '/fr/p/metacam', '', false))!;
    expect(page.encoded).toBeUndefined();
    // The first answer in an encoding makes the page's copy in it, which later answers send.
    const br = await get('/fr/p/metacam', browser);
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body).toBe(HTML);
    expect(page.encoded?.br).toBeDefined();
    expect(br.headers['x-vetshop-cache']).toBe('hit');
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    const scriptSrc = /script-src ([^;]*)/.exec(String(br.headers['content-security-policy']))?.[1];
    expect(scriptSrc).toMatch(/^'self' 'sha256-[^']+'$/);
    // Accept-Encoding named once (the render's Vary had it already), no cookie set.
    expect(br.headers.vary).toBe('rsc, Accept-Encoding');
    expect(br.headers['set-cookie']).toBeUndefined();
    const copy = page.encoded!.br;
    expect((await get('/fr/p/metacam', browser)).body).toBe(HTML);
    expect(page.encoded!.br).toBe(copy);

    const gz = await get('/fr/p/metacam', { ...browser, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body).toBe(HTML);
    expect(page.encoded?.gzip).toBeDefined();
    const plain = await get('/fr/p/metacam', { cookie: 'NEXT_LOCALE=fr' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(HTML);
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(HTML));
    expect(toNext).toEqual([]);
  });

  it('renders a page not stored once, answers it (miss) and then from the store (hit)', async () => {
    const renders = () => api.calls.filter((c) => c.headers.has(RENDER_SECRET_HEADER));
    const before = renders().length;
    const browser = { cookie: 'NEXT_LOCALE=fr; vetshop_consent=session', 'accept-encoding': 'br' };
    // Two visitors at once share the render.
    const [first, second] = await Promise.all([
      get('/fr/p/other?variant=2', browser),
      get('/fr/p/other?variant=2', browser),
    ]);
    for (const got of [first, second]) {
      expect(got.status).toBe(200);
      expect(got.body).toBe(HTML);
      expect(got.headers['content-encoding']).toBe('br');
      expect(String(got.headers['content-security-policy'])).toMatch(/script-src 'self' 'sha256-/);
    }
    // Whichever came first is the render's miss; the other a miss too when it came during the
    // render, a hit when after.
    const statuses = [first, second].map((got) => String(got.headers['x-vetshop-cache'])).sort();
    expect([
      ['hit', 'miss'],
      ['miss', 'miss'],
    ]).toContainEqual(statuses);
    expect(renders().length).toBe(before + 1);
    // The render: the page and query asked, as a bare guest of that consent variant and version.
    const render = renders().at(-1)!;
    expect(render.url).toMatch(/\/fr\/p\/other\?variant=2$/);
    expect(render.headers.get('cookie')).toBe('NEXT_LOCALE=fr; vetshop_consent=session');
    expect(render.headers.get('x-vetshop-catalog-version')).toBe('7');
    const stored = storedPage(cacheKey('7', '/fr/p/other', '?variant=2', true))!;
    expect(stored.encoded?.br).toBeDefined();
    const again = await get('/fr/p/other?variant=2', browser);
    expect(again.headers['x-vetshop-cache']).toBe('hit');
    expect(renders().length).toBe(before + 1);
    expect(toNext).toEqual([]);
  });

  it('answers a 404 page of the render as rendered without keeping it, and hands a failed render to Next marked', async () => {
    api.route(
      /\/fr\/p\/gone$/,
      textAnswer('<html><body>introuvable</body></html>', {
        status: 404,
        headers: { 'content-type': 'text/html; charset=utf-8' },
      }),
    );
    const gone = await get('/fr/p/gone', { cookie: 'NEXT_LOCALE=fr', 'accept-encoding': 'gzip' });
    expect(gone.status).toBe(404);
    expect(gone.headers['x-vetshop-cache']).toBe('pass');
    expect(gone.headers['content-encoding']).toBe('gzip');
    expect(gone.body).toBe('<html><body>introuvable</body></html>');
    expect(storedPage(cacheKey('7', '/fr/p/gone', '', false))).toBeUndefined();

    api.route(/\/fr\/p\/broken$/, textAnswer('<html>error</html>', { status: 500 }));
    const broken = await get('/fr/p/broken', { cookie: 'NEXT_LOCALE=fr' });
    expect(broken.status).toBe(299);
    expect(toNext).toEqual([{ path: '/fr/p/broken', tried: true }]);
  });

  it('leaves to Next what the proxy has more to do for, or would not answer from the cache', async () => {
    const renders = api.calls.length;
    const asked: Array<[string, Record<string, string>, string?]> = [
      // Redirected by the locale routing (no prefix) or by Next (a trailing slash).
      ['/p/metacam', { cookie: 'NEXT_LOCALE=fr' }],
      ['/fr/p/metacam/', { cookie: 'NEXT_LOCALE=fr' }],
      // A signed-in browser, a router fetch, another method.
      ['/fr/p/metacam', { cookie: 'NEXT_LOCALE=fr; vetshop_session=abc' }],
      ['/fr/p/metacam', { cookie: 'NEXT_LOCALE=fr', 'sec-fetch-dest': 'empty' }],
      ['/fr/p/metacam', { cookie: 'NEXT_LOCALE=fr' }, 'HEAD'],
      // A render for the cache, or a copy of its header.
      ['/fr/p/metacam', { cookie: 'NEXT_LOCALE=fr', [RENDER_SECRET_HEADER]: 'x' }],
      // A forged "tried" mark (the real one is checked by the proxy), then not a catalogue page.
      ['/fr/p/metacam', { cookie: 'NEXT_LOCALE=fr', [CACHE_TRIED_HEADER]: 'x' }],
      ['/fr/account', { cookie: 'NEXT_LOCALE=fr' }],
    ];
    for (const [path, headers, method] of asked) {
      const got = await get(path, headers, method);
      expect(got.status, `${method ?? 'GET'} ${path} ${JSON.stringify(headers)}`).toBe(299);
    }
    expect(api.calls.length).toBe(renders);
  });

  it('sets the locale cookie as next-intl would, with the page', async () => {
    // A browser in French without the cookie: nothing to set (the language decides).
    const french = await get('/fr/p/metacam', { 'accept-language': 'fr-BE,fr;q=0.9' });
    expect(french.status).toBe(200);
    expect(french.headers['set-cookie']).toBeUndefined();
    // A Dutch browser, or a cookie of another language: the page's language is remembered.
    const asked: Record<string, string>[] = [
      { 'accept-language': 'nl-BE,nl;q=0.9' },
      { cookie: 'NEXT_LOCALE=nl' },
    ];
    for (const headers of asked) {
      const got = await get('/fr/p/metacam', headers);
      expect(got.status).toBe(200);
      expect(got.body).toBe(HTML);
      expect(String(got.headers['set-cookie'])).toMatch(/^NEXT_LOCALE=fr;.*Path=\/.*SameSite=lax/i);
    }
  });

  it('reads the catalogue version again behind its answers from half its memo on', async () => {
    const versionCalls = () => api.calls.filter((c) => c.url.endsWith('/catalog/version')).length;
    const before = versionCalls();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + VERSION_MEMO_MS / 2 + 1);
    try {
      expect((await get('/fr/p/metacam', { cookie: 'NEXT_LOCALE=fr' })).status).toBe(200);
      expect(versionCalls()).toBe(before + 1);
    } finally {
      clock.mockRestore();
    }
  });

  it('waits for the catalogue version once it is no longer fresh, and answers under the new one', async () => {
    const versionCalls = () => api.calls.filter((c) => c.url.endsWith('/catalog/version')).length;
    const before = versionCalls();
    api.route(/\/catalog\/version$/, jsonAnswer({ version: '8' }));
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + VERSION_MEMO_MS + 1);
    try {
      // A staff change moved the version: the page is rendered again for it (a miss), not the old one.
      const got = await get('/fr/p/metacam', { cookie: 'NEXT_LOCALE=fr' });
      expect(got.status).toBe(200);
      expect(got.headers['x-vetshop-cache']).toBe('miss');
      expect(versionCalls()).toBe(before + 1);
      expect(knownCatalogVersion()).toBe('8');
      expect(storedPage(cacheKey('8', '/fr/p/metacam', '', false))).toBeDefined();
    } finally {
      clock.mockRestore();
    }
  });

  it('hands the page to Next when the api gives no catalogue version', async () => {
    api.route(/\/catalog\/version$/, textAnswer('down', { status: 503 }));
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + VERSION_MEMO_MS + 1);
    try {
      expect((await get('/fr/p/metacam', { cookie: 'NEXT_LOCALE=fr' })).status).toBe(299);
      expect(toNext).toEqual([{ path: '/fr/p/metacam', tried: false }]);
    } finally {
      clock.mockRestore();
    }
  });
});

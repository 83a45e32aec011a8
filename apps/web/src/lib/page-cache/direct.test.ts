import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonAnswer, textAnswer, useFetchStub } from '../../test/fetch-stub';
import { answerStored, DIRECT_ANSWER } from './direct';
import { cacheKey, RENDER_SECRET_HEADER } from './rules';
import {
  cachedPage,
  catalogVersion,
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

describe('stored guest pages answered before Next', () => {
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
    server = createServer((req, res) => {
      if (answerStored(req, res)) return;
      res.statusCode = 299;
      res.end('next');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  beforeEach(async () => {
    clearPageCache();
    api.route(/\/catalog\/version$/, jsonAnswer({ version: '7' }));
    expect(await catalogVersion('http://api')).toBe('7');
    await cachedPage(cacheKey('7', '/fr/p/metacam', '', false), {
      pathAndQuery: '/fr/p/metacam',
      locale: 'fr',
      version: '7',
      consentStored: false,
    });
  });

  it('registers itself for the server', () => {
    expect((globalThis as Record<symbol, unknown>)[DIRECT_ANSWER]).toBe(answerStored);
  });

  it('sends a stored page in the encoding the browser takes, with the headers of a cache hit', async () => {
    const browser = { cookie: 'NEXT_LOCALE=fr', 'accept-encoding': 'gzip, deflate, br, zstd' };
    // The first ask of an encoding goes to Next (which gzips it) while the copy is made.
    expect((await get('/fr/p/metacam', browser)).status).toBe(299);
    const page = storedPage(cacheKey('7', '/fr/p/metacam', '', false))!;
    await vi.waitFor(() => expect(page.encoded?.br).toBeDefined());
    const br = await get('/fr/p/metacam', browser);
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body).toBe(HTML);
    expect(br.headers['x-vetshop-cache']).toBe('hit');
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    const scriptSrc = /script-src ([^;]*)/.exec(String(br.headers['content-security-policy']))?.[1];
    expect(scriptSrc).toMatch(/^'self' 'sha256-[^']+'$/);
    // Accept-Encoding named once (the render's Vary had it already), no cookie set.
    expect(br.headers.vary).toBe('rsc, Accept-Encoding');
    expect(br.headers['set-cookie']).toBeUndefined();

    expect((await get('/fr/p/metacam', { ...browser, 'accept-encoding': 'gzip' })).status).toBe(299);
    await vi.waitFor(() => expect(page.encoded?.gzip).toBeDefined());
    const gz = await get('/fr/p/metacam', { ...browser, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body).toBe(HTML);
    const plain = await get('/fr/p/metacam', { cookie: 'NEXT_LOCALE=fr' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(HTML);
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(HTML));
  });

  it('leaves to Next what the proxy has more to do for, or would not answer from the cache', async () => {
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
      // Not stored: another page, another query, the variant without the consent banner.
      ['/fr/p/other', { cookie: 'NEXT_LOCALE=fr' }],
      ['/fr/p/metacam?variant=2', { cookie: 'NEXT_LOCALE=fr' }],
      ['/fr/p/metacam', { cookie: 'NEXT_LOCALE=fr; vetshop_consent=session' }],
      // Not a catalogue page.
      ['/fr/account', { cookie: 'NEXT_LOCALE=fr' }],
    ];
    for (const [path, headers, method] of asked) {
      const got = await get(path, headers, method);
      expect(got.status, `${method ?? 'GET'} ${path} ${JSON.stringify(headers)}`).toBe(299);
    }
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

  it('leaves the page to Next once the catalogue version is no longer fresh, and asks it again', async () => {
    const versionCalls = () => api.calls.filter((c) => c.url.endsWith('/catalog/version')).length;
    const before = versionCalls();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + VERSION_MEMO_MS + 1);
    try {
      expect((await get('/fr/p/metacam', { cookie: 'NEXT_LOCALE=fr' })).status).toBe(299);
      expect(versionCalls()).toBe(before + 1);
      // Once read again, the page is answered here.
      await vi.waitFor(() => expect(knownCatalogVersion()).toBe('7'));
      expect((await get('/fr/p/metacam', { cookie: 'NEXT_LOCALE=fr' })).status).toBe(200);
    } finally {
      clock.mockRestore();
    }
  });
});

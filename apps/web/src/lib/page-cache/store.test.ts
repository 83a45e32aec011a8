import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The renders go through the stubbed fetch (the real transport is tested in lib/api/transport.test.ts).
vi.mock('../api/transport', async () => (await import('../../test/fetch-stub')).transportThroughFetch);

import { jsonAnswer, textAnswer, useFetchStub } from '../../test/fetch-stub';
import { CATALOG_VERSION_HEADER, RENDER_SECRET_HEADER } from './rules';
import {
  cachedPage,
  catalogVersion,
  clearPageCache,
  encodedBody,
  isRenderSecret,
  noteAsked,
  PAGE_CACHE_WARM_PAGES,
  storedPage,
} from './store';

/** A render target of `pathname` in French at version 7 (no cookie choice unless `consentStored`). */
const target = (pathname: string, consentStored = false) => ({
  pathname,
  search: '',
  locale: 'fr',
  version: '7',
  consentStored,
});

describe('guest page cache store', () => {
  const api = useFetchStub({
    answer: textAnswer('<html><body><script>self.x=1</script></body></html>', {
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'private, no-store' },
    }),
    delayMs: 5,
  });
  beforeEach(() => {
    clearPageCache();
  });

  it('renders a miss once through the server itself with the process secret, then serves hits', async () => {
    const [a, b] = await Promise.all([cachedPage(target('/fr/p/x')), cachedPage(target('/fr/p/x'))]);
    expect(api.calls).toHaveLength(1);
    expect(a?.status).toBe('miss');
    expect(b?.status).toBe('miss');
    const { url, init } = api.calls[0]!;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/fr\/p\/x$/);
    const headers = new Headers(init?.headers);
    expect(isRenderSecret(headers.get(RENDER_SECRET_HEADER))).toBe(true);
    expect(headers.get(CATALOG_VERSION_HEADER)).toBe('7');
    expect(headers.get('cookie')).toBe('NEXT_LOCALE=fr');
    const again = await cachedPage(target('/fr/p/x'));
    expect(again?.status).toBe('hit');
    expect(again?.page.scriptHashes).toHaveLength(1);
    expect(again?.page.headers).toContainEqual(['cache-control', 'private, no-store']);
    expect(api.calls).toHaveLength(1);
  });

  it('compresses a stored page in an encoding on the first ask for it, then hands that copy', async () => {
    const html = '<html><body><script>self.x=1</script></body></html>';
    const found = await cachedPage(target('/fr/p/x'));
    const page = found!.page;
    // Stored without copies: a page answered only as rendered costs no compression.
    expect(page.encoded).toBeUndefined();
    // The first asks share one job; once it is done, the copy itself is handed.
    const first = encodedBody('7 - /fr/p/x', page, 'br');
    expect(first).toBeInstanceOf(Promise);
    expect(encodedBody('7 - /fr/p/x', page, 'br')).toBe(first);
    const br = await first;
    expect(brotliDecompressSync(br!).toString('utf8')).toBe(html);
    expect(encodedBody('7 - /fr/p/x', page, 'br')).toBe(br);
    expect(page.encoded?.br).toBe(br);
    // Each encoding is made apart, when asked.
    expect(page.encoded?.gzip).toBeUndefined();
    const gz = await encodedBody('7 - /fr/p/x', page, 'gzip');
    expect(gunzipSync(gz!).toString('utf8')).toBe(html);
    expect(encodedBody('7 - /fr/p/x', page, 'gzip')).toBe(gz);
    // The same page object is still the one stored.
    expect(storedPage('7 - /fr/p/x')).toBe(page);
  });

  it('renders the consent variant with a cookie choice, so the page leaves out the consent banner', async () => {
    const page = await cachedPage(target('/fr/p/x', true));
    expect(page?.status).toBe('miss');
    expect(new Headers(api.calls[0]!.init?.headers).get('cookie')).toBe(
      'NEXT_LOCALE=fr; vetshop_consent=session',
    );
  });

  it('answers a 404 page once without storing it, and nothing for a render that sets a cookie', async () => {
    api.answer(
      textAnswer('<p>missing</p><script>self.y=2</script>', {
        status: 404,
        headers: { 'content-type': 'text/html' },
      }),
    );
    const missing = await cachedPage(target('/fr/p/none'));
    expect(missing).toMatchObject({ status: 'pass', page: { status: 404 } });
    expect(new TextDecoder().decode(missing?.page.body)).toBe('<p>missing</p><script>self.y=2</script>');
    expect(missing?.page.scriptHashes).toHaveLength(1);
    expect(missing?.page.encoded).toBeUndefined();
    // Not stored: the next visitor's render asks the server again.
    expect(await cachedPage(target('/fr/p/none'))).toMatchObject({ status: 'pass' });
    api.answer(
      textAnswer('<p/>', { status: 200, headers: { 'content-type': 'text/html', 'set-cookie': 'a=b' } }),
    );
    expect(await cachedPage(target('/fr/p/c'))).toBeNull();
    expect(await cachedPage(target('/fr/p/c'))).toBeNull();
    expect(api.calls).toHaveLength(4);
    // Asked twice each, but neither is warmed when the version moves: they would not be stored.
    noteAsked({ ...target('/fr'), version: '8' });
    await new Promise((r) => setTimeout(r, 50));
    expect(api.calls).toHaveLength(4);
  });

  it('answers a redirect within the site with its location, and nothing for a redirect elsewhere', async () => {
    api.answer(textAnswer('', { status: 308, headers: { location: '/fr/p/canonical?variant=3' } }));
    const moved = await cachedPage(target('/fr/p/old'));
    expect(moved).toMatchObject({ status: 'pass', page: { status: 308 } });
    expect(moved?.page.headers).toContainEqual(['location', '/fr/p/canonical?variant=3']);
    api.answer(textAnswer('', { status: 307, headers: { location: 'https://elsewhere.example/x' } }));
    expect(await cachedPage(target('/fr/p/away'))).toBeNull();
    expect(api.calls).toHaveLength(2);
  });

  it('after the version moves, renders again the pages asked twice or more under the version before, most asked first', async () => {
    const at = (pathname: string, version: string, search = '') => ({ ...target(pathname), version, search });
    // Under version 7: /fr asked four times (three answered directly from the stored page), a
    // category three times, a search twice, a product once.
    await cachedPage(at('/fr', '7'));
    noteAsked(at('/fr', '7'));
    noteAsked(at('/fr', '7'));
    noteAsked(at('/fr', '7'));
    await cachedPage(at('/fr/c/chiens', '7'));
    await cachedPage(at('/fr/c/chiens', '7'));
    await cachedPage(at('/fr/c/chiens', '7'));
    await cachedPage(at('/fr/search', '7', '?q=vaccin'));
    await cachedPage(at('/fr/search', '7', '?q=vaccin'));
    await cachedPage(at('/fr/p/once', '7'));
    // A late ask under an older version is not counted and starts nothing.
    noteAsked(at('/fr/p/once', '6'));
    expect(api.calls).toHaveLength(4);
    // The first ask under version 8 starts the warm-up beside its own render.
    const first = await cachedPage(at('/fr/p/other', '8'));
    expect(first?.status).toBe('miss');
    await expect.poll(() => api.calls.length).toBe(8);
    const warmed = api.calls.slice(4).map((c) => c.url.replace(/^http:\/\/[^/]+/, ''));
    expect(warmed).toContain('/fr/p/other');
    expect(warmed.filter((u) => u !== '/fr/p/other')).toEqual(['/fr', '/fr/c/chiens', '/fr/search?q=vaccin']);
    for (const call of api.calls.slice(4))
      expect(new Headers(call.init?.headers).get(CATALOG_VERSION_HEADER)).toBe('8');
    expect(storedPage('8 - /fr')).toBeDefined();
    expect((await cachedPage(at('/fr/c/chiens', '8')))?.status).toBe('hit');
    expect(storedPage('8 - /fr/p/once')).toBeUndefined();
    expect(api.calls).toHaveLength(8);
  });

  it('warms at most PAGE_CACHE_WARM_PAGES pages, and stops when the version moves again', async () => {
    for (let i = 0; i < PAGE_CACHE_WARM_PAGES + 5; i++) {
      noteAsked({ ...target(`/fr/p/${i}`), version: '7' });
      noteAsked({ ...target(`/fr/p/${i}`), version: '7' });
    }
    noteAsked({ ...target('/fr'), version: '8' });
    await expect.poll(() => api.calls.length).toBe(PAGE_CACHE_WARM_PAGES);
    // Counted under 8: two pages asked twice; the version moves to 9 while nothing of 8 is warm.
    clearPageCache();
    api.calls.length = 0;
    noteAsked({ ...target('/fr/a'), version: '8' });
    noteAsked({ ...target('/fr/a'), version: '8' });
    noteAsked({ ...target('/fr/b'), version: '8' });
    noteAsked({ ...target('/fr/b'), version: '8' });
    noteAsked({ ...target('/fr'), version: '9' });
    noteAsked({ ...target('/fr'), version: '10' });
    await expect.poll(() => api.calls.length).toBe(1);
    await new Promise((r) => setTimeout(r, 50));
    // The warm-up of 9 rendered its first page, then saw version 10 and stopped.
    expect(api.calls).toHaveLength(1);
    expect(new Headers(api.calls[0]!.init?.headers).get(CATALOG_VERSION_HEADER)).toBe('9');
  });

  it('refuses every other secret', () => {
    expect(isRenderSecret(null)).toBe(false);
    expect(isRenderSecret('')).toBe(false);
    expect(isRenderSecret('x'.repeat(43))).toBe(false);
  });

  it('asks the catalogue version at most once a second, and null when the api fails', async () => {
    api.answer(jsonAnswer({ version: '42' }));
    const t = Date.now();
    expect(await Promise.all([catalogVersion('http://api', t), catalogVersion('http://api', t)])).toEqual([
      '42',
      '42',
    ]);
    expect(await catalogVersion('http://api', Date.now() + 500)).toBe('42');
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]!.url).toBe('http://api/catalog/version');
    api.answer(textAnswer('{"status":503}', { status: 503 }));
    expect(await catalogVersion('http://api', Date.now() + 1500)).toBeNull();
    expect(api.calls).toHaveLength(2);
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  cacheability,
  cacheKey,
  catalogueLocale,
  inlineScriptHashes,
  isPassable,
  isStorable,
  pageEncoding,
  type RequestFacts,
} from './rules';

function req(over: Partial<RequestFacts> & { headers?: Record<string, string> } = {}): RequestFacts {
  const h = over.headers ?? {};
  return {
    method: 'GET',
    pathname: '/fr/p/metacam',
    search: '',
    cookieNames: [],
    ...over,
    header: (name) => h[name] ?? null,
  };
}

const sha = (s: string) => `sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}`;
const utf8 = (s: string) => new TextEncoder().encode(s);

describe('guest page cache: which requests', () => {
  it('knows the catalogue pages of the three locales and nothing else', () => {
    expect(catalogueLocale('/fr')).toBe('fr');
    expect(catalogueLocale('/nl/c/honden/vlooien')).toBe('nl');
    expect(catalogueLocale('/en/p/metacam-15-ml')).toBe('en');
    expect(catalogueLocale('/en/search')).toBe('en');
    for (const p of [
      '/',
      '/de',
      '/fr/',
      '/fr/cart',
      '/fr/account/login',
      '/fr/c',
      '/fr/p/',
      // A trailing slash: Next redirects it before its proxy, so the direct answer leaves it too.
      '/fr/p/metacam/',
      '/nl/c/honden/',
      '/fr/promotions',
      '/fr/searchx',
    ])
      expect(catalogueLocale(p), p).toBeNull();
  });

  it('caches a guest GET document request; a personal cookie bypasses; other requests are left alone', () => {
    expect(cacheability(req())).toBe('cacheable');
    expect(
      cacheability(
        req({ headers: { accept: 'text/html,application/xhtml+xml', 'sec-fetch-dest': 'document' } }),
      ),
    ).toBe('cacheable');
    expect(cacheability(req({ cookieNames: ['NEXT_LOCALE', 'vetshop_consent'] }))).toBe('cacheable');
    expect(cacheability(req({ cookieNames: ['NEXT_LOCALE', 'vetshop_session'] }))).toBe('personal');
    expect(cacheability(req({ cookieNames: ['vetshop_oidc'] }))).toBe('personal');
    expect(cacheability(req({ method: 'POST' }))).toBe('other');
    expect(cacheability(req({ method: 'HEAD' }))).toBe('other');
    expect(cacheability(req({ headers: { rsc: '1' } }))).toBe('other');
    expect(cacheability(req({ headers: { 'next-router-prefetch': '1' } }))).toBe('other');
    expect(cacheability(req({ headers: { 'next-action': 'abc' } }))).toBe('other');
    expect(cacheability(req({ search: '?_rsc=x1y2' }))).toBe('other');
    expect(cacheability(req({ headers: { accept: 'application/json' } }))).toBe('other');
    expect(cacheability(req({ headers: { 'sec-fetch-dest': 'iframe' } }))).toBe('other');
    // The client router's RSC fetches reach the proxy without their RSC headers (Next strips them):
    // a browser fetch (sec-fetch-dest: empty) must never get a cached document.
    expect(cacheability(req({ headers: { 'sec-fetch-dest': 'empty', accept: '*/*' } }))).toBe('other');
    expect(cacheability(req({ pathname: '/fr/cart' }))).toBe('other');
  });

  it('keys by version, consent variant, path and query', () => {
    const k = cacheKey('7', '/fr/search', '?q=amox', false);
    expect(k).not.toBe(cacheKey('8', '/fr/search', '?q=amox', false));
    expect(k).not.toBe(cacheKey('7', '/nl/search', '?q=amox', false));
    expect(k).not.toBe(cacheKey('7', '/fr/search', '?q=amox&page=2', false));
    expect(k).not.toBe(cacheKey('7', '/fr/search', '?q=amox', true));
    expect(k).toBe(cacheKey('7', '/fr/search', '?q=amox', false));
  });
});

describe('guest page cache: which answers', () => {
  it('stores only a 200 HTML answer that sets no cookie and is not a signed-in render', () => {
    const html = { 'content-type': 'text/html; charset=utf-8' };
    expect(isStorable(200, new Headers(html))).toBe(true);
    expect(isStorable(404, new Headers(html))).toBe(false);
    expect(isStorable(307, new Headers({ ...html, location: '/fr' }))).toBe(false);
    expect(isStorable(200, new Headers({ 'content-type': 'text/x-component' }))).toBe(false);
    expect(isStorable(200, new Headers({ ...html, 'set-cookie': 'a=b' }))).toBe(false);
    expect(isStorable(200, new Headers({ ...html, 'x-vetshop-private': '1' }))).toBe(false);
  });

  it('passes on a 404 page and a redirect within the site, nothing else that is not stored', () => {
    const html = { 'content-type': 'text/html; charset=utf-8' };
    expect(isPassable(404, new Headers(html))).toBe(true);
    expect(isPassable(404, new Headers({ 'content-type': 'text/x-component' }))).toBe(false);
    expect(isPassable(404, new Headers({ ...html, 'set-cookie': 'a=b' }))).toBe(false);
    expect(isPassable(404, new Headers({ ...html, 'x-vetshop-private': '1' }))).toBe(false);
    expect(isPassable(500, new Headers(html))).toBe(false);
    expect(isPassable(503, new Headers(html))).toBe(false);
    for (const status of [301, 302, 303, 307, 308])
      expect(isPassable(status, new Headers({ location: '/nl/p/x?variant=2' }))).toBe(true);
    expect(isPassable(308, new Headers())).toBe(false);
    expect(isPassable(308, new Headers({ location: 'https://elsewhere.example/' }))).toBe(false);
    expect(isPassable(308, new Headers({ location: '//elsewhere.example/' }))).toBe(false);
    expect(isPassable(308, new Headers({ location: '/\\elsewhere.example/' }))).toBe(false);
    expect(isPassable(308, new Headers({ location: '/fr', 'set-cookie': 'a=b' }))).toBe(false);
  });

  it('hashes the inline scripts, not external scripts nor JSON-LD data blocks', () => {
    const a = 'self.__next_f.push([1,"a"])';
    const b = '(self.__next_f=self.__next_f||[]).push([0])';
    const html =
      `<html><head><script src="/_next/static/chunks/x.js" async=""></script>` +
      `<script type="application/ld+json">{"@type":"Product"}</script></head>` +
      `<body><script>${b}</script><script id="x" type='text/javascript'>${a}</script><script>${a}</script>` +
      `<script type="module">import('/a.js')</script></body></html>`;
    expect(inlineScriptHashes(utf8(html))).toEqual([sha(b), sha(a), sha(`import('/a.js')`)]);
    expect(inlineScriptHashes(utf8('<p>no script</p>'))).toEqual([]);
  });

  it('hashes the UTF-8 bytes of a script, as browsers do, without decoding the page', () => {
    // "à" is C3 A0 and A0 is a no-break space when read byte by byte: it must not end a tag.
    const text = 'self.__next_f.push([1,"7,64 € — à Liège"])';
    const page = utf8(`<p>Prix : 7,64 €</p><script>${text}</script><script>"à"</script>`);
    expect(inlineScriptHashes(page)).toEqual([sha(text), sha('"à"')]);
    // A view into a larger buffer reads only its own bytes.
    const padded = new Uint8Array(page.length + 8);
    padded.set(page, 4);
    expect(inlineScriptHashes(padded.subarray(4, 4 + page.length))).toEqual([sha(text), sha('"à"')]);
    // Tags are parsed with HTML's ASCII whitespace: a no-break space is not a separator.
    expect(inlineScriptHashes(utf8('<script type="module\u00a0">x()</script>'))).toEqual([]);
    expect(inlineScriptHashes(utf8('<scripts>x()</scripts>'))).toEqual([]);
    expect(inlineScriptHashes(utf8('<SCRIPT\n>x()</script\n>'))).toEqual([sha('x()')]);
  });

  it('finds the scripts a browser would run, whatever the tags around them', () => {
    // A closing tag is `</script`, HTML whitespace, then `>`; anything else is script text.
    expect(inlineScriptHashes(utf8('<ScRiPt>a</scripts></script><script/>b</SCRIPT\t \n>'))).toEqual([
      sha('a</scripts>'),
      sha('b'),
    ]);
    // An opening tag inside a script's text opens nothing; the first closing tag ends the script.
    expect(inlineScriptHashes(utf8('<script>"<script>"</script>x</script>'))).toEqual([sha('"<script>"')]);
    // A script never closed, or a tag never ended, runs nothing that could be hashed.
    expect(inlineScriptHashes(utf8('<script>a</script><script>b'))).toEqual([sha('a')]);
    expect(inlineScriptHashes(utf8('<script>a</script><script type="module"'))).toEqual([sha('a')]);
    expect(inlineScriptHashes(utf8('<script>a</script <script>b</script>'))).toEqual([
      sha('a</script <script>b'),
    ]);
    // `src` and `type` are attributes, not words of another attribute's value or name.
    expect(inlineScriptHashes(utf8('<script data-src="x" data-type="json">c</script>'))).toEqual([sha('c')]);
    expect(inlineScriptHashes(utf8('<script\tsrc=/a.js></script>'))).toEqual([]);
    expect(inlineScriptHashes(utf8('<script type=" Module ">d</script>'))).toEqual([sha('d')]);
    expect(inlineScriptHashes(utf8('<script type=text/plain>e</script>'))).toEqual([]);
    // Stray `<` and `>` before, between and after scripts.
    expect(inlineScriptHashes(utf8('<<script>>f</script>< <script>g</script><'))).toEqual([
      sha('>f'),
      sha('g'),
    ]);
  });
});

describe('guest page cache: which encoding a stored page is sent in', () => {
  it('sends brotli to browsers, which take brotli and gzip alike', () => {
    expect(pageEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pageEncoding('gzip, deflate, br')).toBe('br');
    expect(pageEncoding('*')).toBe('br');
  });
  it("follows the client's q-values and refusals", () => {
    expect(pageEncoding('gzip')).toBe('gzip');
    expect(pageEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(pageEncoding('br;q=0, gzip;q=0.1')).toBe('gzip');
    expect(pageEncoding('gzip;q=0, br;q=0')).toBeNull();
  });
  it('sends the page as rendered without the header, for identity or unknown encodings', () => {
    expect(pageEncoding(null)).toBeNull();
    expect(pageEncoding('')).toBeNull();
    expect(pageEncoding('identity')).toBeNull();
    expect(pageEncoding('deflate')).toBeNull();
  });
});

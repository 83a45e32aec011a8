import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerStaticCopy, readCopy, STATIC_COPY_ANSWER, staticFileOf } from './static-copies';

const SCRIPT = `self.chunk=${JSON.stringify('Metacam 1,5 mg/ml – '.repeat(200))};`;
const STYLE = '.facet-value{display:flex}'.repeat(100);

let dir = '';
let server: Server;
let origin = '';

/** What came back: status, headers and the raw body. */
interface Got {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  raw: Buffer;
}

/** GET `url` from the test server with `headers` (node:http: no decoding, no default encodings). */
function get(url: string, headers: Record<string, string> = {}): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}${url}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

describe("the build's scripts and styles from their brotli copies", () => {
  beforeAll(async () => {
    // The copies as scripts/precompress-static.mjs writes them (a font never gets one).
    dir = mkdtempSync(path.join(tmpdir(), 'static-copies-'));
    mkdirSync(path.join(dir, 'chunks'));
    writeFileSync(path.join(dir, 'chunks', 'a1.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(path.join(dir, 'chunks', 'b2.css.br'), brotliCompressSync(STYLE));
    // What apps/web/server.mjs does: the kept copy first, else Next (here a 299 "next").
    server = createServer((req, res) => {
      if (answerStaticCopy(req, res, dir)) return;
      res.statusCode = 299;
      res.end('next');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((r) => server.close(r));
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the first ask to Next, then the copy in brotli with the headers Next gives the file', async () => {
    expect((await get('/_next/static/chunks/a1.js', BROWSER)).status).toBe(299);
    await readCopy('chunks/a1.js', path.join(dir, 'chunks', 'a1.js.br'));
    const got = await get('/_next/static/chunks/a1.js', BROWSER);
    expect(got.status).toBe(200);
    expect(brotliDecompressSync(got.raw).toString('utf8')).toBe(SCRIPT);
    expect(got.headers['content-encoding']).toBe('br');
    expect(got.headers['content-type']).toBe('application/javascript; charset=UTF-8');
    expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(got.headers.vary).toBe('Accept-Encoding');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['x-frame-options']).toBe('DENY');
    expect(Number(got.headers['content-length'])).toBe(got.raw.byteLength);
    expect(got.raw.byteLength).toBeLessThan(SCRIPT.length / 10);
  });

  it('leaves to Next a browser without brotli, a range, a HEAD, other files and unknown names', async () => {
    await readCopy('chunks/b2.css', path.join(dir, 'chunks', 'b2.css.br'));
    expect((await get('/_next/static/chunks/b2.css', BROWSER)).headers['content-type']).toBe(
      'text/css; charset=UTF-8',
    );
    expect((await get('/_next/static/chunks/b2.css', { 'accept-encoding': 'gzip, deflate' })).status).toBe(
      299,
    );
    expect((await get('/_next/static/chunks/b2.css', { 'accept-encoding': 'br;q=0, gzip' })).status).toBe(
      299,
    );
    expect((await get('/_next/static/chunks/b2.css', { ...BROWSER, range: 'bytes=0-9' })).status).toBe(299);
    expect((await get('/_next/static/chunks/font.woff2', BROWSER)).status).toBe(299);
    expect((await get('/_next/static/chunks/b2.css?v=1', BROWSER)).status).toBe(299);
    // A file without a copy (an unknown name, a build made without copies) is tried once.
    await readCopy('chunks/none.js', path.join(dir, 'chunks', 'none.js.br'));
    expect((await get('/_next/static/chunks/none.js', BROWSER)).status).toBe(299);
    const head = await new Promise<number>((resolve) => {
      const req = httpRequest(
        `${origin}/_next/static/chunks/b2.css`,
        { method: 'HEAD', headers: BROWSER },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.end();
    });
    expect(head).toBe(299);
  });

  it('never names a file outside the static folder', () => {
    expect(staticFileOf('/_next/static/chunks/a1.js', dir)?.file).toBe(path.join(dir, 'chunks', 'a1.js.br'));
    for (const url of [
      '/_next/static/../server/app.js',
      '/_next/static/chunks/%2e%2e/x.js',
      '/_next/static//etc/x.js',
      '/_next/static/chunks/./a1.js',
      '/_next/image/a1.js',
    ])
      expect(staticFileOf(url, dir), url).toBeNull();
  });

  it('registers itself for apps/web/server.mjs', () => {
    expect((globalThis as Record<symbol, unknown>)[STATIC_COPY_ANSWER]).toBe(answerStaticCopy);
  });
});

/**
 * The build's scripts and styles (`/_next/static/…`, immutable) in brotli at its best quality,
 * compressed once per web process and then sent from memory (docs/decisions/answer-compression.md,
 * "Static files compressed once"). Next would compress the same file again for every browser that
 * asks for it (apps/web/server.mjs compresses what Next sends at a quality cheap enough to run per
 * request); a browser's first visit asks for a dozen of them.
 *
 * `answerStaticCopy` is registered under {@link STATIC_COPY_ANSWER} on `globalThis` when the proxy
 * loads this module; apps/web/server.mjs offers it every request first. It answers only a GET of a
 * `.js` or `.css` file of the build, without a range, from a browser that takes brotli, once the
 * copy is made; the first such request starts making it (read from `.next/static`, compressed in
 * libuv's thread pool) and goes to Next as before, as does every other request. The answer has the
 * headers Next gives these files: type, a year of `immutable` caching, `Vary: Accept-Encoding` and
 * the site's security headers (lib/shell/csp.ts `SECURITY_HEADERS`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { pageEncoding } from './page-cache/rules';
import { SECURITY_HEADERS } from './shell/csp';

/** `globalThis` key of {@link answerStaticCopy} (a registered symbol: apps/web/server.mjs reads it). */
export const STATIC_COPY_ANSWER = Symbol.for('vetshop.static-copies.answer');

/** Url prefix of the build's immutable files (Next serves `.next/static` under it). */
export const STATIC_PREFIX = '/_next/static/';

/**
 * Brotli quality of the kept copies. All the build's scripts and styles (87 files, 2.5 MB): 748 kB
 * at quality 5 (what server.mjs uses per request, 92 ms of CPU), 698 kB at 10 (1.3 s, once per
 * process), 685 kB at 11 (3.4 s): 10 has most of the gain for less than half the CPU.
 */
export const STATIC_COPY_BROTLI_QUALITY = 10;

/** Bytes of copies a web process keeps at most (the build's scripts and styles take about 1 MB). */
const MAX_KEPT_BYTES = 32 * 1024 * 1024;

/** Content types by extension: the two kinds of file kept (others go to Next). */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'application/javascript; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
};

/** Cache-Control of the build's files, as Next sends it. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const brotliAsync = promisify(brotliCompress);

/** Kept copies by file (path under `.next/static`). */
const copies = new LRUCache<string, Uint8Array>({
  maxSize: MAX_KEPT_BYTES,
  sizeCalculation: (body) => body.byteLength,
});
/** Files being compressed or waiting for it (the job), and files that could not be read (an unknown name: not tried again). */
const making = new Map<string, Promise<void>>();
/**
 * The jobs run one after another: a first visit asks for a dozen files at once, and compressing
 * them all together would fill libuv's thread pool (which also compresses the pages being sent)
 * and both cores for a second or more; one at a time leaves a core and the pool to the pages.
 */
let queue: Promise<void> = Promise.resolve();
const unreadable = new LRUCache<string, true>({ max: 1000 });

/**
 * The file of `url` under `staticDir` (`.next/static`) and its content type, or null when this
 * module does not answer it: not under {@link STATIC_PREFIX}, a query, an escaped or parent
 * segment, another extension.
 */
export function staticFileOf(
  url: string,
  staticDir: string,
): { file: string; rel: string; type: string } | null {
  if (!url.startsWith(STATIC_PREFIX)) return null;
  const rel = url.slice(STATIC_PREFIX.length);
  if (!/^[\w.-]+(\/[\w.-]+)*$/.test(rel) || rel.split('/').some((s) => s === '..' || s === '.')) return null;
  const type = CONTENT_TYPES[path.extname(rel)];
  if (!type) return null;
  return { file: path.join(staticDir, rel), rel, type };
}

/**
 * Answers `req` with the kept brotli copy of a build file and gives true; else gives false
 * without touching `res` and, for a file this module answers whose copy is not made yet, starts
 * making it. `staticDir` is the build's `.next/static` folder.
 */
export function answerStaticCopy(req: IncomingMessage, res: ServerResponse, staticDir: string): boolean {
  if (req.method !== 'GET' || !req.url || req.headers.range !== undefined) return false;
  const target = staticFileOf(req.url, staticDir);
  if (!target) return false;
  const accepted = req.headers['accept-encoding'];
  if (pageEncoding(Array.isArray(accepted) ? accepted.join(', ') : (accepted ?? null)) !== 'br') return false;
  const body = copies.get(target.rel);
  if (!body) {
    void makeCopy(target.rel, target.file);
    return false;
  }
  res.statusCode = 200;
  for (const { key, value } of SECURITY_HEADERS) res.setHeader(key, value);
  res.setHeader('cache-control', IMMUTABLE);
  res.setHeader('content-type', target.type);
  res.setHeader('vary', 'Accept-Encoding');
  res.setHeader('content-encoding', 'br');
  res.setHeader('content-length', body.byteLength);
  res.end(body);
  return true;
}

/**
 * Compresses `file` at {@link STATIC_COPY_BROTLI_QUALITY} and keeps it under `rel`, once, after the
 * jobs before it (see `queue`): a second ask meanwhile shares that job; a file kept, or proved
 * unreadable, is not read again. Resolves when done (tests wait for it); never rejects.
 */
export function makeCopy(rel: string, file: string): Promise<void> {
  const running = making.get(rel);
  if (running) return running;
  if (copies.has(rel) || unreadable.has(rel)) return Promise.resolve();
  const job = queue.then(async () => {
    try {
      const raw = await readFile(file);
      const body = await brotliAsync(raw, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: STATIC_COPY_BROTLI_QUALITY,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        },
      });
      copies.set(rel, new Uint8Array(body.buffer, body.byteOffset, body.byteLength));
    } catch {
      unreadable.set(rel, true);
    } finally {
      making.delete(rel);
    }
  });
  queue = job;
  making.set(rel, job);
  return job;
}

(globalThis as Record<symbol, unknown>)[STATIC_COPY_ANSWER] = answerStaticCopy;

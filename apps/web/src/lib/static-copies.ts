/**
 * The build's scripts and styles (`/_next/static/…`, immutable) sent from their brotli copies made
 * once per build at brotli's best quality (scripts/precompress-static.mjs, after `next build`),
 * kept in memory once read (docs/decisions/answer-compression.md, "Static files compressed once").
 * Without them Next sends these files and apps/web/server.mjs compresses them again for every
 * browser that asks, at a quality cheap enough to run per request; a first visit asks for a dozen.
 *
 * `answerStaticCopy` is registered under {@link STATIC_COPY_ANSWER} on `globalThis` when the proxy
 * loads this module; apps/web/server.mjs offers it every request first. It answers only a GET of a
 * `.js` or `.css` file of the build, without a range, from a browser that takes brotli, once its
 * copy is read; the first such request starts reading it and goes to Next as before, as does every
 * other request (and every request for a file without a copy: a build made without the script).
 * The answer has the headers Next gives these files: type, a year of `immutable` caching,
 * `Vary: Accept-Encoding` and the site's security headers (lib/shell/csp.ts `SECURITY_HEADERS`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { pageEncoding } from './page-cache/rules';
import { SECURITY_HEADERS } from './shell/csp';

/** `globalThis` key of {@link answerStaticCopy} (a registered symbol: apps/web/server.mjs reads it). */
export const STATIC_COPY_ANSWER = Symbol.for('vetshop.static-copies.answer');

/** Url prefix of the build's immutable files (Next serves `.next/static` under it). */
export const STATIC_PREFIX = '/_next/static/';

/** Bytes of copies a web process keeps at most (the build's scripts and styles take about 0.7 MB). */
const MAX_KEPT_BYTES = 32 * 1024 * 1024;

/** Content types by extension: the two kinds of file copied (others go to Next). */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'application/javascript; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
};

/** Cache-Control of the build's files, as Next sends it. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Copies read, by file (path under `.next/static`). */
const copies = new LRUCache<string, Uint8Array>({
  maxSize: MAX_KEPT_BYTES,
  sizeCalculation: (body) => body.byteLength,
});
/** Copies being read (the job), and files without a copy (an unknown name: not tried again). */
const reading = new Map<string, Promise<void>>();
const missing = new LRUCache<string, true>({ max: 1000 });

/**
 * The copy of `url` under `copiesDir` (`.next/vetshop-static-br`, the file's path with `.br`) and
 * its content type, or null when this module does not answer it: not under {@link STATIC_PREFIX},
 * a query, an escaped or parent segment, another extension.
 */
export function staticFileOf(
  url: string,
  copiesDir: string,
): { file: string; rel: string; type: string } | null {
  if (!url.startsWith(STATIC_PREFIX)) return null;
  const rel = url.slice(STATIC_PREFIX.length);
  if (!/^[\w.-]+(\/[\w.-]+)*$/.test(rel) || rel.split('/').some((s) => s === '..' || s === '.')) return null;
  const type = CONTENT_TYPES[path.extname(rel)];
  if (!type) return null;
  return { file: path.join(copiesDir, `${rel}.br`), rel, type };
}

/**
 * Answers `req` with the brotli copy of a build file and gives true; else gives false without
 * touching `res` and, for a file this module answers whose copy is not read yet, starts reading
 * it. `copiesDir` is the build's `.next/vetshop-static-br` folder.
 */
export function answerStaticCopy(req: IncomingMessage, res: ServerResponse, copiesDir: string): boolean {
  if (req.method !== 'GET' || !req.url || req.headers.range !== undefined) return false;
  const target = staticFileOf(req.url, copiesDir);
  if (!target) return false;
  const accepted = req.headers['accept-encoding'];
  if (pageEncoding(Array.isArray(accepted) ? accepted.join(', ') : (accepted ?? null)) !== 'br') return false;
  const body = copies.get(target.rel);
  if (!body) {
    void readCopy(target.rel, target.file);
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
 * Reads the copy `file` and keeps it under `rel`, once: a second ask meanwhile shares that read;
 * a copy kept, or found missing, is not read again. Resolves when done (tests wait for it); never
 * rejects.
 */
export function readCopy(rel: string, file: string): Promise<void> {
  const running = reading.get(rel);
  if (running) return running;
  if (copies.has(rel) || missing.has(rel)) return Promise.resolve();
  const job = readFile(file).then(
    (body) => void copies.set(rel, new Uint8Array(body.buffer, body.byteOffset, body.byteLength)),
    () => void missing.set(rel, true),
  );
  const done = job.finally(() => reading.delete(rel));
  reading.set(rel, done);
  return done;
}

(globalThis as Record<symbol, unknown>)[STATIC_COPY_ANSWER] = answerStaticCopy;

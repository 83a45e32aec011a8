/**
 * Production web server: Next's request handler behind a Node HTTP server that first offers each
 * request to the brotli copies of the build's scripts and styles (src/lib/static-copies.ts,
 * docs/decisions/answer-compression.md "Static files compressed once"), then to the guest page
 * cache's direct answer (src/lib/page-cache/direct.ts): a guest
 * catalogue page is sent from the cache (rendered into it on a miss) in its brotli or gzip copy
 * without going through Next, which would compress the same page again on every answer and spend
 * its routing and proxy on it (docs/decisions/guest-page-cache.md "Stored compressed, answered
 * before Next", "First renders answered before Next"). Every other request, and every request
 * before the proxy has loaded, goes to Next, whose answer this server compresses (brotli or gzip,
 * docs/decisions/answer-compression.md).
 *
 * Run from apps/web after `next build`, as `next start` was:
 * `node server.mjs [-p|--port 3000] [-H|--hostname 0.0.0.0]` (scripts/lib.mjs `startWeb`,
 * bench/web.ts `startWeb`). PORT is set for the page cache's own renders (loopback to this port).
 * SIGINT and SIGTERM close the server and exit.
 */
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { constants as zlibConstants } from 'node:zlib';
import compression from 'compression';

/** The direct answer registered by src/lib/page-cache/direct.ts (`DIRECT_ANSWER`). */
const DIRECT_ANSWER = Symbol.for('vetshop.page-cache.direct-answer');
/** The kept copies' answer registered by src/lib/static-copies.ts (`STATIC_COPY_ANSWER`). */
const STATIC_COPY_ANSWER = Symbol.for('vetshop.static-copies.answer');

const { values } = parseArgs({
  options: {
    port: { type: 'string', short: 'p' },
    hostname: { type: 'string', short: 'H' },
  },
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname;
process.env.PORT = String(port);
process.env.NODE_ENV = 'production';

// Imported once NODE_ENV is set, as `next start` does.
const { default: next } = await import('next');
const dir = path.dirname(fileURLToPath(import.meta.url));
/**
 * The brotli copies of the build's scripts and styles: `STATIC_BR_DIR` of
 * scripts/precompress-static.mjs, written here rather than imported so that a copy of apps/web
 * alone (the benches' builds side by side) still starts.
 */
const staticCopiesDir = path.join(dir, '.next', 'vetshop-static-br');
const app = next({
  dev: false,
  dir,
  hostname: hostname ?? 'localhost',
  port,
});
const handle = app.getRequestHandler();
await app.prepare();

/**
 * Brotli quality of what Next renders per request (pages for signed-in users, the api proxy's
 * answers): 3 costs about half the CPU of Next's own gzip (level 6) on a page streamed in flushed
 * chunks, for about a tenth fewer bytes (docs/decisions/answer-compression.md).
 */
const RENDERED_BROTLI_QUALITY = 3;
/**
 * Brotli quality of the build's files under /_next/static/ (scripts, styles; the same bytes for
 * everybody, kept a year by the browser): 5 costs what gzip did, for 5 % fewer bytes of script.
 */
const STATIC_BROTLI_QUALITY = 5;
/**
 * Prefix of the build's immutable files (`STATIC_PREFIX` of src/lib/static-copies.ts, which this
 * plain module cannot import; those files go to Next, hence here, only until their copy is read).
 */
const STATIC_PREFIX = '/_next/static/';

/**
 * A `compression` middleware (brotli when the browser takes it, else gzip at zlib's default level,
 * each flushed chunk sent at once as Next streams a page; an answer already encoded, under 1 kB or
 * not text is sent as it is) at brotli quality `quality`.
 */
const compressAt = (quality) =>
  compression({ brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: quality } } });
const compressRendered = compressAt(RENDERED_BROTLI_QUALITY);
const compressStatic = compressAt(STATIC_BROTLI_QUALITY);

/**
 * Compresses what Next answers (its own compression, gzip only, is off in next.config.ts): the
 * build's static files at {@link STATIC_BROTLI_QUALITY}, everything else at
 * {@link RENDERED_BROTLI_QUALITY}.
 */
function compress(req, res, then) {
  (req.url?.startsWith(STATIC_PREFIX) ? compressStatic : compressRendered)(req, res, then);
}

/** Next answers `req` unless the direct answer did (`answered`), or failed after it began to. */
function settle(req, res, answered, error) {
  if (answered) return;
  if (error) {
    // Never seen; the request then goes to Next, which answers it from the cache or renders it.
    console.error('[page-cache] direct answer failed', error);
    if (res.headersSent) return void res.destroy();
  }
  compress(req, res, () => void handle(req, res));
}

const server = createServer((req, res) => {
  const answerStaticCopy = globalThis[STATIC_COPY_ANSWER];
  if (typeof answerStaticCopy === 'function' && answerStaticCopy(req, res, staticCopiesDir)) return;
  const answerFromCache = globalThis[DIRECT_ANSWER];
  if (typeof answerFromCache !== 'function') return void settle(req, res, false);
  let answered;
  try {
    answered = answerFromCache(req, res);
  } catch (error) {
    return settle(req, res, false, error);
  }
  if (answered instanceof Promise)
    answered.then(
      (done) => settle(req, res, done),
      (error) => settle(req, res, false, error),
    );
  else settle(req, res, answered);
});
server.listen(port, hostname, () => {
  console.log(`✓ Ready on http://${hostname ?? 'localhost'}:${port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close();
    process.exit(0);
  });
}

/**
 * Production web server: Next's request handler behind a Node HTTP server that first offers each
 * request to the guest page cache's direct answer (src/lib/page-cache/direct.ts): a guest
 * catalogue page is sent from the cache (rendered into it on a miss) in its brotli or gzip copy
 * without going through Next, which would compress the same page again on every answer and spend
 * its routing and proxy on it (docs/decisions/guest-page-cache.md "Stored compressed, answered
 * before Next", "First renders answered before Next"). Every other request, and every request
 * before the proxy has loaded, goes to Next unchanged.
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

/** The direct answer registered by src/lib/page-cache/direct.ts (`DIRECT_ANSWER`). */
const DIRECT_ANSWER = Symbol.for('vetshop.page-cache.direct-answer');

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
const app = next({
  dev: false,
  dir: path.dirname(fileURLToPath(import.meta.url)),
  hostname: hostname ?? 'localhost',
  port,
});
const handle = app.getRequestHandler();
await app.prepare();

/** Next answers `req` unless the direct answer did (`answered`), or failed after it began to. */
function settle(req, res, answered, error) {
  if (answered) return;
  if (error) {
    // Never seen; the request then goes to Next, which answers it from the cache or renders it.
    console.error('[page-cache] direct answer failed', error);
    if (res.headersSent) return void res.destroy();
  }
  void handle(req, res);
}

const server = createServer((req, res) => {
  const answerFromCache = globalThis[DIRECT_ANSWER];
  if (typeof answerFromCache !== 'function') return void handle(req, res);
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

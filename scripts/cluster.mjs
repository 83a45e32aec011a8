/**
 * Two api processes and two web processes on one PostgreSQL database, each pair behind a local
 * round-robin proxy (docs/decisions/scale-proof-figures.md; docs/decisions/fault-tolerance.md). Used by
 * `E2E_CLUSTER=1 npm run test:e2e` (scripts/e2e.mjs) and `npm run bench:cluster`.
 *
 *   browser / client ──► web proxy (SITE_URL) ──► web 1 | web 2  (apps/web/server.mjs, one build)
 *                                                   │ API_URL
 *   client ───────────► api proxy (API_URL)  ──► api 1 | api 2  (tsx apps/api/src/main.ts)
 *                                                   └──► one PostgreSQL database (DATABASE_URL)
 *
 * The web processes reach the apis through the api proxy and share WEB_SESSION_SECRET (a session
 * cookie sealed by one web process is read by the other). The apis start one after the other: the
 * first imports the catalogue and seeds, the second finds them done. Proxies pass X-Forwarded-For
 * (the apis trust loopback), keep the Host header, and answer 502 when a target is unreachable.
 * The proxies run in the calling process: while the cluster serves, that process must not block
 * its event loop (no spawnSync of the test runner: every request through the proxies would hang).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import httpProxy from 'http-proxy';
import pg from 'pg';
import { killGroup, startApi, startWeb, stopAll, waitFor } from './lib.mjs';
import { createServer } from 'node:net';

/** A free TCP port on loopback. */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Drops (forcing sessions out) and creates database `name` on the server of `serverUrl`; returns
 * its URL. Throws on a name that is not a plain identifier.
 */
export async function recreateDatabase(serverUrl, name) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Bad database name ${name}`);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A round-robin HTTP proxy on `port` (all interfaces) to `targets` (base URLs). `counts[i]` is the
 * number of requests sent to target i. Resolves once listening.
 */
export async function roundRobinProxy(port, targets) {
  const proxy = httpProxy.createProxyServer({ xfwd: true });
  const counts = targets.map(() => 0);
  let next = 0;
  proxy.on('error', (_err, _req, res) => {
    if (res instanceof http.ServerResponse && !res.headersSent) {
      res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('bad gateway');
    } else res.destroy?.();
  });
  const server = http.createServer((req, res) => {
    const i = next++ % targets.length;
    counts[i]++;
    proxy.web(req, res, { target: targets[i] });
  });
  // Keep-alive connections from clients stay open between requests; each request still picks the next target.
  server.keepAliveTimeout = 5000;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, resolve);
  });
  return {
    counts,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
        proxy.close();
      }),
  };
}

/**
 * Starts the cluster. Options:
 * - `databaseUrl` (required): the PostgreSQL database both apis use;
 * - `env`: extra environment of every process (AUTH_TYPE, SEED_DEMO_ACCOUNTS, MAIL_OUTBOX_DIR…);
 * - `apiProxyPort`, `webProxyPort`, `apiPorts` [2], `webPorts` [2]: ports (default: free ones);
 * - `web` (default true): start the two web processes and their proxy (the build must exist:
 *   scripts/lib.mjs buildWeb, under the shared build lock);
 * - `apiTimeoutMs` (default 10 min: the first start imports the catalogue).
 * Returns `{ apiUrl, siteUrl, apis, webs, apiCounts, webCounts, children, stop() }`: the proxy
 * URLs, the direct URLs of each process, the requests per process seen by each proxy, the child
 * processes (api 1, api 2, web 1, web 2; each a process group) and a function stopping it all.
 * Errors: rejects (after stopping what started) when a process exits or does not answer in time.
 */
export async function startCluster(options) {
  const apiPorts = options.apiPorts ?? [await freePort(), await freePort()];
  const webPorts = options.webPorts ?? [await freePort(), await freePort()];
  const apiProxyPort = options.apiProxyPort ?? (await freePort());
  const webProxyPort = options.webProxyPort ?? (await freePort());
  const apiUrl = `http://127.0.0.1:${apiProxyPort}`;
  const siteUrl = `http://localhost:${webProxyPort}`;
  const apis = apiPorts.map((p) => `http://127.0.0.1:${p}`);
  const webs = webPorts.map((p) => `http://127.0.0.1:${p}`);
  const common = {
    ...process.env,
    LOG_LEVEL: 'warn',
    NEXT_TELEMETRY_DISABLED: '1',
    ...options.env,
    DATABASE_URL: options.databaseUrl,
    API_URL: apiUrl,
    SITE_URL: siteUrl,
    WEB_SESSION_SECRET: options.env?.WEB_SESSION_SECRET ?? randomBytes(32).toString('base64url'),
  };
  const children = [];
  const closers = [];
  const stop = async () => {
    for (const close of closers) await close();
    await stopAll(children);
  };
  try {
    for (const port of apiPorts) {
      const api = startApi({ ...common, API_PORT: String(port), API_HOST: '127.0.0.1' });
      children.push(api);
      await waitFor(`http://127.0.0.1:${port}/health`, options.apiTimeoutMs ?? 10 * 60_000, api);
    }
    const apiProxy = await roundRobinProxy(apiProxyPort, apis);
    closers.push(apiProxy.close);
    let webProxy = null;
    if (options.web !== false) {
      for (const port of webPorts) children.push(startWeb({ ...common, NODE_ENV: 'production' }, port));
      await Promise.all(
        webPorts.map((port, i) => waitFor(`http://127.0.0.1:${port}/fr`, 120_000, children[2 + i])),
      );
      webProxy = await roundRobinProxy(webProxyPort, webs);
      closers.push(webProxy.close);
    }
    return {
      apiUrl,
      siteUrl,
      apis,
      webs: options.web !== false ? webs : [],
      apiCounts: apiProxy.counts,
      webCounts: webProxy?.counts ?? [],
      children,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Kills every process of a cluster at once (process exit handlers). */
export function killCluster(cluster) {
  for (const c of cluster?.children ?? []) killGroup(c, 'SIGKILL');
}

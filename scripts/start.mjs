#!/usr/bin/env node
/**
 * `npm start`: starts the shop on the embedded default (README command 1).
 * 1. the api (apps/api) on API_PORT (default 4000): migrates PGlite in DATA_DIR (default ./data/db),
 *    or the server of DATABASE_URL, and imports the real catalogue on first start (idempotent later);
 * 2. the web app (apps/web), built on first start (`npm start -- --rebuild` rebuilds), on WEB_PORT
 *    (default 3000).
 * Ctrl-C stops both.
 */
import { buildWeb, startApi, startWeb, stopAll, waitFor } from './lib.mjs';

const apiPort = process.env.API_PORT ?? '4000';
const webPort = process.env.WEB_PORT ?? '3000';
const apiUrl = process.env.API_URL ?? `http://127.0.0.1:${apiPort}`;
const siteUrl = process.env.SITE_URL ?? `http://localhost:${webPort}`;
const env = {
  ...process.env,
  API_PORT: apiPort,
  API_URL: apiUrl,
  SITE_URL: siteUrl,
  NEXT_TELEMETRY_DISABLED: '1',
};

const children = [];
const stop = async (code) => {
  await stopAll(children);
  process.exit(code);
};
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
process.on('SIGHUP', () => stop(0));

const api = startApi(env);
children.push(api);
api.on('exit', (code) => stop(code ?? 1));
console.log('[start] api starting (the first start imports the catalogue)…');
await waitFor(`${apiUrl}/health`, 10 * 60_000, api);
buildWeb(env, process.argv.includes('--rebuild'));
const web = startWeb(env, webPort);
children.push(web);
web.on('exit', (code) => stop(code ?? 1));
await waitFor(siteUrl, 120_000, web);
console.log(`[start] shop on ${siteUrl} · api on ${apiUrl} (reference: ${apiUrl}/docs)`);

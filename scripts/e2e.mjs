#!/usr/bin/env node
/**
 * Browser journeys (Playwright in Debian's Chromium): a fresh api on a temporary PGlite folder with
 * the real catalogue, a fresh production build of the web app, then `vitest --config e2e/`.
 * Ports: E2E_API_PORT (default 4100), E2E_WEB_PORT (default 3100).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildWeb, root, startApi, startWeb, stopAll, waitFor } from './lib.mjs';

const apiPort = process.env.E2E_API_PORT ?? '4100';
const webPort = process.env.E2E_WEB_PORT ?? '3100';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vetshop-e2e-'));
const apiUrl = `http://127.0.0.1:${apiPort}`;
const siteUrl = `http://localhost:${webPort}`;
const env = {
  ...process.env,
  DATABASE_URL: '',
  DATA_DIR: dataDir,
  API_PORT: apiPort,
  API_URL: apiUrl,
  SITE_URL: siteUrl,
  LOG_LEVEL: 'warn',
  NEXT_TELEMETRY_DISABLED: '1',
};
delete env.DATABASE_URL;

const children = [];
let code = 1;
try {
  const api = startApi(env);
  children.push(api);
  await waitFor(`${apiUrl}/health`, 10 * 60_000, api);
  buildWeb(env, true);
  const web = startWeb(env, webPort);
  children.push(web);
  await waitFor(siteUrl + '/fr', 120_000, web);
  const r = spawnSync(
    path.join(root, 'node_modules/.bin/vitest'),
    ['run', '--config', 'e2e/vitest.config.ts'],
    {
      cwd: root,
      env: { ...env, E2E_BASE_URL: siteUrl, E2E_API_URL: apiUrl },
      stdio: 'inherit',
    },
  );
  code = r.status ?? 1;
} catch (err) {
  console.error(`[e2e] ${err.message}`);
} finally {
  await stopAll(children);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);

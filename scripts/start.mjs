#!/usr/bin/env node
/**
 * `npm start`: starts the shop on the embedded default (README command 1).
 * - api (apps/api) on API_PORT (default 4000): migrates PGlite in DATA_DIR (default ./data/db),
 *   or DATABASE_URL when set, and imports the real catalogue on first start (idempotent later);
 * - web (apps/web) on WEB_PORT (default 3000), built once (rebuilt with `npm start -- --rebuild`).
 * Stops both on Ctrl-C.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = process.env.API_PORT ?? '4000';
const webPort = process.env.WEB_PORT ?? '3000';
const apiUrl = process.env.API_URL ?? `http://127.0.0.1:${apiPort}`;
const siteUrl = process.env.SITE_URL ?? `http://localhost:${webPort}`;
const env = { ...process.env, API_PORT: apiPort, API_URL: apiUrl, SITE_URL: siteUrl, NEXT_TELEMETRY_DISABLED: '1' };

const webDir = path.join(root, 'apps/web');
if (process.argv.includes('--rebuild') || !existsSync(path.join(webDir, '.next/BUILD_ID'))) {
  console.log('[start] building the web app (first start only)…');
  const build = spawnSync(path.join(root, 'node_modules/.bin/next'), ['build'], { cwd: webDir, env, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const children = [
  spawn(path.join(root, 'node_modules/.bin/tsx'), ['src/main.ts'], { cwd: path.join(root, 'apps/api'), env, stdio: 'inherit' }),
  spawn(path.join(root, 'node_modules/.bin/next'), ['start', '-p', webPort], { cwd: webDir, env, stdio: 'inherit' }),
];
console.log(`[start] shop on ${siteUrl} · api on ${apiUrl} (reference: ${apiUrl}/docs)`);
const stop = (code) => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  process.exit(code);
};
for (const c of children) c.on('exit', (code) => stop(code ?? 1));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

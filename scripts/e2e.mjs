#!/usr/bin/env node
/**
 * Browser journeys (Playwright in Debian's Chromium): fresh apis on temporary PGlite folders with
 * the real catalogue, a fresh production build of the web app, then `playwright test`
 * (playwright.config.ts; traces of failed tests under test-results/e2e/). The whole suite runs in two
 * shards side by side, each on its own api and web server (`shards` below, E2E_SHARDS).
 * Ports: E2E_API_PORT (default 4100), E2E_WEB_PORT (default 3100), +30 per further shard.
 *
 * The OIDC journeys (e2e/oidc.e2e.ts) get a second pair in AUTH_TYPE=oidc — its own api and PGlite
 * folder, a second web server (apps/web/server.mjs) of the same build — and a real OpenID Provider
 * (test-support/oidc-provider.ts) whose account carries the demo veterinary's email. Ports:
 * E2E_OIDC_API_PORT (4110), E2E_OIDC_WEB_PORT (3110), E2E_OIDC_PROVIDER_PORT (4120).
 * Extra arguments go to `playwright test` (`npm run test:e2e -- e2e/oidc.e2e.ts` runs one file).
 * E2E_CLUSTER=1 runs the journeys on two api and two web processes instead (runCluster below).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { buildWeb, killGroup, root, spawnGroup, startApi, startWeb, stopAll, waitFor } from './lib.mjs';

const apiPort = process.env.E2E_API_PORT ?? '4100';
const webPort = process.env.E2E_WEB_PORT ?? '3100';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vetshop-e2e-'));
// Mails of the journeys (email validation, password reset) land here as .eml files (E2E_OUTBOX_DIR).
const outboxDir = mkdtempSync(path.join(os.tmpdir(), 'vetshop-e2e-outbox-'));
const apiUrl = `http://127.0.0.1:${apiPort}`;
const siteUrl = `http://localhost:${webPort}`;
const env = {
  ...process.env,
  DATABASE_URL: '',
  DATA_DIR: dataDir,
  API_PORT: apiPort,
  API_URL: apiUrl,
  SITE_URL: siteUrl,
  AUTH_TYPE: 'credentials',
  SEED_DEMO_ACCOUNTS: 'true',
  MAIL_OUTBOX_DIR: outboxDir,
  SMTP_URL: '',
  LOG_LEVEL: 'warn',
  NEXT_TELEMETRY_DISABLED: '1',
  // The answers the api sends without zod's encode are checked against their schema in every
  // journey (apps/api/src/http/answers.ts, docs/decisions/built-answers.md).
  API_CHECK_ANSWERS: '1',
};
delete env.DATABASE_URL;

// The oidc pair and its identity provider.
const oidcApiPort = process.env.E2E_OIDC_API_PORT ?? '4110';
const oidcWebPort = process.env.E2E_OIDC_WEB_PORT ?? '3110';
const providerPort = process.env.E2E_OIDC_PROVIDER_PORT ?? '4120';
const oidcDataDir = mkdtempSync(path.join(os.tmpdir(), 'vetshop-e2e-oidc-'));
const oidcApiUrl = `http://127.0.0.1:${oidcApiPort}`;
const oidcSiteUrl = `http://localhost:${oidcWebPort}`;
const issuer = `http://127.0.0.1:${providerPort}`;
const clientSecret = randomBytes(24).toString('base64url');
const oidcAccount = {
  sub: 'assoc-member-0001',
  login: 'veterinary@demo.vetshop.be',
  password: randomBytes(12).toString('base64url'),
  email: 'veterinary@demo.vetshop.be',
  emailVerified: true,
  name: 'Demo Veterinary',
};
const providerConfig = {
  clients: [
    {
      clientId: 'vetshop-web',
      clientSecret,
      redirectUris: [`${oidcSiteUrl}/auth/oidc/callback`],
      postLogoutRedirectUris: [`${oidcSiteUrl}/auth/oidc/logged-out`],
    },
  ],
  accounts: [oidcAccount],
  // Short-lived access tokens: the journeys see the session keeper renew one (60 s before expiry).
  accessTokenTtl: 75,
};
const oidcEnv = {
  ...env,
  DATA_DIR: oidcDataDir,
  API_PORT: oidcApiPort,
  API_URL: oidcApiUrl,
  SITE_URL: oidcSiteUrl,
  AUTH_TYPE: 'oidc',
  OIDC_ISSUER: issuer,
  OIDC_AUDIENCE: 'vetshop-api',
  OIDC_CLIENT_ID: 'vetshop-web',
  OIDC_CLIENT_SECRET: clientSecret,
  WEB_SESSION_SECRET: randomBytes(32).toString('base64url'),
};

/** Starts the OpenID Provider (test-support/oidc-provider-main.ts) as a child process. */
function startProvider() {
  return spawnGroup(path.join(root, 'node_modules/.bin/tsx'), ['test-support/oidc-provider-main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      OIDC_PROVIDER_PORT: providerPort,
      OIDC_PROVIDER_CONFIG: JSON.stringify(providerConfig),
    },
  });
}

/**
 * Opt-in cluster mode (`E2E_CLUSTER=1`, docs/decisions/scale-proof-figures.md): instead of one api on PGlite and the
 * oidc pair, two apis and two web processes on one fresh PostgreSQL database
 * `vetshop_e2e_cluster` (on the server of E2E_CLUSTER_DATABASE_URL, default the local one) behind
 * round-robin proxies on E2E_API_PORT / E2E_WEB_PORT (scripts/cluster.mjs). Meant for the journeys
 * that need no identity provider, e.g. `E2E_CLUSTER=1 npm run test:e2e -- e2e/order.e2e.ts
 * e2e/guest-catalogue.e2e.ts`. Returns the exit status of `playwright test`.
 */
async function runCluster() {
  const { recreateDatabase, startCluster, killCluster } = await import('./cluster.mjs');
  let cluster = null;
  process.on('exit', () => killCluster(cluster));
  try {
    const databaseUrl = await recreateDatabase(
      process.env.E2E_CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      'vetshop_e2e_cluster',
    );
    buildWeb(env, process.env.E2E_REUSE_BUILD !== '1');
    cluster = await startCluster({
      databaseUrl,
      apiProxyPort: Number(apiPort),
      webProxyPort: Number(webPort),
      env: { AUTH_TYPE: 'credentials', SEED_DEMO_ACCOUNTS: 'true', MAIL_OUTBOX_DIR: outboxDir, SMTP_URL: '' },
    });
    console.log(
      `[e2e] cluster: web ${cluster.siteUrl} → ${cluster.webs.join(', ')}; api ${cluster.apiUrl} → ${cluster.apis.join(', ')}`,
    );
    // Not spawnSync: the proxies live in this process, and a blocked event loop would stall them.
    const runner = spawn(
      path.join(root, 'node_modules/.bin/playwright'),
      // No identity provider in the cluster: the @oidc journeys (e2e/oidc.e2e.ts) are left out.
      ['test', '--config', 'playwright.config.ts', '--grep-invert', '@oidc', ...process.argv.slice(2)],
      {
        cwd: root,
        env: {
          ...env,
          E2E_BASE_URL: cluster.siteUrl,
          E2E_API_URL: cluster.apiUrl,
          E2E_OUTBOX_DIR: outboxDir,
        },
        stdio: 'inherit',
      },
    );
    const status = await new Promise((resolve) => runner.on('exit', (c) => resolve(c ?? 1)));
    console.log(
      `[e2e] cluster requests per process: api ${cluster.apiCounts.join('/')}, web ${cluster.webCounts.join('/')}`,
    );
    return status;
  } catch (err) {
    console.error(`[e2e] ${err.message}`);
    return 1;
  } finally {
    await cluster?.stop();
    for (const dir of [dataDir, oidcDataDir, outboxDir]) rmSync(dir, { recursive: true, force: true });
  }
}
if (process.env.E2E_CLUSTER === '1') process.exit(await runCluster());

/**
 * The journeys' own pairs (credentials mode): `E2E_SHARDS` of them (default 2 for the whole suite,
 * 1 when arguments pick journeys), each an api on its own PGlite folder and outbox and a web server
 * of the one build, on ports E2E_API_PORT / E2E_WEB_PORT + 30 × its index (4100/3100, 4130/3130).
 * Each pair runs `playwright test --shard=i/n` in its own process: Playwright gives each shard
 * whole files in file order, so the journeys of a file still share one database, as they do with
 * one pair, and no two shards share any state (docs/decisions/e2e-shards.md).
 */
const shardCount = Math.max(1, Number(process.env.E2E_SHARDS ?? (process.argv.length > 2 ? 1 : 2)));
const shards = Array.from({ length: shardCount }, (_, i) => {
  if (i === 0) return { apiPort, webPort, apiUrl, siteUrl, dataDir, outboxDir, env };
  const shardApiPort = String(Number(apiPort) + 30 * i);
  const shardWebPort = String(Number(webPort) + 30 * i);
  const shard = {
    apiPort: shardApiPort,
    webPort: shardWebPort,
    apiUrl: `http://127.0.0.1:${shardApiPort}`,
    siteUrl: `http://localhost:${shardWebPort}`,
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'vetshop-e2e-')),
    outboxDir: mkdtempSync(path.join(os.tmpdir(), 'vetshop-e2e-outbox-')),
  };
  return {
    ...shard,
    env: {
      ...env,
      DATA_DIR: shard.dataDir,
      API_PORT: shard.apiPort,
      API_URL: shard.apiUrl,
      SITE_URL: shard.siteUrl,
      MAIL_OUTBOX_DIR: shard.outboxDir,
    },
  };
});

/**
 * Runs `playwright test` for shard `index` of `shards` (no `--shard` when there is one), its
 * output lines prefixed with `[shard i/n]` when there are several; resolves its exit status.
 */
function runShard(index) {
  const shard = shards[index];
  const args = ['test', '--config', 'playwright.config.ts'];
  if (shardCount > 1) {
    args.push(`--shard=${index + 1}/${shardCount}`, '--output', `test-results/e2e/shard-${index + 1}`);
  }
  const runner = spawn(path.join(root, 'node_modules/.bin/playwright'), [...args, ...process.argv.slice(2)], {
    cwd: root,
    env: {
      ...shard.env,
      E2E_BASE_URL: shard.siteUrl,
      E2E_API_URL: shard.apiUrl,
      E2E_OUTBOX_DIR: shard.outboxDir,
      E2E_OIDC_BASE_URL: oidcSiteUrl,
      E2E_OIDC_ISSUER: issuer,
      E2E_OIDC_LOGIN: oidcAccount.login,
      E2E_OIDC_PASSWORD: oidcAccount.password,
    },
    stdio: shardCount > 1 ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  if (shardCount > 1) {
    const prefix = `[shard ${index + 1}/${shardCount}] `;
    for (const [from, to] of [
      [runner.stdout, process.stdout],
      [runner.stderr, process.stderr],
    ]) {
      createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) =>
        to.write(prefix + line + '\n'),
      );
    }
  }
  return new Promise((resolve) => runner.on('close', (status) => resolve(status ?? 1)));
}

const children = [];
let code = 1;
// Whatever ends this process (a failed build exits at once) ends its servers and their children too.
process.on('exit', () => {
  for (const c of children) killGroup(c, 'SIGKILL');
});

/** True while a process of `child`'s group (spawnGroup) is still running. */
function groupAlive(child) {
  try {
    process.kill(-child.pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Prepares one database for every api: an api on a folder of its own migrates it, imports the real
 * catalogue and seeds the demo data, and stops; each api then opens a copy of that folder
 * (`dataDirs`), where it finds the catalogue current and the seeds in place (three apis importing
 * side by side on two cores took longer: docs/decisions/e2e-shards.md).
 * Throws when the preparing api fails or does not stop within 60 s.
 */
async function prepareDatabases(dataDirs) {
  const templateDir = mkdtempSync(path.join(os.tmpdir(), 'vetshop-e2e-template-'));
  const port = String(Number(apiPort) + 70); // 4170 by default (not +90: fetch refuses port 4190)
  const api = startApi({
    ...env,
    DATA_DIR: templateDir,
    API_PORT: port,
    API_URL: `http://127.0.0.1:${port}`,
  });
  children.push(api);
  try {
    await waitFor(`http://127.0.0.1:${port}/health`, 10 * 60_000, api);
    // tsx answers the signal itself (status 143); its node process closes the database and exits
    // after it: the copy waits until no process of the group is left.
    killGroup(api, 'SIGTERM');
    const deadline = Date.now() + 60_000;
    while (groupAlive(api)) {
      if (Date.now() > deadline) throw new Error('the api preparing the database did not stop within 60 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    for (const dir of dataDirs) cpSync(templateDir, dir, { recursive: true });
  } finally {
    rmSync(templateDir, { recursive: true, force: true });
  }
}

try {
  // The provider and the web build (when not reused) meanwhile.
  const provider = startProvider();
  children.push(provider);
  await prepareDatabases([...shards.map((shard) => shard.dataDir), oidcDataDir]);
  buildWeb(env, process.env.E2E_REUSE_BUILD !== '1');
  // The apis open their copies while the web servers start.
  const apis = shards.map((shard) => startApi(shard.env));
  const oidcApi = startApi(oidcEnv);
  const webs = shards.map((shard) => startWeb(shard.env, shard.webPort));
  const oidcWeb = startWeb(oidcEnv, oidcWebPort);
  children.push(...apis, oidcApi, ...webs, oidcWeb);
  await Promise.all([
    ...shards.map((shard, i) => waitFor(`${shard.apiUrl}/health`, 10 * 60_000, apis[i])),
    waitFor(`${oidcApiUrl}/health`, 10 * 60_000, oidcApi),
    waitFor(`${issuer}/.well-known/openid-configuration`, 60_000, provider),
  ]);
  await Promise.all([
    ...shards.map((shard, i) => waitFor(shard.siteUrl + '/fr', 120_000, webs[i])),
    waitFor(oidcSiteUrl + '/fr', 120_000, oidcWeb),
  ]);
  const statuses = await Promise.all(shards.map((_, i) => runShard(i)));
  if (shardCount > 1) console.log(`[e2e] shards ended with ${statuses.join(', ')}`);
  code = statuses.find((s) => s !== 0) ?? 0;
} catch (err) {
  console.error(`[e2e] ${err.message}`);
} finally {
  await stopAll(children);
  for (const shard of shards) {
    rmSync(shard.dataDir, { recursive: true, force: true });
    rmSync(shard.outboxDir, { recursive: true, force: true });
  }
  rmSync(oidcDataDir, { recursive: true, force: true });
}
process.exit(code);

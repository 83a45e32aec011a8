/**
 * App-level behaviour: problem+json errors for bad input (never a 500, never a stack trace),
 * /health, /openapi.json, 503 when the database is gone, configuration errors, start-up messages.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { problemSchema } from '@vetshop/domain';
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig, REPO_ROOT } from '../src/config.ts';
import { openTestPglite } from './pglite-template.ts';
import { fixtureApp, getJson, testDatabases, type TestApp } from './helpers.ts';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe.each(testDatabases())('app on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await fixtureApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /health reports the database kind and product count', async () => {
    const r = await getJson(t.app, '/health');
    expect(r.status).toBe(200);
    // No primer runs in an app built without main.ts (modules/catalog/browse-facets.ts).
    expect(r.body).toEqual({
      status: 'ok',
      database: target.name,
      products: 12,
      browse_facets_primed: false,
    });
  });

  it('GET /openapi.json lists the catalogue routes', async () => {
    const r = await getJson<{ openapi: string; paths: Record<string, unknown> }>(t.app, '/openapi.json');
    expect(r.status).toBe(200);
    expect(r.body.openapi).toMatch(/^3\./);
    for (const p of [
      '/catalog/search',
      '/catalog/autocomplete',
      '/catalog/products/{id}',
      '/catalog/products/by-url-key/{urlKey}',
      '/catalog/categories',
      '/catalog/categories/{id}',
      '/catalog/resolve/{*}',
      '/catalog/sitemap',
      '/veterinary_groups',
      '/health',
    ]) {
      expect(Object.keys(r.body.paths)).toContain(p);
    }
    expect((await t.app.inject({ method: 'GET', url: '/docs' })).statusCode).toBeLessThan(400);
  });

  const expectProblem = async (url: string, status: number, code?: string): Promise<void> => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, `${url} → ${res.body}`).toBe(status);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const body = problemSchema.parse(res.json());
    expect(body.status).toBe(status);
    if (code) expect(body.code).toBe(code);
    expect(res.body).not.toMatch(/\bat .+\.ts:\d+/);
    expect(res.body).not.toContain('stack');
  };

  it('answers bad input with 400 problem+json naming the field', async () => {
    await expectProblem(`/catalog/search?q=${'a'.repeat(5000)}`, 400, 'query_too_long');
    await expectProblem(`/catalog/search?q=${'a'.repeat(201)}`, 400, 'query_too_long');
    await expectProblem('/catalog/search?q=abc%00def', 400, 'bad_request');
    await expectProblem('/catalog/search?q=%07%1b', 400, 'bad_request');
    await expectProblem('/catalog/search?unknown_facet=1', 400, 'bad_request');
    await expectProblem('/catalog/search?page=99999999', 400, 'bad_request');
    await expectProblem('/catalog/search?page=abc', 400, 'bad_request');
    await expectProblem('/catalog/search?per_page=0', 400, 'bad_request');
    await expectProblem('/catalog/search?per_page=1000', 400, 'bad_request');
    await expectProblem('/catalog/search?sort=cheapest', 400, 'bad_request');
    await expectProblem('/catalog/search?lang=de', 400, 'bad_request');
    await expectProblem('/catalog/search?in_stock=maybe', 400, 'bad_request');
    await expectProblem('/catalog/autocomplete', 400, 'bad_request');
    await expectProblem('/catalog/products/abc', 400, 'bad_request');
    await expectProblem('/catalog/products/99999999999', 400, 'bad_request');
    await expectProblem('/catalog/products/by-url-key/a%00b', 400, 'bad_request');
    await expectProblem('/catalog/resolve/%E0%A4%A', 400, 'bad_request');
    const res = await t.app.inject({ method: 'GET', url: '/catalog/search?page=abc' });
    expect(res.json<{ detail: string }>().detail).toContain('page');
  });

  it('answers 404 with not_found or route_not_found', async () => {
    await expectProblem('/catalog/products/999999', 404, 'not_found');
    await expectProblem('/catalog/categories/by-url-key/no/such/path', 404, 'not_found');
    await expectProblem('/no/such/route', 404, 'route_not_found');
  });

  it('treats quotes, SQL and tsquery syntax as plain text', async () => {
    for (const q of [
      `'; DROP TABLE products; --`,
      `"amoxi'cilline"`,
      `a:* & !b | (c <-> d)`,
      `\\' OR 1=1 --`,
      `%_%`,
      `😀 ünïcödé`,
      `   `,
    ]) {
      const r = await getJson<{ total: number }>(t.app, `/catalog/search?q=${encodeURIComponent(q)}`);
      expect(r.status, q).toBe(200);
      const a = await getJson(t.app, `/catalog/autocomplete?q=${encodeURIComponent(q)}`);
      expect(a.status, q).toBe(200);
    }
    expect((await getJson<{ products: number }>(t.app, '/health')).body.products).toBe(12);
  });

  it('answers unknown facet values with an empty result', async () => {
    const r = await getJson<{ total: number; hits: unknown[] }>(
      t.app,
      '/catalog/search?species=unicorn&category=abc',
    );
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(0);
    expect(r.body.hits).toEqual([]);
  });

  it('never answers 500 to arbitrary query strings', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 300 }),
        fc.constantFrom('q', 'species', 'brand', 'category', 'page', 'sort'),
        async (value, key) => {
          const res = await t.app.inject({
            method: 'GET',
            url: `/catalog/search?${key}=${encodeURIComponent(value)}`,
          });
          expect([200, 400]).toContain(res.statusCode);
          const ac = await t.app.inject({
            method: 'GET',
            url: `/catalog/autocomplete?q=${encodeURIComponent(value)}`,
          });
          expect([200, 400]).toContain(ac.statusCode);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('database failure', () => {
  it('answers 503 service_unavailable when the database is gone', async () => {
    const database = await openTestPglite();
    const app = await buildApp({ db: database });
    await database.close();
    const res = await app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json<{ code: string }>().code).toBe('service_unavailable');
    const s = await app.inject({ method: 'GET', url: '/catalog/search?q=x' });
    expect(s.statusCode).toBe(503);
    await app.close();
  });
});

describe('configuration', () => {
  it('applies defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ API_PORT: 4000, API_HOST: '0.0.0.0', LOG_LEVEL: 'info' });
    expect(c.DATA_DIR).toBe(path.join(REPO_ROOT, 'data/db'));
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('names each bad variable', () => {
    const bad = (env: NodeJS.ProcessEnv, name: string): void => {
      try {
        loadConfig(env);
        expect.unreachable(`${name} should be refused`);
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        expect((err as ConfigError).variables).toContain(name);
        expect((err as Error).message).toContain(name);
      }
    };
    bad({ API_PORT: 'abc' }, 'API_PORT');
    bad({ API_PORT: '70000' }, 'API_PORT');
    bad({ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL');
    bad({ DATABASE_URL: 'not a url' }, 'DATABASE_URL');
    bad({ LOG_LEVEL: 'loud' }, 'LOG_LEVEL');
    bad({ SITE_URL: 'ftp://x' }, 'SITE_URL');
  });

  it('stops start-up with a message naming the variable, without a stack trace', () => {
    const run = spawnSync(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), ['src/main.ts'], {
      cwd: apiDir,
      env: { ...process.env, API_PORT: 'not-a-port' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('API_PORT');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('names an unwritable data folder', () => {
    // A folder under a regular file can never be created, even by root.
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'vetshop-')), 'a-file');
    writeFileSync(file, 'x');
    const dataDir = path.join(file, 'db');
    const run = spawnSync(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), ['src/main.ts'], {
      cwd: apiDir,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(dataDir);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});

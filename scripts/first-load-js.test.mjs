import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { GATE_KB, MAIN_ROUTES, gateFailures, reportFirstLoadJs } from './first-load-js.mjs';

/** A fake web app build: root main files and, per route, a client reference manifest and chunks. */
function fakeBuild(chunkBytes) {
  const webDir = mkdtempSync(path.join(tmpdir(), 'first-load-'));
  const nextDir = path.join(webDir, '.next');
  mkdirSync(path.join(nextDir, 'static/chunks'), { recursive: true });
  // Random bytes do not compress: gzip size ≈ raw size, so the expected figures are known.
  const chunk = (name, bytes) => {
    writeFileSync(path.join(nextDir, 'static/chunks', name), randomBytes(bytes));
    return `static/chunks/${name}`;
  };
  const framework = chunk('framework.js', 100_000);
  writeFileSync(path.join(nextDir, 'build-manifest.json'), JSON.stringify({ rootMainFiles: [framework] }));
  const shared = chunk('layout.js', 20_000);
  for (const [name, route] of Object.entries(MAIN_ROUTES)) {
    const own = chunk(`${name}.js`, chunkBytes[name] ?? 1_000);
    const file = path.join(nextDir, 'server/app', `${route}_client-reference-manifest.js`);
    mkdirSync(path.dirname(file), { recursive: true });
    // The layout chunk is listed by two segments: it must count once.
    const manifest = { entryJSFiles: { layout: [shared, framework], page: [own, shared] } };
    writeFileSync(
      file,
      `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};
globalThis.__RSC_MANIFEST[${JSON.stringify(route)}] = ${JSON.stringify(manifest)};`,
    );
  }
  return webDir;
}

const dirs = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('first-load JavaScript gate', () => {
  it('sums each chunk of a route once, gzipped, and passes routes within their gate', () => {
    const webDir = fakeBuild({ product: 30_000 });
    dirs.push(webDir);
    const result = reportFirstLoadJs(webDir, () => {});
    // 100 kB framework + 20 kB layout (once) + 30 kB page, each a little larger once gzipped.
    expect(result.product).toBeGreaterThan(150);
    expect(result.product).toBeLessThan(151);
    expect(result.home).toBeGreaterThan(121);
    expect(result.home).toBeLessThan(122);
    expect(gateFailures(result, { ...GATE_KB, product: 160 })).toEqual([]);
  });

  it('fails a route above its gate and a route that was not measured', () => {
    const webDir = fakeBuild({ search: 70_000 });
    dirs.push(webDir);
    const result = reportFirstLoadJs(webDir, () => {});
    delete result.account;
    const failures = gateFailures(result, { ...GATE_KB, search: 178 });
    expect(failures).toHaveLength(2);
    expect(failures[0]).toMatch(/^search: 190\.\d kB > gate 178 kB$/);
    expect(failures[1]).toBe('account: not measured');
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCALES } from '@vetshop/domain';
import { CATALOGUE_PAGE, OFFLINE_LOCALES } from './offline-pages';
import { isOfflineRoute, offlineChunks, offlinePrecacheTransform } from './precache-scope';

const root = mkdtempSync(path.join(tmpdir(), 'precache-scope-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A build output as Next writes it: build manifest, client reference manifests, chunks. */
function fakeBuild(): string {
  const nextDir = path.join(root, '.next');
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(nextDir, file)), { recursive: true });
    writeFileSync(path.join(nextDir, file), text);
  };
  write(
    'build-manifest.json',
    JSON.stringify({
      rootMainFiles: ['static/chunks/runtime.js'],
      polyfillFiles: ['static/chunks/polyfills.js'],
    }),
  );
  const manifest = (route: string, chunks: string[]) =>
    write(
      `server/app${route}_client-reference-manifest.js`,
      `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};
globalThis.__RSC_MANIFEST[${JSON.stringify(route)}] = ${JSON.stringify({ entryJSFiles: { [`[project]${route}`]: chunks } })};`,
    );
  manifest('/[locale]/page', ['static/chunks/layout.js', 'static/chunks/home.js']);
  manifest('/[locale]/p/[...slug]/page', ['static/chunks/layout.js', 'static/chunks/product.js']);
  manifest('/offline/[lang]/page', ['static/chunks/offline.js']);
  manifest('/[locale]/account/page', ['static/chunks/layout.js', 'static/chunks/dashboard.js']);
  manifest('/[locale]/staff/content/page', ['static/chunks/editor.js']);
  write('static/chunks/runtime.js', 'runtime');
  write('static/chunks/layout.js', 'load("static/chunks/drawer.js")');
  write('static/chunks/drawer.js', 'load("static/chunks/drawer-part.js")');
  write('static/chunks/drawer-part.js', 'part');
  write('static/chunks/home.js', 'home');
  write('static/chunks/product.js', 'product');
  write('static/chunks/offline.js', 'offline');
  write('static/chunks/dashboard.js', 'load("static/chunks/charts.js")');
  write('static/chunks/charts.js', 'charts');
  write('static/chunks/editor.js', 'editor');
  write('static/chunks/polyfills.js', 'polyfills');
  return nextDir;
}

describe('precache scope: the code of the pages shown offline', () => {
  it('names the catalogue, offline and error routes offline, and no personal or staff page', () => {
    for (const route of [
      '/[locale]/page',
      '/[locale]/c/[...slug]/page',
      '/[locale]/p/[...slug]/page',
      '/[locale]/search/page',
      '/[locale]/page/[...slug]/page',
      '/[locale]/news/[...slug]/page',
      '/offline/[lang]/page',
      '/_not-found/page',
    ])
      expect(isOfflineRoute(route), route).toBe(true);
    for (const route of [
      '/[locale]/account/page',
      '/[locale]/cart/page',
      '/[locale]/cart-confirm/page',
      '/[locale]/contact/page',
      '/[locale]/staff/content/page',
      '/[locale]/[...rest]/page',
    ])
      expect(isOfflineRoute(route), route).toBe(false);
  });

  it('keeps the runtime, the offline routes’ chunks and the chunks they load on demand, transitively', () => {
    const chunks = [...offlineChunks(fakeBuild())].sort();
    expect(chunks).toEqual(
      ['runtime.js', 'layout.js', 'drawer.js', 'drawer-part.js', 'home.js', 'product.js', 'offline.js']
        .map((f) => `static/chunks/${f}`)
        .sort(),
    );
  });

  it('drops from the manifest the chunks only other pages run, and keeps every other entry', () => {
    const entries = [
      'runtime.js',
      'layout.js',
      'drawer-part.js',
      'product.js',
      'dashboard.js',
      'charts.js',
      'editor.js',
      'polyfills.js',
    ].map((f) => ({ url: `.next/static/chunks/${f}`, revision: null, size: 1 }));
    const others = [
      { url: '.next/static/chunks/site.css', revision: null, size: 1 },
      { url: '/_next/static/media/font.woff2', revision: null, size: 1 },
      { url: 'public/icon-192.png', revision: 'r', size: 1 },
      { url: '/offline/nl', revision: 'r', size: 0 },
    ];
    const { manifest, warnings } = offlinePrecacheTransform(fakeBuild())([...entries, ...others]);
    expect(warnings).toEqual([]);
    expect(manifest.map((e) => e.url)).toEqual([
      '.next/static/chunks/runtime.js',
      '.next/static/chunks/layout.js',
      '.next/static/chunks/drawer-part.js',
      '.next/static/chunks/product.js',
      ...others.map((e) => e.url),
    ]);
  });

  it('keeps every entry, with a warning, when the build output cannot be read', () => {
    const entries = [{ url: '.next/static/chunks/editor.js', revision: null, size: 1 }];
    const { manifest, warnings } = offlinePrecacheTransform(path.join(root, 'missing'))(entries);
    expect(manifest).toEqual(entries);
    expect(warnings).toHaveLength(1);
  });

  it('matches the catalogue pages of every locale and no other page', () => {
    expect(OFFLINE_LOCALES).toEqual(LOCALES);
    for (const p of [
      '/fr',
      '/nl/',
      '/en/c/food',
      '/fr/p/loxitab',
      '/nl/search',
      '/en/page/about',
      '/fr/news',
    ])
      expect(CATALOGUE_PAGE.test(p), p).toBe(true);
    for (const p of ['/fr/account', '/fr/cart', '/nl/contact', '/en/staff', '/fr/products', '/de/c/x', '/'])
      expect(CATALOGUE_PAGE.test(p), p).toBe(false);
  });
});

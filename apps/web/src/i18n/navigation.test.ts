import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Links are written locale-free through i18n/navigation.ts (docs/ARCHITECTURE.md, apps/web):
 * `<Link href="/account/sales">`, `router.push('/cart')`, `getPathname({ href, locale })` where a
 * string is needed. This test fails on a hand-built `/${locale}…` template literal in apps/web/src
 * and lists it as file:line.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Files that keep string paths on purpose, with the reason. */
const STRING_PATHS: Record<string, string> = {
  // The service worker is its own bundle, outside React and next-intl.
  'app/sw.ts': 'service worker',
  // Pure path helpers without framework imports, used by the proxy, route handlers and client
  // components, unit-tested in node (auth-paths.test.ts).
  'lib/auth-paths.ts': 'pure sign-in path helpers',
  // Pure content-page paths, unit-tested in node (cms.test.ts); next-intl's navigation does not load there.
  'lib/cms.ts': 'pure content-page paths',
  // The locale paths of the layout and catalogue pages without next-intl's navigation module
  // (its Link would be a client reference of those pages), checked against getPathname (paths.test.ts).
  'i18n/paths.ts': 'first-load JavaScript gate',
  // Client components of the catalogue pages: i18n/navigation's client code put home and product
  // over their first-load JavaScript gate (docs/decisions/web-page-performance.md).
  'components/SearchBox.tsx': 'first-load JavaScript gate',
  'components/account/HeaderAccount.tsx': 'first-load JavaScript gate',
  'components/cart/CartIconLink.tsx': 'first-load JavaScript gate',
  'components/shell/BottomNav.tsx': 'first-load JavaScript gate',
  // The panel of AddToWishlist, loaded when it first opens: app anchors, like the control it belongs to.
  'components/wishlists/AddToWishlistPanel.tsx': 'first-load JavaScript gate',
  'components/wishlists/StandardOrderSelector.tsx': 'first-load JavaScript gate',
};

const HAND_BUILT = /`\/\$\{locale\}/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('locale-free links (i18n/navigation.ts)', () => {
  it('builds no `/${locale}…` path by hand outside the allow-lists', () => {
    const found: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const rel = path.relative(SRC, file).split(path.sep).join('/');
      if (rel in STRING_PATHS) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (HAND_BUILT.test(line)) found.push(`${rel}:${i + 1}`);
        });
    }
    expect(found).toEqual([]);
  });
});

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import fr from '../../messages/fr.json';
import { FOLDER_CLIENT_NAMESPACES, PUBLIC_CLIENT_NAMESPACES, pickNamespaces } from './client-messages';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LOCALE_DIR = path.join(SRC, 'app/[locale]');
const ROUTE_FILES = new Set(['page.tsx', 'layout.tsx', 'error.tsx', 'not-found.tsx', 'loading.tsx']);

/** True when `key` (`coupons.nav`) is the path of a message or of a part of the catalogue. */
function isCatalogueKey(key: string): boolean {
  let node: unknown = fr;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return true;
}

/** Resolves an import specifier of `from` (`@/…` or relative) to a source file, else null. */
function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = path.join(SRC, spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const ext of ['', '.ts', '.tsx', '/index.ts', '/index.tsx']) {
    const file = base + ext;
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

/**
 * What the translators of one client module read (`const t = useTranslations('cart')`): for a
 * translator bound once in the module and used only by calls with a literal key (`t('added')`,
 * `t.rich('added')`), each key (`cart.added`); for a template key, its literal prefix up to the
 * last dot (`` t(`errors.${code}`) ``: `wishlists.errors`, `` t(`${x}`) ``: `wishlists`). A
 * translator used any other way (passed on, a key held in a variable, the name bound to two
 * namespaces in the module) reads its whole namespace.
 */
function translatorKeys(source: string): string[] {
  const keys: string[] = [];
  const namespacesOf = new Map<string, Set<string>>();
  for (const [, name, ns] of source.matchAll(
    /(?:(?:const|let)\s+(\w+)\s*=\s*)?useTranslations\(\s*'([^']+)'/g,
  )) {
    if (name) namespacesOf.set(name, (namespacesOf.get(name) ?? new Set()).add(ns!));
    else keys.push(ns!); // not bound to a name: its whole namespace
  }
  for (const [name, namespaces] of namespacesOf) {
    const [ns] = namespaces;
    if (namespaces.size > 1 || !ns) {
      keys.push(...namespaces);
      continue;
    }
    const found: string[] = [];
    let whole = false;
    // `name` is an identifier (`\w+`), safe inside the pattern as it is.
    const use = new RegExp(`(?<![\\w.$])${name}(?![\\w$])(\\.(?:rich|markup|raw|has))?`, 'g');
    for (const match of source.matchAll(use)) {
      const after = source.slice(match.index + match[0].length);
      if (/^\s*=\s*useTranslations\(/.test(after)) continue; // the binding itself
      const literal = /^\s*\(\s*'([^']+)'\s*[,)]/.exec(after);
      const template = /^\s*\(\s*`([^`$]*)\$\{/.exec(after);
      const prefix = template?.[1]?.slice(0, Math.max(0, template[1].lastIndexOf('.')));
      if (literal) found.push(`${ns}.${literal[1]}`);
      else if (prefix) found.push(`${ns}.${prefix}`);
      else whole = true;
    }
    keys.push(...(whole ? [ns] : found));
  }
  return keys;
}

/**
 * Message namespaces used by the client modules reachable from `entries` (through every value
 * import, static or dynamic): the whole argument of `useTranslations('ns.part')`, and for
 * `useTranslations()` each literal key passed to a call, or a template key's first segment
 * (`t('header.searchLabel')`: `header.searchLabel`; `` t(`locales.${l}`) ``: `locales`). A client module is one marked
 * `'use client'` or imported by one (Price, StockBadge: server components that a card's pack
 * choice also draws in the browser).
 */
function clientNamespaces(entries: string[]): Map<string, string> {
  const seen = new Set<string>();
  const found = new Map<string, string>();
  const stack: [file: string, inClient: boolean][] = entries.map((file) => [file, false]);
  while (stack.length > 0) {
    const [file, importedByClient] = stack.pop()!;
    if (seen.has(`${importedByClient}:${file}`)) continue;
    seen.add(`${importedByClient}:${file}`);
    const source = readFileSync(file, 'utf8');
    const inClient = importedByClient || /^\s*['"]use client['"]/.test(source);
    if (inClient) {
      const here = path.relative(SRC, file);
      for (const ns of translatorKeys(source)) found.set(ns, here);
      if (/useTranslations\(\s*\)/.test(source)) {
        // A whole literal key names its own part (`prices.gross`); a template, its first segment.
        // A key whose first segment is no namespace belongs to a namespaced translator of the
        // same file (`t('errors.network_error')` of `useTranslations('contact')`): not counted.
        for (const [, key] of source.matchAll(/\w\(\s*'([a-zA-Z]+(?:\.[a-zA-Z]+)+)'/g))
          if (key && Object.hasOwn(fr, key.split('.')[0]!)) found.set(key, here);
        for (const [, ns] of source.matchAll(/\w\(\s*`([a-zA-Z]+)\./g))
          if (ns && Object.hasOwn(fr, ns)) found.set(ns, here);
      }
      // A key held in data (`{ label: 'coupons.nav' }`, translated elsewhere by a variable): any
      // literal that is the whole path of a message or part of the catalogue.
      const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
      for (const [, key] of code.matchAll(/'([a-zA-Z]+(?:\.[a-zA-Z]+)+)'/g))
        if (key && isCatalogueKey(key)) found.set(key, here);
    }
    for (const [, typeOnly, spec] of source.matchAll(
      /(?:import|export)\s+(type\s+)?(?:[^;]*?\s+from\s+)?'([^']+)'/g,
    )) {
      const next = !typeOnly && spec ? resolveImport(file, spec) : null;
      if (next) stack.push([next, inClient]);
    }
    for (const [, spec] of source.matchAll(/import\(\s*'([^']+)'\s*\)/g)) {
      const next = spec ? resolveImport(file, spec) : null;
      if (next) stack.push([next, inClient]);
    }
  }
  return found;
}

/** True when a listed entry is `ns` or a whole namespace above it (`cms` covers `cms.ads`). */
const covered = (ns: string, listed: readonly string[]) =>
  listed.some((entry) => ns === entry || ns.startsWith(`${entry}.`));

/** True when the walk found `ns` or a key or part of it (`cart.added` for `cart`). */
const findsPart = (used: Map<string, string>, ns: string) =>
  [...used.keys()].some((key) => covered(key, [ns]));

/** Folders under `/{lang}` whose layout gives messages of its own: not public pages. */
const OWN_MESSAGE_FOLDERS: readonly string[] = [
  ...new Set(Object.keys(FOLDER_CLIENT_NAMESPACES).map((folder) => folder.split('/')[0]!)),
];

/** The subfolders of `folder` (`account`) listed on their own (`sales` for `account/sales`). */
const ownSubfolders = (folder: string) =>
  Object.keys(FOLDER_CLIENT_NAMESPACES)
    .filter((other) => other.startsWith(`${folder}/`))
    .map((other) => other.slice(folder.length + 1));

/**
 * Route files (page, layout, error, not-found, loading) under `dir`, skipping, at the top, the
 * folders with messages of their own (`skip`).
 */
function routeFiles(dir: string, skip: readonly string[] = []): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (skip.includes(entry.name)) continue;
      files.push(...routeFiles(path.join(dir, entry.name)));
    } else if (ROUTE_FILES.has(entry.name)) files.push(path.join(dir, entry.name));
  }
  return files;
}

describe('messages sent to the browser per client boundary', () => {
  it('gives the public pages every namespace their client components use', () => {
    const used = clientNamespaces(routeFiles(LOCALE_DIR, OWN_MESSAGE_FOLDERS));
    // The walk must see the layout's and the product page's client parts, or it proves nothing.
    for (const ns of ['header', 'cart', 'cms.ads']) expect(findsPart(used, ns), ns).toBe(true);
    const missing = [...used].filter(([ns]) => !covered(ns, PUBLIC_CLIENT_NAMESPACES));
    expect(missing.map(([ns, file]) => `${ns} (used by ${file})`)).toEqual([]);
    // Every page carries these messages: an entry no client component reads is weight for nothing.
    const unused = PUBLIC_CLIENT_NAMESPACES.filter((entry) => !findsPart(used, entry));
    expect(unused).toEqual([]);
  });

  /** Namespaces the walk must find in a folder, or it proves nothing (its forms and lines). */
  const MUST_FIND: Record<keyof typeof FOLDER_CLIENT_NAMESPACES, string[]> = {
    account: ['cart.addToCart', 'csvImport'],
    'account/documents': [],
    'account/login': ['auth'],
    'account/oidc-redirect': [],
    'account/products_on_order': ['backorders'],
    'account/profile': ['addresses', 'profile'],
    'account/register': ['register'],
    'account/reset-password': ['auth'],
    'account/sales': ['orderHistory.reorder'],
    'account/smallads': ['smallads'],
    'account/validate-email': ['auth'],
    'account/wishlists': ['wishlists'],
    cart: ['cart', 'orderTotals'],
    'cart-confirm': ['checkout', 'delivery'],
    'cart-validated': [],
    contact: ['contact'],
    staff: ['staff.nav', 'staffCustomers.nav'],
    'staff/addresses': ['staff.addresses'],
    'staff/audit': [],
    'staff/content': ['cms.staff'],
    'staff/coupons': ['coupons'],
    'staff/customers': ['staffCustomers.order'],
    'staff/forms': ['contact.staff'],
    'staff/images': ['images.staff'],
    'staff/import': ['staff.import'],
    'staff/leads': ['contact.staff'],
    'staff/orders': ['staff.orders'],
    'staff/registrations': ['staff.registrations'],
    'staff/restrictions': ['regulated.staff'],
    'staff/smallads': ['smallads.staff'],
    'staff/stock': ['stockStaff'],
  };

  it.each(Object.entries(FOLDER_CLIENT_NAMESPACES))(
    'gives the pages of /{lang}/%s every namespace their client components use',
    (folder, listed) => {
      const own = ownSubfolders(folder);
      const used = clientNamespaces(routeFiles(path.join(LOCALE_DIR, folder), own));
      for (const ns of MUST_FIND[folder as keyof typeof MUST_FIND])
        expect(findsPart(used, ns), ns).toBe(true);
      const missing = [...used].filter(([ns]) => !covered(ns, listed));
      expect(missing.map(([ns, file]) => `${ns} (used by ${file})`)).toEqual([]);
      // The folder's layout gives its messages. Where subfolders give their own, the folder's list
      // must not reach their pages (it would be sent beside theirs): its page gives them (account),
      // or its layout around its own parts but not around the pages below (staff: the navigation),
      // and then its page's client components read only the public namespaces.
      const read = (file: string) => {
        const at = path.join(LOCALE_DIR, folder, file);
        return existsSync(at) ? readFileSync(at, 'utf8') : '';
      };
      const tag = `<ClientMessages folder="${folder}">`;
      const layout = read('layout.tsx');
      if (own.length === 0) expect(layout).toContain(tag);
      else if (layout.includes(tag)) {
        const given = layout.slice(layout.indexOf(tag), layout.indexOf('</ClientMessages>'));
        expect(given).not.toContain('{children}');
        const page = clientNamespaces([path.join(LOCALE_DIR, folder, 'page.tsx')]);
        const unlisted = [...page].filter(([ns]) => !covered(ns, PUBLIC_CLIENT_NAMESPACES));
        expect(unlisted.map(([ns, file]) => `${ns} (used by ${file})`)).toEqual([]);
      } else {
        expect(read('page.tsx')).toContain(tag);
        expect(layout).not.toContain('<ClientMessages');
      }
      if (own.length > 0) {
        // Every subfolder with pages has its own list, so none is left without its messages.
        const subfolders = readdirSync(path.join(LOCALE_DIR, folder), { withFileTypes: true })
          .filter((e) => e.isDirectory() && !e.name.startsWith('_'))
          .map((e) => e.name);
        expect(subfolders.filter((name) => !own.includes(name))).toEqual([]);
      }
    },
  );

  it('picks only the listed namespaces and parts, each of which exists', () => {
    for (const ns of [...PUBLIC_CLIENT_NAMESPACES, ...Object.values(FOLDER_CLIENT_NAMESPACES).flat()])
      expect(fr, ns).toHaveProperty(ns.split('.'));
    const picked = pickNamespaces(fr, PUBLIC_CLIENT_NAMESPACES);
    const tops = new Set(PUBLIC_CLIENT_NAMESPACES.map((ns) => ns.split('.')[0]));
    expect(Object.keys(picked).sort()).toEqual([...tops].sort());
    expect(picked.header).toBe(fr.header);
    // A part keeps its place and leaves its siblings out: the staff editor's labels stay on the server.
    expect(picked.cms).toEqual({ ads: fr.cms.ads });
    // The public pages carry a fraction of the catalogue (about 6 of 95 kB of JSON in French;
    // 13 kB while the cart's, standard orders' and promotions' namespaces went whole).
    expect(JSON.stringify(picked).length).toBeLessThan(JSON.stringify(fr).length / 12);
  });
});

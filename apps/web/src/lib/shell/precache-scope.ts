import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { OFFLINE_PAGE_SEGMENTS } from './offline-pages';

/** An entry of the service worker's precache manifest as serwist's manifest transforms get it. */
export interface PrecacheManifestEntry {
  url: string;
  revision?: string | null;
  size: number;
}

/** A JavaScript chunk of the build (`static/chunks/<name>.js`), whatever prefix its url has. */
const JS_CHUNK = /(?:^|\/)(static\/chunks\/[^/]+\.js)$/;

/** Chunk files named inside a chunk: the async chunks its code loads on demand. */
const CHUNK_REFERENCE = /static\/chunks\/[\w.-]+\.js/g;

/** `.next/build-manifest.json`, the part read: the runtime and framework chunks every page loads. */
const buildManifestSchema = z.object({ rootMainFiles: z.array(z.string()).default([]) });

/**
 * What a `<route>_client-reference-manifest.js` assigns to `globalThis.__RSC_MANIFEST`, the part
 * read: per route id, the client chunks (`static/chunks/x.js`) of each of its segments.
 */
const clientReferenceManifestSchema = z.record(
  z.string(),
  z.object({ entryJSFiles: z.record(z.string(), z.array(z.string())).default({}) }),
);

/** Suffix of the file that lists a route's client chunks in Next's build output. */
const MANIFEST_SUFFIX = '_client-reference-manifest.js';

/**
 * True when the App Router page `route` (e.g. `/[locale]/c/[...slug]/page`) can be shown offline:
 * a catalogue page of {@link OFFLINE_PAGE_SEGMENTS}, an offline page, or one of Next's error
 * screens, which such a page may show.
 */
export function isOfflineRoute(route: string): boolean {
  const [first, second] = route.split('/').filter(Boolean);
  if (first === 'offline' || first === '_not-found' || first === '_global-error') return true;
  if (first !== '[locale]' || second === undefined) return false;
  return second === 'page' || (OFFLINE_PAGE_SEGMENTS as readonly string[]).includes(second);
}

/** App Router page ids (`/[locale]/p/[...slug]/page`) that have a client reference manifest under `appDir`. */
function pageRoutes(appDir: string, prefix = ''): string[] {
  const routes: string[] = [];
  for (const entry of readdirSync(path.join(appDir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) routes.push(...pageRoutes(appDir, rel));
    else if (entry.name === `page${MANIFEST_SUFFIX}`)
      routes.push(`/${rel.slice(0, -MANIFEST_SUFFIX.length)}`);
  }
  return routes;
}

/** The client chunks (`static/chunks/x.js`) that the page `route` loads first, per its manifest. */
function entryChunks(appDir: string, route: string): string[] {
  // The file assigns globalThis.__RSC_MANIFEST[route] = {...}: evaluated on a scratch object.
  const scratch: { __RSC_MANIFEST?: unknown } = {};
  new Function('globalThis', readFileSync(path.join(appDir, `${route}${MANIFEST_SUFFIX}`), 'utf8'))(scratch);
  const manifest = clientReferenceManifestSchema.parse(scratch.__RSC_MANIFEST ?? {})[route];
  if (!manifest) throw new Error(`the client reference manifest of ${route} has no entry for it`);
  return Object.values(manifest.entryJSFiles).flat();
}

/**
 * The JavaScript chunks (`static/chunks/x.js`, relative to `nextDir`) that the pages shown offline
 * may run, in the build at `nextDir` (apps/web/.next): the runtime and framework chunks of every
 * page (`build-manifest.json` `rootMainFiles`), the first-load chunks of each offline route
 * ({@link isOfflineRoute}), and every chunk these name, transitively (the async chunks their code
 * loads on demand: drawers, dialogs, the notice's code). Throws when the build output is missing or
 * not of that shape.
 */
export function offlineChunks(nextDir: string): Set<string> {
  const appDir = path.join(nextDir, 'server/app');
  const manifestJson: unknown = JSON.parse(readFileSync(path.join(nextDir, 'build-manifest.json'), 'utf8'));
  const build = buildManifestSchema.parse(manifestJson);
  const todo = [...build.rootMainFiles];
  for (const route of pageRoutes(appDir).filter(isOfflineRoute)) todo.push(...entryChunks(appDir, route));
  const found = new Set<string>();
  while (todo.length > 0) {
    const chunk = todo.pop()!;
    if (found.has(chunk) || !chunk.endsWith('.js')) continue;
    found.add(chunk);
    const file = path.join(nextDir, chunk);
    if (existsSync(file)) todo.push(...(readFileSync(file, 'utf8').match(CHUNK_REFERENCE) ?? []));
  }
  return found;
}

/**
 * Manifest transform of the service worker's precache (app/serwist/[path]/route.ts): keeps a
 * JavaScript chunk only when a page shown offline may run it ({@link offlineChunks} of the build at
 * `nextDir`), and every other entry (CSS, media, public files, the offline pages). The code of the
 * account, cart, checkout, contact and staff pages (the staff's rich-text editor, the dashboard's
 * charts) and the `nomodule` polyfills, which no browser with service workers runs, are left to be
 * fetched when used: those pages are never shown offline
 * (docs/decisions/service-worker-caching.md, "Precache: the code of the offline pages").
 * When the build output cannot be read, keeps every entry and says so in a warning.
 */
export function offlinePrecacheTransform(nextDir: string) {
  return <E extends PrecacheManifestEntry>(entries: E[]): { manifest: E[]; warnings: string[] } => {
    let keep: Set<string>;
    try {
      keep = offlineChunks(nextDir);
    } catch (error) {
      return { manifest: entries, warnings: [`precache scope: every chunk kept (${String(error)})`] };
    }
    const manifest = entries.filter((entry) => {
      const chunk = JS_CHUNK.exec(entry.url)?.[1];
      return chunk === undefined || keep.has(chunk);
    });
    return { manifest, warnings: [] };
  };
}

'use client';

import { lazyComponent } from '@/lib/lazy-component';

/**
 * Installable web app (docs/product/web-app-shell.md#offline, docs/product/web-app-shell.md#build-and-update):
 * the service-worker registration, the update check and its banner, and the "ready offline" notice
 * (ServiceWorkerUpdate.tsx). None of them shows anything in the first paint, so their code (with
 * Serwist's client) loads after hydration instead of with every page's first-load JavaScript
 * (docs/decisions/web-page-performance.md, "Browser bundle"). Props: `buildId`, the id of the
 * build that rendered the page (compared with /builds/latest.json).
 */
export const WebAppUpdate = lazyComponent(
  () => import('./ServiceWorkerUpdate').then((m) => m.ServiceWorkerUpdate),
  { clientOnly: true },
);

'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { SerwistProvider, useSerwist } from '@serwist/turbopack/react';
import { SERVICE_WORKER_URL, UPDATE_CHECK_INTERVAL_MS } from '@/lib/shell/constants';
import { fetchLatestBuildId, isNewBuild } from '@/lib/shell/update-check';
import { OfflineReadyNotice } from './OfflineReadyNotice';

/**
 * Installable web app (docs/product/web-app-shell.md#offline, docs/product/web-app-shell.md#build-and-update): registers the service worker /sw.js
 * (scope /, production builds only) and shows {@link UpdateBanner} and, once after the first
 * install, {@link OfflineReadyNotice}. Loaded on demand after hydration through WebAppUpdate.tsx.
 */
export function ServiceWorkerUpdate({ buildId }: { buildId: string }) {
  return (
    <SerwistProvider
      swUrl={SERVICE_WORKER_URL}
      disable={process.env.NODE_ENV !== 'production'}
      cacheOnNavigation={false}
      reloadOnOnline={false}
      options={{ scope: '/', type: 'classic' }}
    >
      <UpdateBanner buildId={buildId} />
      {process.env.NODE_ENV === 'production' ? <OfflineReadyNotice /> : null}
    </SerwistProvider>
  );
}

/**
 * Update prompt (docs/product/web-app-shell.md#build-and-update "Web-app update: needs refresh"): every 300 s (and once shortly after the
 * page loads, and when the tab becomes visible again) fetches /builds/latest.json with a
 * cache-busting query and asks the service worker to look for a new version; a changed build id or a
 * waiting worker shows a banner with a reload button, which activates the waiting worker (when there is one)
 * and reloads. Also asks the worker to keep the current catalogue page for offline use once it
 * controls the page.
 */
function UpdateBanner({ buildId }: { buildId: string }) {
  const t = useTranslations('shell.update');
  const { serwist } = useSerwist();
  const [needsRefresh, setNeedsRefresh] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const waiting = useRef(false);

  const check = useCallback(async () => {
    const latest = await fetchLatestBuildId();
    if (isNewBuild(buildId, latest)) setNeedsRefresh(true);
    void serwist?.update().catch(() => undefined);
  }, [buildId, serwist]);

  useEffect(() => {
    const first = window.setTimeout(() => void check(), 2000);
    const timer = window.setInterval(() => void check(), UPDATE_CHECK_INTERVAL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [check]);

  useEffect(() => {
    if (!serwist) return;
    const onWaiting = () => {
      waiting.current = true;
      setNeedsRefresh(true);
    };
    serwist.addEventListener('waiting', onWaiting);
    // Keep the page that was loaded before the worker took control (first visit) for offline use.
    void serwist.controlling.then(() =>
      serwist.messageSW({
        type: 'CACHE_URLS',
        payload: { urlsToCache: [location.pathname + location.search] },
      }),
    );
    return () => serwist.removeEventListener('waiting', onWaiting);
  }, [serwist]);

  const reload = () => {
    if (serwist && waiting.current) {
      serwist.addEventListener('controlling', () => location.reload());
      serwist.messageSkipWaiting();
      // The waiting worker may already be gone (another tab activated it): reload anyway.
      window.setTimeout(() => location.reload(), 3000);
    } else {
      location.reload();
    }
  };

  if (!needsRefresh || dismissed) return null;
  return (
    <div
      role="status"
      data-testid="shell-update-banner"
      className="fixed inset-x-0 top-0 z-50 flex flex-wrap items-center justify-center gap-3 bg-brand px-4 py-2 text-white shadow"
    >
      <p className="text-sm font-medium">{t('text')}</p>
      <button
        type="button"
        data-testid="shell-update-reload"
        onClick={reload}
        className="rounded bg-white px-3 py-1 text-sm font-semibold text-brand hover:bg-blue-50"
      >
        {t('reload')}
      </button>
      <button
        type="button"
        onClick={() => setDismissed(true)}
        className="rounded border border-white px-3 py-1 text-sm hover:bg-white/10"
      >
        {t('dismiss')}
      </button>
    </div>
  );
}

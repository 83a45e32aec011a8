'use client';

import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslations } from 'next-intl';

/**
 * "Ready to work offline" notice (docs/decisions/service-worker-caching.md): shown once, when the
 * service worker becomes active for the first time in this browser (the page had no active worker
 * when it loaded: a worker that was already installed never shows it again), until dismissed.
 * Sits in the page flow at the end of the main content (a node appended to `#main`): it covers no
 * button at any width and moves nothing the visitor is reading (inserted above the content it
 * pushed the page down by its height, a layout shift of 0.13 on a phone; docs/decisions/service-worker-caching.md).
 * A live region (`role="status"`) announces it at once.
 */
export function OfflineReadyNotice() {
  const t = useTranslations('shell.offlineReady');
  const [slot, setSlot] = useState<HTMLElement | null>(null);

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    let cancelled = false;
    let node: HTMLElement | null = null;
    void navigator.serviceWorker.getRegistration('/').then(async (existing) => {
      if (existing?.active || cancelled) return;
      await navigator.serviceWorker.ready;
      const main = document.getElementById('main');
      if (cancelled || !main) return;
      node = document.createElement('div');
      node.className = 'mt-6';
      node.dataset.testid = 'shell-offline-ready-slot';
      main.append(node);
      setSlot(node);
    });
    return () => {
      cancelled = true;
      node?.remove();
    };
  }, []);

  if (!slot) return null;
  return createPortal(
    <div
      role="status"
      data-testid="shell-offline-ready"
      className="flex flex-wrap items-center justify-between gap-3 rounded border border-brand/30 bg-blue-50 px-4 py-2 text-sm text-gray-900"
    >
      <p>{t('text')}</p>
      <button
        type="button"
        data-testid="shell-offline-ready-dismiss"
        onClick={() => {
          slot.remove();
          setSlot(null);
        }}
        className="rounded bg-brand px-3 py-1 font-semibold text-white hover:bg-brand/90"
      >
        {t('dismiss')}
      </button>
    </div>,
    slot,
  );
}

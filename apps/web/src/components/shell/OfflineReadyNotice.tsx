'use client';

import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslations } from 'next-intl';

/**
 * Resolves when a service worker takes control of this page, which none controlled when this code
 * loaded: the first install, as the worker claims the open pages when it activates (app/sw.ts
 * `clientsClaim`). Null when a worker already controlled the page. A page loaded past an installed
 * worker (a hard reload) is never claimed, so it never resolves there; nor for a new build's worker,
 * which takes over pages that another worker controlled. Taken when this code loads, before the
 * worker is registered (ServiceWorkerUpdate.tsx), so the claim cannot come before the listener: the
 * registration's state read later raced a fast install and missed the notice.
 */
const firstInstall: Promise<void> | null =
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  navigator.serviceWorker.controller === null
    ? new Promise((resolve) => {
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
      })
    : null;

/**
 * Events after which a page's largest contentful paint is final (the browser stops reporting new
 * candidates at the first tap, key or scroll).
 */
const FIRST_INPUT_EVENTS = ['pointerdown', 'keydown', 'scroll', 'wheel', 'touchstart'] as const;

/**
 * "Ready to work offline" notice (docs/decisions/service-worker-caching.md): shown once, when the
 * service worker is installed for the first time in this browser and takes control of the page
 * ({@link firstInstall}: a worker that was already installed never shows it again), until dismissed.
 * It waits for the visitor's first tap, key or scroll on the page: appearing before, it was the
 * largest paint of pages whose content is small text (the account page: LCP 3.8 s in Lighthouse).
 * Sits in the page flow at the end of the main content (a node appended to `#main`): it covers no
 * button at any width and moves nothing the visitor is reading (inserted above the content it
 * pushed the page down by its height, a layout shift of 0.13 on a phone; docs/decisions/service-worker-caching.md).
 * A live region (`role="status"`) announces it at once.
 */
export function OfflineReadyNotice() {
  const t = useTranslations('shell.offlineReady');
  const [slot, setSlot] = useState<HTMLElement | null>(null);

  useEffect(() => {
    if (!firstInstall) return;
    let cancelled = false;
    let node: HTMLElement | null = null;
    let stopListening = (): void => undefined;
    const firstInput = new Promise<void>((resolve) => {
      stopListening = () => {
        for (const type of FIRST_INPUT_EVENTS) window.removeEventListener(type, onInput, true);
      };
      const onInput = (): void => {
        stopListening();
        resolve();
      };
      for (const type of FIRST_INPUT_EVENTS)
        window.addEventListener(type, onInput, { capture: true, passive: true });
    });
    void Promise.all([firstInstall, firstInput]).then(() => {
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
      stopListening();
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

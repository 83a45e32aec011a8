'use client';

import { useEffect } from 'react';

/** Wait (ms) between two checks of the network while the offline page is shown. */
export const OFFLINE_RETRY_MS = 5000;

/**
 * Brings the real page back once the network returns (docs/decisions/service-worker-caching.md
 * "Offline page"): on the browser's `online` event and every {@link OFFLINE_RETRY_MS} ms, asks the
 * server for the page's URL (HEAD, not cached, not handled by the worker); any answer reloads the
 * page (the offline page is served at the URL that failed), or opens the home page of `lang` when
 * the offline page itself was opened. Renders the `text` it is given as a polite live region.
 */
export function OfflineRetry({ lang, text }: { lang: string; text: string }) {
  useEffect(() => {
    let done = false;
    const check = async () => {
      if (done) return;
      try {
        await fetch(location.href, { method: 'HEAD', cache: 'no-store' });
      } catch {
        return;
      }
      done = true;
      if (location.pathname.startsWith('/offline/')) location.assign(`/${lang}`);
      else location.reload();
    };
    const onOnline = () => void check();
    window.addEventListener('online', onOnline);
    const timer = window.setInterval(() => void check(), OFFLINE_RETRY_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      window.clearInterval(timer);
    };
  }, [lang]);
  return (
    <p role="status" className="mt-2 text-sm text-gray-700">
      {text}
    </p>
  );
}

'use client';

import { useEffect } from 'react';
import { useRouter } from 'next/navigation';
import type { PrefetchOptions } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import { appLinkClickTarget, appLinkPrefetchTarget } from '@/lib/shell/link-clicks';

/** Full prefetch (the page's data too, not only its shell): the routes are dynamic. */
const FULL_PREFETCH = { kind: 'full' } as unknown as PrefetchOptions;

/** `<html data-app-links>` value while the router listens to the page's clicks. */
export const APP_LINKS_READY = 'ready';

/** Events that show the intent to follow a link: a pointer entering it, a touch, the focus. */
const INTENT_EVENTS = ['pointerover', 'touchstart', 'focusin'] as const;

/**
 * One listener for every in-app link of the page (`<a data-app-link>`, written by
 * components/nav/AppAnchor.tsx): a plain click navigates in the page with the App Router
 * (`router.push`, scrolled to the top as next/link does, unless the link keeps the scroll
 * position) instead of loading a new document; a pointer entering the link, a finger touching it
 * or the focus reaching it prefetches its target once (in full, data included, for
 * `<a data-app-link="full">`). Clicks with a modifier key, the middle button, `target="_blank"` or
 * another origin are left to the browser, and so is every click before this component has
 * hydrated: the links are real anchors that work without JavaScript. While it listens, `<html>`
 * carries `data-app-links="ready"` ({@link APP_LINKS_READY}), so a journey knows that a click from
 * now on stays in the page. After a history traversal (back, forward) `<html>` carries
 * `data-history-traversed`: result cards are then drawn in full (app/globals.css
 * `.offscreen-skipped`). Renders nothing. Mounted once in the site header, after hydration
 * (AppLinkRouterLazy; docs/decisions/app-links.md).
 */
export function AppLinkRouter() {
  const router = useRouter();
  useEffect(() => {
    const prefetched = new Set<string>();
    const onClick = (event: MouseEvent) => {
      const target = appLinkClickTarget(event, window.location);
      if (target === null) return;
      event.preventDefault();
      router.push(target.path, { scroll: target.scroll });
    };
    const onIntent = (event: Event) => {
      const target = appLinkPrefetchTarget(event.target, window.location);
      if (target === null || prefetched.has(target.path)) return;
      prefetched.add(target.path);
      router.prefetch(target.path, target.full ? FULL_PREFETCH : undefined);
    };
    // Back or forward: a listing comes back at its former scroll position, which falls on the same
    // card only when every card above it has its real height (docs/decisions/offscreen-cards.md).
    const onHistory = () => {
      document.documentElement.dataset.historyTraversed = '';
    };
    document.addEventListener('click', onClick);
    for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, { passive: true });
    window.addEventListener('popstate', onHistory);
    document.documentElement.dataset.appLinks = APP_LINKS_READY;
    return () => {
      delete document.documentElement.dataset.appLinks;
      window.removeEventListener('popstate', onHistory);
      document.removeEventListener('click', onClick);
      for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent);
    };
  }, [router]);
  return null;
}

'use client';

import { useEffect, useRef, useState } from 'react';
import { usePathname, useSearchParams } from 'next/navigation';
import { NAVIGATION_START_EVENT } from '@/lib/shell/navigation-start';
import { isInternalNavigation } from '@/lib/shell/link-clicks';

/** docs/product/constants.md#display: loading bar timings (ms) and height (px); colour #0C4E99 (docs/product/web-app-shell.md#global-interface-pieces). */
export const LOADING_BAR = {
  color: '#0C4E99',
  durationMs: 2000,
  throttleMs: 200,
  hideDelayMs: 500,
  resetDelayMs: 400,
  heightPx: 3,
} as const;

type Phase = 'idle' | 'waiting' | 'running' | 'finishing' | 'hiding';

/**
 * Page-loading progress bar (docs/product/web-app-shell.md#global-interface-pieces, docs/product/constants.md): appears only when a navigation takes longer than the
 * 200 ms throttle, crawls to 90 % over 2000 ms, completes when the new URL has rendered, stays
 * 500 ms, then fades and resets after 400 ms. 3 px high, #0C4E99, decorative (aria-hidden).
 * Starts on in-app link clicks and on `signalNavigationStart()`; ends when pathname or query change.
 */
export function PageLoadingBar() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const [phase, setPhase] = useState<Phase>('idle');
  const timers = useRef<number[]>([]);

  const clear = () => {
    timers.current.forEach((t) => window.clearTimeout(t));
    timers.current = [];
  };
  const later = (ms: number, fn: () => void) => timers.current.push(window.setTimeout(fn, ms));

  useEffect(() => {
    const start = () => {
      clear();
      setPhase('waiting');
      later(LOADING_BAR.throttleMs, () => setPhase('running'));
    };
    const onClick = (e: MouseEvent) => {
      if (isInternalNavigation(e, window.location)) start();
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener(NAVIGATION_START_EVENT, start);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener(NAVIGATION_START_EVENT, start);
      clear();
    };
  }, []);

  useEffect(() => {
    setPhase((current) => {
      if (current === 'waiting') {
        clear();
        return 'idle';
      }
      if (current !== 'running') return current;
      clear();
      later(LOADING_BAR.hideDelayMs, () => setPhase('hiding'));
      later(LOADING_BAR.hideDelayMs + LOADING_BAR.resetDelayMs, () => setPhase('idle'));
      return 'finishing';
    });
  }, [pathname, search]);

  const width = phase === 'running' ? '90%' : phase === 'finishing' || phase === 'hiding' ? '100%' : '0%';
  const transition =
    phase === 'running'
      ? `width ${LOADING_BAR.durationMs}ms ease-out`
      : phase === 'finishing'
        ? 'width 200ms ease-in'
        : phase === 'hiding'
          ? `opacity ${LOADING_BAR.resetDelayMs}ms linear`
          : 'none';
  return (
    <div
      aria-hidden="true"
      data-phase={phase}
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        zIndex: 1600,
        height: LOADING_BAR.heightPx,
        width,
        background: LOADING_BAR.color,
        opacity: phase === 'idle' || phase === 'waiting' || phase === 'hiding' ? 0 : 1,
        transition,
        pointerEvents: 'none',
      }}
    />
  );
}

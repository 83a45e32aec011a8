'use client';

import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';

/**
 * True in the browser once the component has mounted, false on the server and during hydration (so
 * the first client render matches the server's HTML). Set by an effect: a normal-priority render
 * after hydration (a store-based flag would force a synchronous one). Also for a value that the
 * browser may know before a part hydrates (components/Alternates.tsx): React keeps the server's
 * attributes when a hydrating render differs from them, so such a value is shown from this flag on.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * A component whose code is fetched the first time it renders, not with the page's first-load
 * JavaScript (docs/decisions/web-page-performance.md, "Browser bundle"): React's `lazy` inside a
 * `Suspense` boundary showing `fallback` (default nothing) until the code is there.
 * - `load`: the dynamic `import()` of the module, resolved to the component (e.g.
 *   `() => import('./Dialog').then((m) => m.Dialog)`), so the bundler puts it in a chunk of its own;
 * - `clientOnly`: never rendered on the server nor during hydration (the fallback stands in for
 *   it), for what needs the browser or shows nothing in the first paint; otherwise the server
 *   renders it like a static import and only its script arrives later.
 * Returns a component taking the loaded component's props (and `lazyFallback`, which replaces
 * `fallback` for one render). Used instead of `next/dynamic`, whose
 * loadable wrapper, preload and bail-out modules would add about 2 kB gzip to every page.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { fallback = null, clientOnly = false }: { fallback?: ReactNode; clientOnly?: boolean } = {},
): ComponentType<P & LazyFallbackProp> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  function LazyComponent({ lazyFallback, ...props }: P & LazyFallbackProp) {
    const hydrated = useHydrated();
    const shown = lazyFallback ?? fallback;
    if (clientOnly && !hydrated) return shown;
    return (
      <Suspense fallback={shown}>
        <Loaded {...(props as P)} />
      </Suspense>
    );
  }
  return LazyComponent;
}

/**
 * Optional prop of a {@link lazyComponent}: what to show while its code loads, given at render
 * (e.g. a translated "Loading…" line) instead of the `fallback` fixed when it was declared.
 */
export interface LazyFallbackProp {
  lazyFallback?: ReactNode;
}

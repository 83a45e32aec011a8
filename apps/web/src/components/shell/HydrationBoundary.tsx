import { Activity, type ReactNode } from 'react';

/**
 * A part of the page that the browser hydrates on its own, after the shell, in slices that leave
 * the main thread free between them (docs/decisions/hydration-boundaries.md).
 *
 * It is React's `<Activity mode="visible">`: the server renders `children` in place, between
 * `<!--&-->` and `<!--/&-->` markers, and waits for them as it does without the boundary (no
 * fallback, nothing streamed later); the browser hydrates the shell first, then each boundary at
 * a low priority that yields to the browser every few ms. A press on a part not hydrated yet
 * hydrates that part at once and is then handled (React's selective hydration).
 *
 * Nothing else changes: effects inside run once their part is hydrated, a few frames later than
 * in the shell. Requirement: docs/decisions/web-page-performance.md (total blocking time on a
 * phone).
 */
export function HydrationBoundary({ children }: { children: ReactNode }) {
  return <Activity mode="visible">{children}</Activity>;
}

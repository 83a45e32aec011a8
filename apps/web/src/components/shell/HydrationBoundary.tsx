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
 * Effects inside run once their part is hydrated, a few frames after the shell's. A value the
 * shell sets in an effect must read, while a part hydrates, as the server rendered it (`useCart`
 * does). Requirement: docs/decisions/web-page-performance.md (total blocking time on a phone).
 */
export function HydrationBoundary({ children }: { children: ReactNode }) {
  return <Activity mode="visible">{children}</Activity>;
}

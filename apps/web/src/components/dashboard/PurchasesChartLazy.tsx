'use client';

import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { lazyComponent } from '@/lib/lazy-component';
import type { PurchasesChart } from './PurchasesChart';

/** Distance (px) below the viewport at which the chart starts loading: a quarter of a phone screen. */
export const CHART_LOAD_MARGIN_PX = 200;

/** The empty block of the chart's height that holds its place until it is drawn. */
function ChartPlaceholder() {
  return <div className="h-80 w-full" aria-hidden="true" data-testid="purchases-chart-loading" />;
}

const PurchasesChartDynamic = lazyComponent(() => import('./PurchasesChart').then((m) => m.PurchasesChart), {
  clientOnly: true,
  fallback: <ChartPlaceholder />,
});

/**
 * The purchases chart of the account dashboard, loaded once it comes within
 * {@link CHART_LOAD_MARGIN_PX} of the viewport (docs/decisions/web-page-performance.md, "Browser
 * bundle"): recharts (about 110 kB gzip, some 200 ms of script on a phone) is neither in the
 * dashboard's first-load JavaScript nor run while the page above it is still loading; on a phone the
 * chart is below the fold, on a desktop it usually loads at once. Until it arrives an empty block of
 * the chart's height holds its place, so nothing moves; the table alternative next to it is
 * server-rendered and complete from the start. Same props as PurchasesChart (months EUR excl. VAT
 * per family).
 */
export function PurchasesChartLazy(props: ComponentProps<typeof PurchasesChart>) {
  const placeholder = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = placeholder.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: `${CHART_LOAD_MARGIN_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  if (near) return <PurchasesChartDynamic {...props} />;
  return (
    <div ref={placeholder}>
      <ChartPlaceholder />
    </div>
  );
}

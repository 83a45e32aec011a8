'use client';

import dynamic from 'next/dynamic';

/**
 * The purchases chart of the account dashboard, loaded after the page: recharts (about 110 kB gzip)
 * is kept out of the dashboard's first-load JavaScript (docs/decisions/web-page-performance.md,
 * "Browser bundle"). Until it arrives an empty block of the chart's height holds its place, so
 * nothing moves; the table alternative next to it is server-rendered and complete from the start.
 * Same props as PurchasesChart (months EUR excl. VAT per family).
 */
export const PurchasesChartLazy = dynamic(() => import('./PurchasesChart').then((m) => m.PurchasesChart), {
  ssr: false,
  loading: () => <div className="h-80 w-full" aria-hidden="true" data-testid="purchases-chart-loading" />,
});

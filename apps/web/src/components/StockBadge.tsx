import { useTranslations } from 'next-intl';
import type { StockState } from '@vetshop/domain';
import { Badge } from '@/components/ui/Badge';
import type { BadgeTone } from '@/components/ui/styles';

const TONE: Record<StockState, BadgeTone> = {
  in_stock: 'ok',
  in_limited_stock: 'warn',
  resupplying: 'warn',
  out_of_stock: 'bad',
  supplier_out_of_stock: 'bad',
};

/**
 * Stock state label of one variant, as a badge coloured by availability
 * (the text carries the meaning, not the colour). `testId` sets its data-testid. A synchronous
 * server component (the request's translator, `useTranslations`), so React renders it in place: a
 * listing draws one per distinct pack of every card (docs/decisions/web-page-performance.md,
 * "Listing cards and filters").
 */
export function StockBadge({ state, testId }: { state: StockState; testId?: string }) {
  const t = useTranslations('stock');
  return (
    <Badge tone={TONE[state]} data-testid={testId} data-state={state}>
      <span aria-hidden="true">●</span>
      {t(state)}
    </Badge>
  );
}

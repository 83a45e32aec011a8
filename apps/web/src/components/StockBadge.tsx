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
 * (the text carries the meaning, not the colour). `testId` sets its data-testid. Synchronous
 * (`useTranslations`), so React renders it in place on the server; a result card's pack choice
 * (product/CardPackChoice.tsx) draws it in the browser, so a listing's payload carries each pack's
 * state instead of its badge (docs/decisions/web-page-performance.md, "Listing cards and filters";
 * the `stock` messages are sent to the browser, i18n/client-messages.ts).
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

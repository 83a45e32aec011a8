import { getTranslations } from 'next-intl/server';
import type { Locale, StockState } from '@vetshop/domain';

const TONE: Record<StockState, string> = {
  in_stock: 'text-ok',
  in_limited_stock: 'text-warn',
  resupplying: 'text-warn',
  out_of_stock: 'text-bad',
  supplier_out_of_stock: 'text-bad',
};

/** Stock state label (spec 4 stock states), coloured by availability (text, not colour alone). */
export async function StockBadge({ locale, state }: { locale: Locale; state: StockState }) {
  const t = await getTranslations({ locale, namespace: 'stock' });
  return (
    <span className={`inline-flex items-center gap-1 text-sm font-medium ${TONE[state]}`}>
      <span aria-hidden="true">●</span>
      {t(state)}
    </span>
  );
}

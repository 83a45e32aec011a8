'use client';

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { FAMILIES, FORMAT_LOCALES, type Family, type Locale } from '@vetshop/domain';
import { formatPrice } from '@/lib/format';

/** Bar colours per family (distinct hues, each ≥ 3:1 against white). */
export const FAMILY_COLOURS: Record<Family, string> = {
  meds: '#1d6a86',
  food: '#b7791f',
  equipment: '#6b46a8',
};

/** One month of the chart: short label and EUR excl. VAT per family. */
export interface ChartMonth {
  label: string;
  meds: number;
  food: number;
  equipment: number;
}

/**
 * Stacked bar chart of a year's purchases per month by food, equipment and meds (docs/product/customer-area.md#dashboard account
 * dashboard), drawn with recharts on the client. Amounts EUR excl. VAT. The chart is decorative
 * for assistive technologies (aria-hidden): the table next to it (PurchasesSection) carries the same
 * figures for screen readers (recharts' keyboard layer is off: nothing focusable under aria-hidden).
 * data-testid `purchases-chart`.
 */
export function PurchasesChart({
  locale,
  months,
  familyLabels,
}: {
  locale: Locale;
  months: ChartMonth[];
  familyLabels: Record<Family, string>;
}) {
  const money = (v: number) => formatPrice(v, locale);
  return (
    <div className="h-80 w-full" aria-hidden="true" data-testid="purchases-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={months} margin={{ top: 8, right: 8, bottom: 8, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" />
          <YAxis
            width={80}
            tickFormatter={(v: number) =>
              new Intl.NumberFormat(FORMAT_LOCALES[locale], {
                notation: 'compact',
                maximumFractionDigits: 1,
              }).format(v)
            }
          />
          <Tooltip formatter={(v) => (typeof v === 'number' ? money(v) : String(v))} />
          <Legend />
          {FAMILIES.map((f) => (
            <Bar
              key={f}
              dataKey={f}
              name={familyLabels[f]}
              stackId="purchases"
              fill={FAMILY_COLOURS[f]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

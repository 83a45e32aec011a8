import { orderProgress } from '@vetshop/domain';
import { hasMessage } from '@/i18n/keys';

/**
 * Progress bar of an order (docs/product/orders-and-documents.md#order-states and progress": cancel 0, pending 30, processing 50,
 * delivery_partial 70, delivery_full 100, any other value 0). `label` names the bar for assistive
 * technologies (e.g. "Progress"), `valueText` is the spoken value (e.g. "50 %").
 */
export function OrderProgress({
  state,
  label,
  valueText,
  testId,
}: {
  state: string;
  label: string;
  valueText: (percent: number) => string;
  testId?: string;
}) {
  const percent = orderProgress(state);
  return (
    <div className="flex min-w-32 items-center gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={valueText(percent)}
        data-testid={testId}
        data-progress={percent}
        className="h-2.5 w-24 overflow-hidden rounded-full bg-surface ring-1 ring-line"
      >
        <div
          className={state === 'cancel' ? 'h-full bg-red-700' : 'h-full bg-brand'}
          style={{ width: `${percent}%` }}
        />
      </div>
      <span className="text-sm tabular-nums" aria-hidden="true">
        {valueText(percent)}
      </span>
    </div>
  );
}

/**
 * Label of an order state in the interface language: the `orders.states.<state>` message for the
 * known states (docs/product/orders-and-documents.md), else the api's state label, else the raw state.
 */
export function stateLabel<K extends string>(
  t: { has: (key: K) => boolean; (key: K): string },
  state: string,
  apiLabel?: string,
): string {
  const key = `states.${state}`;
  if (hasMessage(t, key)) return t(key);
  return apiLabel || state;
}

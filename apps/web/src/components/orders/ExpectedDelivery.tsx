import { EXPECTED_DELIVERY_MESSAGE, type ExpectedDeliveryKind } from '@/lib/cart/expected-delivery';

/**
 * The expected delivery of a cart (docs/decisions/expected-delivery-and-backorders.md): the
 * carrier's date in green when it holds for the whole order or for the units in stock, a neutral
 * "to be confirmed" without a date when every unit goes on backorder. `text` renders a message of
 * the `orderTotals` namespace with the date; no hooks, so server and client pages share it.
 */
export function ExpectedDelivery({
  kind,
  text,
  className,
  testId,
}: {
  kind: ExpectedDeliveryKind;
  text: (key: (typeof EXPECTED_DELIVERY_MESSAGE)[ExpectedDeliveryKind]) => string;
  className: string;
  testId: string;
}) {
  return (
    <p
      className={`${className} ${kind === 'backorder' ? 'text-ink' : 'text-ok'}`}
      data-testid={testId}
      data-kind={kind}
    >
      {text(EXPECTED_DELIVERY_MESSAGE[kind])}
    </p>
  );
}

/**
 * The expected-delivery messages of the web (docs/decisions/expected-delivery-and-backorders.md);
 * the rule that picks the kind is the domain's `expectedDeliveryKind` / `orderExpectedDeliveryKind`.
 */
import type { ExpectedDeliveryKind } from '@vetshop/domain';

export { expectedDeliveryKind, orderExpectedDeliveryKind, type ExpectedDeliveryKind } from '@vetshop/domain';

/** The message of each kind in the `orderTotals` namespace. */
export const EXPECTED_DELIVERY_MESSAGE = {
  all: 'expectedDate',
  inStock: 'expectedDateInStock',
  backorder: 'expectedDateBackorder',
} as const satisfies Record<ExpectedDeliveryKind, string>;

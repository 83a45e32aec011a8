'use client';

import { useTranslations } from 'next-intl';
import { StaffAction } from './StaffAction';

/**
 * Staff confirm that a shipped delivery arrived (docs/decisions/shipped-and-delivered.md):
 * POST /staff/sales/{saleId}/pickings/{pickingId}/delivered, then the page reloads its data (the
 * picking shows "delivered" and its date). Test id `picking-delivered-<pickingId>(-submit)`.
 */
export function MarkDeliveredButton({ saleId, pickingId }: { saleId: number; pickingId: number }) {
  const t = useTranslations('orderHistory.staff');
  return (
    <StaffAction
      path={`/staff/sales/${saleId}/pickings/${pickingId}/delivered`}
      testId={`picking-delivered-${pickingId}`}
      label={t('markDelivered')}
      done={t('markedDelivered')}
      variant="secondary"
    />
  );
}

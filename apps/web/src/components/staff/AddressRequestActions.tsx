'use client';

import { useTranslations } from 'next-intl';
import { ReasonField, StaffAction } from './StaffAction';

/**
 * Decision forms of a pending invoicing-address change request (docs/decisions/address-change-requests.md "address change
 * requests"): apply it (POST /staff/address_change_requests/{id}/approve: the requested fields are
 * copied onto the address) or refuse it with a reason (…/refuse). Test ids `address-apply(-submit)`,
 * `address-refuse(-submit)`, `address-reason-<id>`.
 */
export function AddressRequestActions({ id }: { id: number }) {
  const t = useTranslations('staff.addresses');
  return (
    <div className="space-y-3">
      <StaffAction
        path={`/staff/address_change_requests/${id}/approve`}
        testId="address-apply"
        label={t('apply')}
        done={t('applied')}
      />
      <StaffAction
        path={`/staff/address_change_requests/${id}/refuse`}
        testId="address-refuse"
        label={t('refuse')}
        done={t('refused')}
        variant="danger"
        body={(form) => ({ reason: String(form.get('reason') ?? '') })}
      >
        <ReasonField id={`address-reason-${id}`} label={t('reason')} />
      </StaffAction>
    </div>
  );
}

'use client';

import { useTranslations } from 'next-intl';
import type { LeadState } from '@vetshop/domain';
import { StaffAction } from '@/components/staff/StaffAction';

/**
 * Staff action on one contact request (docs/product/back-office.md#contact-forms-and-leads back office, POST /staff/leads/{id}/handle): "Mark
 * handled" for a new lead, "Reopen" (back to new) for a handled one; the page reloads after
 * success. Test ids `lead-handle` / `lead-reopen` (+ `-submit`, `-error`, `-done`).
 */
export function LeadActions({ id, state }: { id: number; state: LeadState }) {
  const t = useTranslations('contact.staff');
  return state === 'new' ? (
    <StaffAction
      path={`/staff/leads/${id}/handle`}
      body={() => ({ handled: true })}
      label={t('markHandled')}
      done={t('handledDone')}
      testId="lead-handle"
    />
  ) : (
    <StaffAction
      path={`/staff/leads/${id}/handle`}
      body={() => ({ handled: false })}
      label={t('reopen')}
      done={t('reopenedDone')}
      testId="lead-reopen"
      variant="secondary"
    />
  );
}

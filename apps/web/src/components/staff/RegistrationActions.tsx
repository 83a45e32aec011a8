'use client';

import { useTranslations } from 'next-intl';
import { FUNCTIONS, PRICE_LISTS, type CustomerFunction } from '@vetshop/domain';
import { ReasonField, StaffAction } from './StaffAction';

/**
 * Decision forms of a pending application (issue 6 "registration requests (approve with role and
 * price list, or refuse)"): approve with a role (customer function, default the applied one) and
 * a price list (default: the one of the role) and the CSV order import right (default off)
 * → POST /staff/registrations/{id}/approve; or refuse with a reason (1-500 characters) → POST
 * /staff/registrations/{id}/refuse. Test ids
 * `registration-role`, `registration-price-list`, `registration-approve(-submit)`,
 * `registration-can-import`, `registration-reason-<id>`, `registration-refuse(-submit)`.
 */
export function RegistrationActions({ id, applied }: { id: number; applied: CustomerFunction }) {
  const t = useTranslations('staff.registrations');
  const tf = useTranslations('functions');
  const tp = useTranslations('priceLists');
  const select = 'rounded border border-line bg-white px-3 py-2';
  return (
    <div className="space-y-3">
      <StaffAction
        path={`/staff/registrations/${id}/approve`}
        testId="registration-approve"
        label={t('approve')}
        done={t('approved')}
        body={(form) => {
          const priceList = String(form.get('price_list') ?? '');
          return {
            role: String(form.get('role')),
            can_import: form.get('can_import') === 'on',
            ...(priceList ? { price_list: priceList } : {}),
          };
        }}
      >
        <div>
          <label htmlFor={`role-${id}`} className="mb-1 block text-sm font-medium">
            {t('role')}
          </label>
          <select
            id={`role-${id}`}
            name="role"
            defaultValue={applied}
            className={select}
            data-testid="registration-role"
          >
            {FUNCTIONS.map((fn) => (
              <option key={fn} value={fn}>
                {tf(fn)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`price-list-${id}`} className="mb-1 block text-sm font-medium">
            {t('priceList')}
          </label>
          <select
            id={`price-list-${id}`}
            name="price_list"
            defaultValue=""
            className={select}
            data-testid="registration-price-list"
          >
            <option value="">{t('priceListOfRole')}</option>
            {PRICE_LISTS.map((pl) => (
              <option key={pl} value={pl}>
                {tp(pl)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-center gap-2 py-2">
          <input
            id={`can-import-${id}`}
            name="can_import"
            type="checkbox"
            className="h-4 w-4"
            data-testid="registration-can-import"
          />
          <label htmlFor={`can-import-${id}`} className="text-sm">
            {t('canImport')}
          </label>
        </div>
      </StaffAction>
      <StaffAction
        path={`/staff/registrations/${id}/refuse`}
        testId="registration-refuse"
        label={t('refuse')}
        done={t('refused')}
        variant="danger"
        body={(form) => ({ reason: String(form.get('reason') ?? '') })}
      >
        <ReasonField id={`registration-reason-${id}`} label={t('reason')} />
      </StaffAction>
    </div>
  );
}

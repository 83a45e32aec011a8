'use client';

import { useTranslations } from 'next-intl';
import { FUNCTIONS, PRICE_LISTS, type CustomerFunction, type StaffCustomerOptions } from '@vetshop/domain';
import { ReasonField, StaffAction } from './StaffAction';

/**
 * Decision forms of a pending application (docs/product/back-office.md#registration-requests "registration requests (approve with role and
 * price list, or refuse)"): approve with a role (customer function, default the applied one) and
 * a price list (default: the one of the role), the CSV order import right (default off), the
 * veterinary groups of the first user and the customer's sales person (`options`: GET
 * /staff/customers/options; docs/decisions/staff-customers.md)
 * → POST /staff/registrations/{id}/approve; or refuse with a reason (1-500 characters) → POST
 * /staff/registrations/{id}/refuse. Test ids
 * `registration-role`, `registration-price-list`, `registration-approve(-submit)`,
 * `registration-can-import`, `registration-vet-group-<groupId>`, `registration-sales-person`,
 * `registration-reason-<id>`, `registration-refuse(-submit)`.
 */
export function RegistrationActions({
  id,
  applied,
  options,
}: {
  id: number;
  applied: CustomerFunction;
  options: StaffCustomerOptions;
}) {
  const tc = useTranslations('staffCustomers.registration');
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
          const salesPerson = String(form.get('sales_person_id') ?? '');
          return {
            role: String(form.get('role')),
            can_import: form.get('can_import') === 'on',
            vet_group_ids: form.getAll('vet_group_ids').map((v) => Number(v)),
            ...(priceList ? { price_list: priceList } : {}),
            ...(salesPerson ? { sales_person_id: Number(salesPerson) } : {}),
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
        {options.vet_groups.length ? (
          <fieldset>
            <legend className="mb-1 block text-sm font-medium">{tc('vetGroups')}</legend>
            {options.vet_groups.map((g) => (
              <div key={g.id} className="flex items-center gap-2">
                <input
                  id={`vet-group-${id}-${g.id}`}
                  name="vet_group_ids"
                  type="checkbox"
                  value={g.id}
                  className="h-4 w-4"
                  data-testid={`registration-vet-group-${g.id}`}
                />
                <label htmlFor={`vet-group-${id}-${g.id}`} className="text-sm">
                  {g.name}
                </label>
              </div>
            ))}
          </fieldset>
        ) : null}
        <div>
          <label htmlFor={`sales-person-${id}`} className="mb-1 block text-sm font-medium">
            {tc('salesPerson')}
          </label>
          <select
            id={`sales-person-${id}`}
            name="sales_person_id"
            defaultValue=""
            className={select}
            data-testid="registration-sales-person"
          >
            <option value="">{tc('noSalesPerson')}</option>
            {options.sales_persons.map((sp) => (
              <option key={sp.id} value={sp.id}>
                {sp.name}
              </option>
            ))}
          </select>
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

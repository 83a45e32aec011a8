'use client';

import { useTranslations } from 'next-intl';
import {
  LOCALES,
  MAX_PAYMENT_TERMS_DAYS,
  type StaffCustomerDetail,
  type StaffCustomerOptions,
  type StaffCustomerUser,
} from '@vetshop/domain';
import { StaffAction } from '@/components/staff/StaffAction';
import { messageOr } from '@/i18n/keys';

const control = 'rounded border border-line bg-white px-3 py-2';
const label = 'mb-1 block text-sm font-medium';

/**
 * The practice's sales person (or none) and payment terms (0 to MAX_PAYMENT_TERMS_DAYS days net)
 * → PUT /staff/customers/{id}. Test ids `customer-settings(-submit|-done|-error)`,
 * `customer-sales-person`, `customer-payment-terms`.
 */
export function CustomerSettingsForm({
  customer,
  options,
}: {
  customer: StaffCustomerDetail;
  options: StaffCustomerOptions;
}) {
  const t = useTranslations('staffCustomers');
  return (
    <StaffAction
      path={`/staff/customers/${customer.id}`}
      method="PUT"
      testId="customer-settings"
      label={t('save')}
      done={t('saved')}
      body={(form) => {
        const sp = String(form.get('sales_person_id') ?? '');
        return {
          sales_person_id: sp ? Number(sp) : null,
          payment_terms_days: Number(form.get('payment_terms_days')),
        };
      }}
    >
      <div>
        <label htmlFor="customer-sales-person" className={label}>
          {t('salesPerson')}
        </label>
        <select
          id="customer-sales-person"
          name="sales_person_id"
          defaultValue={customer.sales_person_id ?? ''}
          className={control}
          data-testid="customer-sales-person"
        >
          <option value="">{t('noSalesPerson')}</option>
          {options.sales_persons.map((sp) => (
            <option key={sp.id} value={sp.id}>
              {sp.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="customer-payment-terms" className={label}>
          {t('paymentTerms')}
        </label>
        <input
          id="customer-payment-terms"
          name="payment_terms_days"
          type="number"
          min={0}
          max={MAX_PAYMENT_TERMS_DAYS}
          required
          defaultValue={customer.payment_terms_days}
          className={`${control} w-28`}
          data-testid="customer-payment-terms"
        />
      </div>
    </StaffAction>
  );
}

/** A labelled checkbox of a form. */
function Check({ id, name, text, checked }: { id: string; name: string; text: string; checked: boolean }) {
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        name={name}
        type="checkbox"
        defaultChecked={checked}
        className="h-4 w-4"
        data-testid={id}
      />
      <label htmlFor={id} className="text-sm">
        {text}
      </label>
    </div>
  );
}

/**
 * One user of the practice: login, state, and its settings form (price list, veterinary groups,
 * may order, may import, supplier promotions → PUT /staff/customers/{id}/users/{userId}); then
 * deactivate (every session closed at once) or activate, and send the invitation again. Test ids
 * `customer-user` (data-login, data-active), `user-settings-<userId>`, `user-deactivate-<userId>`,
 * `user-activate-<userId>`, `user-invite-<userId>`.
 */
export function UserCard({
  customerId,
  user,
  options,
}: {
  customerId: number;
  user: StaffCustomerUser;
  options: StaffCustomerOptions;
}) {
  const t = useTranslations('staffCustomers');
  const tp = useTranslations('priceLists');
  const base = `/staff/customers/${customerId}/users/${user.id}`;
  const id = (name: string) => `user-${name}-${user.id}`;
  return (
    <article
      className="space-y-3 rounded border border-line p-4"
      data-testid="customer-user"
      data-login={user.login}
      data-active={String(user.active)}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <h3 className="font-semibold">{user.name}</h3>
          <p className="break-all text-sm text-muted">{user.login}</p>
        </div>
        <p className="text-sm">
          {user.active ? t('active') : t('inactive')}
          {!user.has_password ? ` · ${t('noPassword')}` : ''}
          {!user.email_verified ? ` · ${t('emailNotVerified')}` : ''}
        </p>
      </header>
      <StaffAction
        path={base}
        method="PUT"
        testId={`user-settings-${user.id}`}
        label={t('save')}
        done={t('saved')}
        body={(form) => ({
          price_list: String(form.get('price_list')),
          vet_group_ids: form.getAll('vet_group_ids').map((v) => Number(v)),
          can_order: form.get('can_order') === 'on',
          can_import: form.get('can_import') === 'on',
          supplier_promotion: form.get('supplier_promotion') === 'on',
        })}
      >
        <div>
          <label htmlFor={id('price-list')} className={label}>
            {t('priceList')}
          </label>
          <select
            id={id('price-list')}
            name="price_list"
            defaultValue={user.price_list}
            className={control}
            data-testid={id('price-list')}
          >
            {options.price_lists.map((pl) => (
              <option key={pl} value={pl}>
                {messageOr(tp, pl, pl)}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="min-w-48">
          <legend className={label}>{t('vetGroups')}</legend>
          {options.vet_groups.length === 0 ? <p className="text-sm text-muted">—</p> : null}
          {options.vet_groups.map((g) => (
            <div key={g.id} className="flex items-center gap-2">
              <input
                id={id(`group-${g.id}`)}
                name="vet_group_ids"
                type="checkbox"
                value={g.id}
                defaultChecked={user.vet_group_ids.includes(g.id)}
                className="h-4 w-4"
              />
              <label htmlFor={id(`group-${g.id}`)} className="text-sm">
                {g.name}
              </label>
            </div>
          ))}
        </fieldset>
        <div className="space-y-1">
          <Check id={id('can-order')} name="can_order" text={t('canOrder')} checked={user.can_order} />
          <Check id={id('can-import')} name="can_import" text={t('canImport')} checked={user.can_import} />
          <Check
            id={id('supplier-promotion')}
            name="supplier_promotion"
            text={t('supplierPromotion')}
            checked={user.supplier_promotion}
          />
        </div>
      </StaffAction>
      <div className="flex flex-wrap gap-3">
        {user.active ? (
          <>
            <StaffAction
              path={`${base}/deactivate`}
              testId={`user-deactivate-${user.id}`}
              label={t('deactivate')}
              done={t('deactivated')}
              variant="danger"
            />
            <StaffAction
              path={`${base}/invitation`}
              testId={`user-invite-${user.id}`}
              label={t('invite')}
              done={t('invited')}
              variant="secondary"
            />
          </>
        ) : (
          <StaffAction
            path={`${base}/activate`}
            testId={`user-activate-${user.id}`}
            label={t('activate')}
            done={t('activated')}
            variant="secondary"
          />
        )}
      </div>
    </article>
  );
}

/**
 * Adds a user to the practice (email = login, given and family name, language of its mails) →
 * POST /staff/customers/{id}/users; the user gets an invitation mail with a set-password link.
 * Test ids `add-user(-submit|-done|-error)`, `add-user-email`, `add-user-given-name`,
 * `add-user-family-name`, `add-user-locale`.
 */
export function AddUserForm({ customerId, locale }: { customerId: number; locale: string }) {
  const t = useTranslations('staffCustomers');
  const tl = useTranslations('locales');
  const field = (name: string, text: string, type = 'text') => (
    <div>
      <label htmlFor={`add-user-${name}`} className={label}>
        {text}
      </label>
      <input
        id={`add-user-${name}`}
        name={name.replace('-', '_')}
        type={type}
        required
        maxLength={type === 'email' ? 254 : 80}
        className={control}
        data-testid={`add-user-${name}`}
      />
    </div>
  );
  return (
    <StaffAction
      path={`/staff/customers/${customerId}/users`}
      testId="add-user"
      label={t('addUserSubmit')}
      done={t('userAdded')}
      body={(form) => ({
        email: String(form.get('email') ?? ''),
        given_name: String(form.get('given_name') ?? ''),
        family_name: String(form.get('family_name') ?? ''),
        locale: String(form.get('locale') ?? locale),
      })}
    >
      {field('email', t('email'), 'email')}
      {field('given-name', t('givenName'))}
      {field('family-name', t('familyName'))}
      <div>
        <label htmlFor="add-user-locale" className={label}>
          {t('language')}
        </label>
        <select
          id="add-user-locale"
          name="locale"
          defaultValue={locale}
          className={control}
          data-testid="add-user-locale"
        >
          {LOCALES.map((l) => (
            <option key={l} value={l}>
              {tl(l)}
            </option>
          ))}
        </select>
      </div>
    </StaffAction>
  );
}

'use client';

import { useEffect, useId, useMemo, useRef, useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { z } from 'zod';
import { isAddressValid, matchesAddressSearch, type Address, type Locale } from '@vetshop/domain';
import { callApi, type ApiResult } from '@/lib/api/browser';
import { addressFormSchema } from '@/lib/account-forms';
import { splitFieldErrors } from '@/lib/form-errors';
import {
  FormMessage,
  RequiredNote,
  Select,
  SubmitButton,
  TextInput,
  useFieldError,
} from '@/components/ui/form';
import { buttonClass } from '@/components/ui/styles';
import { messageOr } from '@/i18n/keys';

/** Reference data of the address forms (GET settings, names in the interface language). */
export interface AddressOptions {
  countries: { code: string; name: string }[];
  states: { code: string; name: string; country_code: string }[];
}

type AddressValues = {
  name: string;
  street: string;
  street2: string;
  zip: string;
  city: string;
  country_code: string;
  state_code: string;
  phone: string;
  mobile: string;
  email: string;
};
type AddressOutput = z.output<typeof addressFormSchema>;
const ADDRESS_FIELDS = [
  'name',
  'street',
  'street2',
  'zip',
  'city',
  'country_code',
  'state_code',
  'phone',
  'mobile',
  'email',
] as const satisfies readonly (keyof AddressValues)[];

function valuesOf(address: Address | null): AddressValues {
  return {
    name: address?.name ?? '',
    street: address?.street ?? '',
    street2: address?.street2 ?? '',
    zip: address?.zip ?? '',
    city: address?.city ?? '',
    country_code: address?.country.code ?? 'BE',
    state_code: address?.state?.code ?? '',
    phone: address?.phone ?? '',
    mobile: address?.mobile ?? '',
    email: address?.email ?? '',
  };
}

/**
 * Address form (docs/product/customer-area.md#addresses; contract AddressInput): name, street, street2, zip, city,
 * country, state (when the country has states), phone, mobile, email. `send` posts the validated
 * values; a 400's field errors are shown next to their fields (focus on the first), other
 * failures above the form.
 */
function AddressForm({
  idPrefix,
  initial,
  options,
  submitLabel,
  send,
  onSuccess,
  onCancel,
}: {
  idPrefix: string;
  initial: Address | null;
  options: AddressOptions;
  submitLabel: string;
  send: (body: AddressOutput) => Promise<ApiResult>;
  onSuccess: (result: ApiResult) => void;
  onCancel: () => void;
}) {
  const t = useTranslations('addresses');
  const [failure, setFailure] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const fieldError = useFieldError();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<AddressValues, unknown, AddressOutput>({
    resolver: zodResolver(addressFormSchema) as unknown as Resolver<AddressValues, unknown, AddressOutput>,
    defaultValues: valuesOf(initial),
  });
  const country = watch('country_code');
  const stateCode = watch('state_code');
  const states = useMemo(
    () => options.states.filter((s) => s.country_code === country),
    [options.states, country],
  );

  useEffect(() => {
    if (stateCode && !states.some((s) => s.code === stateCode)) setValue('state_code', '');
  }, [states, stateCode, setValue]);
  useEffect(() => {
    setFocus('name');
  }, [setFocus]);
  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const result = await send(values);
    if (result.ok) {
      onSuccess(result);
      return;
    }
    const { byField, other } = splitFieldErrors(result.problem, ADDRESS_FIELDS);
    const first = ADDRESS_FIELDS.find((f) => byField[f]);
    for (const f of ADDRESS_FIELDS) if (byField[f]) setError(f, { type: 'server', message: byField[f] });
    if (first) setFocus(first);
    if (!first || other.length > 0) {
      const code = result.problem.code;
      setFailure(messageOr(t, `errors.${code}`, t('errors.generic')));
    }
  });

  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="space-y-4 rounded-lg border border-line bg-surface p-4"
      data-testid={`${idPrefix}-form`}
    >
      <RequiredNote />
      {failure ? (
        <FormMessage kind="error" ref={alertRef}>
          {failure}
        </FormMessage>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <TextInput
          id={id('name')}
          label={t('fields.name')}
          required
          autoComplete="organization"
          {...register('name')}
          error={fieldError(errors.name?.message)}
          data-testid={id('name')}
          fieldClassName="md:col-span-2"
        />
        <TextInput
          id={id('street')}
          label={t('fields.street')}
          required
          autoComplete="address-line1"
          {...register('street')}
          error={fieldError(errors.street?.message)}
          data-testid={id('street')}
        />
        <TextInput
          id={id('street2')}
          label={t('fields.street2')}
          autoComplete="address-line2"
          {...register('street2')}
          error={fieldError(errors.street2?.message)}
          data-testid={id('street2')}
        />
        <TextInput
          id={id('zip')}
          label={t('fields.zip')}
          required
          autoComplete="postal-code"
          {...register('zip')}
          error={fieldError(errors.zip?.message)}
          data-testid={id('zip')}
        />
        <TextInput
          id={id('city')}
          label={t('fields.city')}
          required
          autoComplete="address-level2"
          {...register('city')}
          error={fieldError(errors.city?.message)}
          data-testid={id('city')}
        />
        <Select
          id={id('country_code')}
          label={t('fields.country')}
          required
          options={options.countries.map((c) => ({ value: c.code, label: c.name }))}
          autoComplete="country"
          {...register('country_code')}
          error={fieldError(errors.country_code?.message)}
          data-testid={id('country_code')}
        />
        {states.length > 0 ? (
          <Select
            id={id('state_code')}
            label={t('fields.state')}
            placeholder={t('noState')}
            options={states.map((s) => ({ value: s.code, label: s.name }))}
            {...register('state_code')}
            error={fieldError(errors.state_code?.message)}
            data-testid={id('state_code')}
          />
        ) : null}
        <TextInput
          id={id('phone')}
          label={t('fields.phone')}
          type="tel"
          autoComplete="tel"
          {...register('phone')}
          error={fieldError(errors.phone?.message)}
          data-testid={id('phone')}
        />
        <TextInput
          id={id('mobile')}
          label={t('fields.mobile')}
          type="tel"
          autoComplete="tel"
          {...register('mobile')}
          error={fieldError(errors.mobile?.message)}
          data-testid={id('mobile')}
        />
        <TextInput
          id={id('email')}
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          {...register('email')}
          error={fieldError(errors.email?.message)}
          data-testid={id('email')}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={isSubmitting} data-testid={`${idPrefix}-save`}>
          {isSubmitting ? t('saving') : submitLabel}
        </SubmitButton>
        <button
          type="button"
          className={buttonClass('secondary', 'md')}
          onClick={onCancel}
          data-testid={`${idPrefix}-cancel`}
        >
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}

/** The lines of an address as shown in the lists (name in bold, then street, city, country, contacts). */
export function AddressLines({ address }: { address: Address }) {
  return (
    <address className="not-italic">
      <span className="block font-semibold">{address.name}</span>
      {address.street ? <span className="block">{address.street}</span> : null}
      {address.street2 ? <span className="block">{address.street2}</span> : null}
      <span className="block">
        {[address.zip, address.city].filter(Boolean).join(' ')}
        {address.state ? ` (${address.state.name})` : ''}
      </span>
      <span className="block">{address.country.name}</span>
      {address.phone ? <span className="block text-sm text-muted">{address.phone}</span> : null}
      {address.email ? <span className="block text-sm text-muted">{address.email}</span> : null}
    </address>
  );
}

/** Badges of an address: main, and the docs/product/customer-area.md validity warning. */
function AddressBadges({ address }: { address: Address }) {
  const t = useTranslations('addresses');
  return (
    <div className="flex flex-wrap gap-2">
      {address.main ? (
        <span
          className="rounded bg-brand px-2 py-0.5 text-xs font-semibold text-white"
          data-testid="address-main-badge"
        >
          {t('mainBadge')}
        </span>
      ) : null}
      {!isAddressValid(address) ? (
        <span
          className="rounded border border-warn bg-amber-50 px-2 py-0.5 text-xs font-semibold text-warn"
          data-testid="address-invalid-badge"
        >
          {t('invalidBadge')}
        </span>
      ) : null}
    </div>
  );
}

/**
 * The invoicing (main) address (docs/product/customer-area.md#profile profile "addresses with change request"; docs/product/accounts.md#roles-and-permissions "the main
 * address cannot be deleted"): shown with a "request a change" form whose POST
 * addresses/invoicing/{id} answers 202 — the change goes to the association's staff. No delete.
 */
export function InvoicingAddress({
  locale,
  address,
  options,
}: {
  locale: Locale;
  address: Address;
  options: AddressOptions;
}) {
  const t = useTranslations('addresses');
  const router = useRouter();
  const [, startTransition] = useTransition();
  const [editing, setEditing] = useState(false);
  const [sent, setSent] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const sentRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  return (
    <div className="space-y-3 rounded-lg border border-line p-4" data-testid="invoicing-address">
      <AddressBadges address={address} />
      <AddressLines address={address} />
      {sent ? (
        <FormMessage kind="success" ref={sentRef} testId="invoicing-change-sent">
          {t('changeSent')}
        </FormMessage>
      ) : address.change_requested ? (
        <FormMessage kind="info" testId="invoicing-change-pending">
          {t('changePending')}
        </FormMessage>
      ) : null}
      {editing ? (
        <AddressForm
          idPrefix="invoicing-change"
          initial={address}
          options={options}
          submitLabel={t('sendChange')}
          send={(body) => callApi('POST', `/addresses/invoicing/${address.id}`, { locale, body })}
          onSuccess={() => {
            setEditing(false);
            setSent(true);
            startTransition(() => router.refresh());
          }}
          onCancel={() => {
            setEditing(false);
            requestAnimationFrame(() => buttonRef.current?.focus());
          }}
        />
      ) : address.access.update ? (
        <div>
          <p className="mb-2 text-sm text-muted">{t('changeHint')}</p>
          <button
            ref={buttonRef}
            type="button"
            className={buttonClass('secondary', 'md')}
            onClick={() => {
              setSent(false);
              setEditing(true);
            }}
            data-testid="invoicing-change-request"
          >
            {t('requestChange')}
          </button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * Delivery addresses (docs/product/customer-area.md#profile profile addresses; docs/product/customer-area.md GET/POST/DELETE addresses/delivery; docs/product/customer-area.md
 * address search and validity; docs/product/accounts.md#address-rights): a search field filtering the list
 * case- and accent-insensitively over name, street, street2, city, zip and country name
 * (matchesAddressSearch); "add an address"; per address an edit button when `access.update` and a
 * delete button (with a confirmation dialog) when `access.delete` and it is not the main address;
 * invalid addresses carry a warning badge. Changes refresh the page's server data.
 */
export function DeliveryAddresses({
  locale,
  addresses,
  options,
}: {
  locale: Locale;
  addresses: Address[];
  options: AddressOptions;
}) {
  const t = useTranslations('addresses');
  const router = useRouter();
  const [, startTransition] = useTransition();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [mode, setMode] = useState<{ kind: 'list' } | { kind: 'create' } | { kind: 'edit'; id: number }>({
    kind: 'list',
  });
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [toDelete, setToDelete] = useState<Address | null>(null);
  const [deleting, setDeleting] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);

  const shown = useMemo(
    () => addresses.filter((a) => matchesAddressSearch(a, query, a.country.name)),
    [addresses, query],
  );

  useEffect(() => {
    if (toDelete) dialogRef.current?.showModal();
    else if (dialogRef.current?.open) dialogRef.current.close();
  }, [toDelete]);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const done = (text: string) => {
    setMode({ kind: 'list' });
    setNotice({ kind: 'success', text });
    startTransition(() => router.refresh());
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    const result = await callApi('DELETE', `/addresses/delivery/${toDelete.id}`, { locale });
    setDeleting(false);
    setToDelete(null);
    if (result.ok) done(t('deleted'));
    else {
      const code = result.problem.code;
      setNotice({ kind: 'error', text: messageOr(t, `errors.${code}`, t('errors.generic')) });
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-4">
        <TextInput
          id={searchId}
          label={t('search')}
          fieldClassName="min-w-64 flex-1"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          data-testid="address-search"
        />
        {mode.kind !== 'create' ? (
          <button
            ref={addRef}
            type="button"
            className={buttonClass('primary', 'md')}
            onClick={() => {
              setNotice(null);
              setMode({ kind: 'create' });
            }}
            data-testid="address-create"
          >
            {t('add')}
          </button>
        ) : null}
      </div>
      <p className="text-sm text-muted" aria-live="polite" data-testid="address-count">
        {t('count', { count: shown.length, total: addresses.length })}
      </p>
      {notice ? (
        <FormMessage kind={notice.kind} ref={noticeRef} testId="address-notice">
          {notice.text}
        </FormMessage>
      ) : null}
      {mode.kind === 'create' ? (
        <section aria-labelledby="address-create-title" className="space-y-2">
          <h3 id="address-create-title" className="text-lg font-semibold">
            {t('createTitle')}
          </h3>
          <AddressForm
            idPrefix="address-new"
            initial={null}
            options={options}
            submitLabel={t('create')}
            send={(body) => callApi('POST', '/addresses/delivery', { locale, body })}
            onSuccess={() => done(t('created'))}
            onCancel={() => {
              setMode({ kind: 'list' });
              requestAnimationFrame(() => addRef.current?.focus());
            }}
          />
        </section>
      ) : null}
      {addresses.length === 0 ? (
        <p data-testid="address-empty">{t('empty')}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {shown.map((address) => (
            <li
              key={address.id}
              className="space-y-3 rounded-lg border border-line p-4"
              data-testid="delivery-address"
              data-address-id={address.id}
            >
              {mode.kind === 'edit' && mode.id === address.id ? (
                <section aria-label={t('editTitle', { name: address.name })}>
                  <AddressForm
                    idPrefix={`address-${address.id}`}
                    initial={address}
                    options={options}
                    submitLabel={t('save')}
                    send={(body) => callApi('POST', `/addresses/delivery/${address.id}`, { locale, body })}
                    onSuccess={() => done(t('updated'))}
                    onCancel={() => setMode({ kind: 'list' })}
                  />
                </section>
              ) : (
                <>
                  <AddressBadges address={address} />
                  <AddressLines address={address} />
                  <div className="flex flex-wrap gap-3">
                    {address.access.update ? (
                      <button
                        type="button"
                        className={buttonClass('secondary', 'md')}
                        onClick={() => {
                          setNotice(null);
                          setMode({ kind: 'edit', id: address.id });
                        }}
                        data-testid="address-edit"
                      >
                        {t('edit')}
                        <span className="sr-only"> {address.name}</span>
                      </button>
                    ) : null}
                    {address.access.delete && !address.main ? (
                      <button
                        type="button"
                        className={buttonClass('danger', 'md')}
                        onClick={() => {
                          setNotice(null);
                          setToDelete(address);
                        }}
                        data-testid="address-delete"
                      >
                        {t('delete')}
                        <span className="sr-only"> {address.name}</span>
                      </button>
                    ) : null}
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <dialog
        ref={dialogRef}
        aria-labelledby="address-delete-title"
        aria-describedby="address-delete-text"
        onClose={() => setToDelete(null)}
        className="m-auto max-w-md rounded-lg border border-line p-6 shadow-xl backdrop:bg-black/40"
        data-testid="address-delete-dialog"
      >
        <h3 id="address-delete-title" className="text-lg font-semibold">
          {t('deleteTitle')}
        </h3>
        <p id="address-delete-text" className="mt-2">
          {t('deleteText', { name: toDelete?.name ?? '' })}
        </p>
        <div className="mt-6 flex justify-end gap-3">
          <button
            type="button"
            className={buttonClass('secondary', 'md')}
            onClick={() => setToDelete(null)}
            data-testid="address-delete-cancel"
            autoFocus
          >
            {t('cancel')}
          </button>
          <button
            type="button"
            className={buttonClass('danger', 'md')}
            onClick={confirmDelete}
            disabled={deleting}
            data-testid="address-delete-confirm"
          >
            {t('confirmDelete')}
          </button>
        </div>
      </dialog>
    </div>
  );
}

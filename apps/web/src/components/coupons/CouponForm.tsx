'use client';

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import {
  FAMILIES,
  couponCreateSchema,
  staffCouponSchema,
  type Locale,
  type StaffCoupon,
} from '@vetshop/domain';
import { callApi } from '@/lib/api/browser';
import { messageOr } from '@/i18n/keys';
import { Checkbox, RequiredNote, Select, SubmitButton, TextInput } from '@/components/ui/form';
import { checkboxClass, errorClass, labelClass, statusClass } from '@/components/ui/styles';

/** A number field's value, or null when empty. */
function numberOrNull(value: FormDataEntryValue | null): number | null {
  const s = String(value ?? '')
    .trim()
    .replace(',', '.');
  return s === '' ? null : Number(s);
}

/** A brand a coupon can be restricted to. */
export type CouponBrand = { id: number; name: string };

/**
 * The brands a coupon is restricted to, ticked by name (none ticked: every brand), in a box that
 * scrolls, those already ticked first, with a field that narrows the list by name (a narrowed-out
 * brand stays ticked) and the number ticked. Form field `brand_ids` (one per ticked brand). Test ids
 * `<prefix>-brands(-filter|-count)`, `<prefix>-brand-<id>`.
 */
function BrandPicker({
  brands,
  chosen,
  prefix,
}: {
  brands: CouponBrand[];
  chosen: number[];
  prefix: string;
}) {
  const t = useTranslations('coupons');
  const id = useId();
  const [filter, setFilter] = useState('');
  const [count, setCount] = useState(chosen.length);
  const [ordered] = useState(() => [
    ...brands.filter((b) => chosen.includes(b.id)),
    ...brands.filter((b) => !chosen.includes(b.id)),
  ]);
  const wanted = filter.trim().toLocaleLowerCase();
  return (
    <fieldset
      className="min-w-0 sm:col-span-2"
      data-testid={`${prefix}-brands`}
      onChange={(e) => setCount(e.currentTarget.querySelectorAll('input[name="brand_ids"]:checked').length)}
    >
      <legend className={`mb-1 ${labelClass}`}>{t('brands')}</legend>
      <label htmlFor={`${id}-filter`} className="sr-only">
        {t('brandFilter')}
      </label>
      <input
        id={`${id}-filter`}
        type="search"
        placeholder={t('brandFilter')}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        className="mb-2 w-full rounded border border-line px-3 py-2 text-sm"
        data-testid={`${prefix}-brands-filter`}
      />
      <div className="max-h-48 overflow-y-auto rounded border border-line p-2">
        {ordered.map((b) => (
          <label
            key={b.id}
            className="flex items-start gap-2 py-0.5 text-sm"
            hidden={wanted !== '' && !b.name.toLocaleLowerCase().includes(wanted)}
          >
            <input
              className={checkboxClass}
              type="checkbox"
              name="brand_ids"
              value={b.id}
              defaultChecked={chosen.includes(b.id)}
              data-testid={`${prefix}-brand-${b.id}`}
            />
            {b.name}
          </label>
        ))}
      </div>
      <p className="mt-1 text-sm text-muted" aria-live="polite" data-testid={`${prefix}-brands-count`}>
        {t('brandsChosen', { count })}
      </p>
    </fieldset>
  );
}

/**
 * Creates (no `coupon`) or edits a coupon (docs/decisions/coupons.md): POST /staff/coupons or PUT
 * /staff/coupons/{id}. The body is checked with the api's own zod contract (`couponCreateSchema`)
 * before it is sent; refusals (coupon_code_taken, validation) show the coupons.errors message.
 * Amounts in EUR excl. VAT, percentage in %, dates YYYY-MM-DD (empty = open), uses empty =
 * unlimited, brands ticked by name among `brands` (BrandPicker). Test ids
 * `coupon-form(-code|-kind|-value|-min|-from|-to|-per-customer|-total|-brands|-submit|-error|-done)`.
 */
export function CouponForm({
  coupon,
  brands,
  onDone,
}: {
  coupon?: StaffCoupon;
  brands: CouponBrand[];
  onDone?: () => void;
}) {
  const t = useTranslations('coupons');
  const families = useTranslations('family');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const prefix = coupon ? `coupon-form-${coupon.id}` : 'coupon-form';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const kind = data.get('kind');
    const value = numberOrNull(data.get('value'));
    const body = {
      code: String(data.get('code') ?? ''),
      description: String(data.get('description') ?? ''),
      percent: kind === 'percent' ? value : null,
      amount: kind === 'amount' ? value : null,
      min_order: numberOrNull(data.get('min_order')) ?? 0,
      valid_from: String(data.get('valid_from') ?? '') || null,
      valid_to: String(data.get('valid_to') ?? '') || null,
      uses_per_customer: numberOrNull(data.get('uses_per_customer')),
      uses_total: numberOrNull(data.get('uses_total')),
      families: data.getAll('families').map(String),
      brand_ids: data.getAll('brand_ids').map(Number),
      active: data.get('active') === 'on',
    };
    setError(null);
    setDone(null);
    const checked = couponCreateSchema.safeParse(body);
    if (!checked.success) {
      // The first field at fault, by name: every refusal said "a code of 2 to 40 letters or digits,
      // and a value", also for a 150 % or an end date before the start.
      const issue = checked.error.issues[0];
      const field = issue?.code === 'custom' && issue.path[0] === 'percent' ? null : issue?.path[0];
      const key = typeof field === 'string' ? field.replace(/^uses_.*/, 'uses') : '';
      setError(messageOr(t, `errors.fields.${key}`, t('errors.validation')));
      return;
    }
    setBusy(true);
    const result = await callApi(
      coupon ? 'PUT' : 'POST',
      coupon ? `/staff/coupons/${coupon.id}` : '/staff/coupons',
      { locale, body, schema: staffCouponSchema },
    );
    setBusy(false);
    if (!result.ok) {
      const code = result.problem.code;
      setError(
        messageOr(
          t,
          `errors.${code}`,
          code === 'validation_failed' ? t('errors.validation') : t('errors.generic'),
        ),
      );
      return;
    }
    setDone(t('saved', { code: result.data?.code ?? body.code.toUpperCase() }));
    if (!coupon) form.reset();
    router.refresh();
    onDone?.();
  }

  const kind = coupon?.amount !== null && coupon?.amount !== undefined ? 'amount' : 'percent';
  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
      data-testid={prefix}
    >
      <div className="sm:col-span-2 lg:col-span-4">
        <RequiredNote />
      </div>
      <TextInput
        id={`${prefix}-code`}
        label={t('code')}
        name="code"
        required
        minLength={2}
        maxLength={40}
        defaultValue={coupon?.code}
        className="uppercase"
        data-testid={`${prefix}-code`}
      />
      <TextInput
        id={`${prefix}-description`}
        label={t('description')}
        fieldClassName="sm:col-span-1 lg:col-span-3"
        name="description"
        maxLength={200}
        defaultValue={coupon?.description}
      />
      <Select
        id={`${prefix}-kind`}
        label={t('kind')}
        name="kind"
        defaultValue={kind}
        options={[
          { value: 'percent', label: t('kindPercent') },
          { value: 'amount', label: t('kindAmount') },
        ]}
        data-testid={`${prefix}-kind`}
      />
      <TextInput
        id={`${prefix}-value`}
        label={t('value')}
        name="value"
        type="number"
        step="0.01"
        min="0.01"
        required
        defaultValue={coupon?.percent ?? coupon?.amount ?? undefined}
        data-testid={`${prefix}-value`}
      />
      <TextInput
        id={`${prefix}-min`}
        label={t('minOrder')}
        name="min_order"
        type="number"
        step="0.01"
        min="0"
        defaultValue={coupon?.min_order ?? 0}
        data-testid={`${prefix}-min`}
      />
      <Checkbox
        id={`${prefix}-active`}
        label={t('active')}
        fieldClassName="self-end pb-2"
        name="active"
        defaultChecked={coupon?.active ?? true}
      />
      <TextInput
        id={`${prefix}-from`}
        label={t('validFrom')}
        name="valid_from"
        type="date"
        defaultValue={coupon?.valid_from ?? ''}
        data-testid={`${prefix}-from`}
      />
      <TextInput
        id={`${prefix}-to`}
        label={t('validTo')}
        name="valid_to"
        type="date"
        defaultValue={coupon?.valid_to ?? ''}
        data-testid={`${prefix}-to`}
      />
      <TextInput
        id={`${prefix}-per-customer`}
        label={t('usesPerCustomer')}
        name="uses_per_customer"
        type="number"
        min="1"
        step="1"
        placeholder={t('unlimited')}
        defaultValue={coupon?.uses_per_customer ?? ''}
        data-testid={`${prefix}-per-customer`}
      />
      <TextInput
        id={`${prefix}-total`}
        label={t('usesTotal')}
        name="uses_total"
        type="number"
        min="1"
        step="1"
        placeholder={t('unlimited')}
        defaultValue={coupon?.uses_total ?? ''}
        data-testid={`${prefix}-total`}
      />
      <fieldset className="sm:col-span-2">
        <legend className={`mb-1 ${labelClass}`}>{t('families')}</legend>
        <div className="flex flex-wrap gap-4">
          {FAMILIES.map((f) => (
            <label key={f} className="flex items-start gap-2 text-sm">
              <input
                className={checkboxClass}
                type="checkbox"
                name="families"
                value={f}
                defaultChecked={coupon?.families.includes(f)}
              />
              {families(f)}
            </label>
          ))}
        </div>
      </fieldset>
      <BrandPicker brands={brands} chosen={coupon?.brand_ids ?? []} prefix={prefix} />
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-4">
        <SubmitButton busy={busy} data-testid={`${prefix}-submit`}>
          {coupon ? t('save') : t('create')}
        </SubmitButton>
        {error ? (
          <p role="alert" className={errorClass} data-testid={`${prefix}-error`}>
            {error}
          </p>
        ) : null}
        {done ? (
          <p role="status" className={statusClass} data-testid={`${prefix}-done`}>
            {done}
          </p>
        ) : null}
      </div>
    </form>
  );
}

/** POST /staff/coupons/{id}/deactivate, then the list is reloaded. Test id `coupon-deactivate-<id>`. */
export function DeactivateCoupon({ coupon }: { coupon: StaffCoupon }) {
  const t = useTranslations('coupons');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!coupon.active) return null;
  return (
    <span>
      <button
        type="button"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          const result = await callApi('POST', `/staff/coupons/${coupon.id}/deactivate`, { locale });
          setBusy(false);
          setFailed(!result.ok);
          if (result.ok) router.refresh();
        }}
        className="rounded px-2 py-1 text-sm font-semibold text-bad underline"
        data-testid={`coupon-deactivate-${coupon.id}`}
      >
        {t('deactivate')}
      </button>
      {failed ? (
        <span role="alert" className="block text-xs text-bad">
          {t('errors.generic')}
        </span>
      ) : null}
    </span>
  );
}

/**
 * Opens the edit form of a coupon in a modal dialog over the list, as wide as the screen allows
 * (opened inside its table cell, the form was squeezed to the width of the "Edit" column: fields
 * cut to "10(" and "Po", labels running into each other). Escape or "Cancel" closes it. Test ids
 * `coupon-edit-<id>` (the opener), `coupon-edit-<id>-dialog`.
 */
export function EditCoupon({ coupon, brands }: { coupon: StaffCoupon; brands: CouponBrand[] }) {
  const t = useTranslations('coupons');
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (open && d && !d.open) d.showModal();
    if (!open && d?.open) d.close();
  }, [open]);
  return (
    <div>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className="rounded px-2 py-1 text-sm font-semibold text-brand underline"
        data-testid={`coupon-edit-${coupon.id}`}
      >
        {t('edit')}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        onClose={() => setOpen(false)}
        className="m-auto max-h-[calc(100dvh-2rem)] w-[min(44rem,calc(100vw-2rem))] overflow-y-auto rounded border border-line bg-white p-4 backdrop:bg-black/40"
        data-testid={`coupon-edit-${coupon.id}-dialog`}
      >
        <div className="mb-3 flex items-start justify-between gap-4">
          <h3 id={titleId} className="font-semibold">
            {t('editTitle', { code: coupon.code })}
          </h3>
          <button
            type="button"
            onClick={() => setOpen(false)}
            className="rounded px-2 py-1 text-sm font-semibold text-brand underline"
          >
            {t('cancel')}
          </button>
        </div>
        {open ? <CouponForm coupon={coupon} brands={brands} onDone={() => setOpen(false)} /> : null}
      </dialog>
    </div>
  );
}

'use client';

import type { FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import {
  AD_DISPLAY_TIME_DEFAULT,
  AD_SLOT_DEFAULT,
  AD_SLOTS,
  LOCALES,
  type StaffAdvertisement,
} from '@vetshop/domain';
import { Select, TextInput } from '@/components/ui/form';
import {
  FileField,
  FormFooter,
  fileId,
  fromLocalInput,
  text,
  toLocalInput,
  localizedTexts,
  useSave,
} from './shared';

/**
 * Staff form of an advertisement (docs/product/community-and-content.md#advertisements, docs/product/constants.md#defaults): name, start and end
 * (empty = open-ended), link (https or a site path such as /fr/promotions), image (stored file),
 * alt text per locale, display time in seconds (−1 = until closed, the default) and corner (default
 * bottom_right). Saves with POST /staff/advertisements or PUT /staff/advertisements/{id}. Test id
 * `cms-ad-form`.
 */
export function AdForm({ ad }: { ad: StaffAdvertisement | null }) {
  const t = useTranslations('cms.staff');
  const { save, busy, error, done } = useSave({
    method: ad ? 'PUT' : 'POST',
    path: ad ? `/staff/advertisements/${ad.id}` : '/staff/advertisements',
    next: ad ? '/staff/content/advertisements' : undefined,
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formEl = event.currentTarget;
    const form = new FormData(formEl);
    const alt = localizedTexts(form, 'alt');
    const displayTime = Number(text(form, 'display_time'));
    void save({
      name: text(form, 'name').trim(),
      date_start: fromLocalInput(form.get('date_start')),
      date_end: fromLocalInput(form.get('date_end')),
      link: text(form, 'link').trim() || null,
      image_file_id: fileId(form, 'image_file_id'),
      alt,
      display_time: Number.isInteger(displayTime) ? displayTime : AD_DISPLAY_TIME_DEFAULT,
      display_slot: text(form, 'display_slot') || AD_SLOT_DEFAULT,
    }).then((ok) => {
      if (ok && !ad) formEl.reset();
    });
  }
  const p = ad ? `cms-ad-${ad.id}` : 'cms-ad-new';
  return (
    <form onSubmit={submit} className="space-y-4" data-testid="cms-ad-form" noValidate>
      <div className="grid gap-3 md:grid-cols-3">
        <TextInput id={`${p}-name`} label={t('adName')} name="name" defaultValue={ad?.name ?? ''} required />
        <TextInput
          id={`${p}-start`}
          label={t('dateStart')}
          name="date_start"
          type="datetime-local"
          defaultValue={toLocalInput(ad?.date_start ?? null)}
        />
        <TextInput
          id={`${p}-end`}
          label={t('dateEnd')}
          name="date_end"
          type="datetime-local"
          defaultValue={toLocalInput(ad?.date_end ?? null)}
        />
        <TextInput
          id={`${p}-link`}
          label={t('link')}
          hint={t('linkHint')}
          name="link"
          defaultValue={ad?.link ?? ''}
        />
        <TextInput
          id={`${p}-time`}
          label={t('displayTime')}
          hint={t('displayTimeHint')}
          name="display_time"
          type="number"
          min={-1}
          max={3600}
          defaultValue={ad?.display_time ?? AD_DISPLAY_TIME_DEFAULT}
        />
        <Select
          id={`${p}-slot`}
          label={t('displaySlot')}
          name="display_slot"
          defaultValue={ad?.display_slot ?? AD_SLOT_DEFAULT}
          options={AD_SLOTS.map((s) => ({ value: s, label: t(`adSlots.${s}`) }))}
        />
      </div>
      <FileField
        name="image_file_id"
        label={t('image')}
        purpose="advertisement"
        initialId={ad?.image_file_id ?? null}
      />
      <div className="grid gap-3 md:grid-cols-3">
        {LOCALES.map((l) => (
          <TextInput
            key={l}
            id={`${p}-alt-${l}`}
            label={t('adAlt', { locale: l.toUpperCase() })}
            name={`alt.${l}`}
            defaultValue={ad?.alt[l] ?? ''}
          />
        ))}
      </div>
      <FormFooter testId="cms-ad-form" busy={busy} error={error} done={done} label={t('save')} />
    </form>
  );
}

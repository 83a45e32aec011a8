'use client';

import type { FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { INFO_BANNER_TYPES, INFO_BANNER_VISIBILITIES, LOCALES, type StaffInfoBanner } from '@vetshop/domain';
import { Select, TextInput } from '@/components/ui/form';
import { FormFooter, fromLocalInput, localizedTexts, text, toLocalInput, useSave } from './shared';
import { RichTextField } from './RichTextField';

/**
 * Staff form of an info banner (docs/product/community-and-content.md#info-banners: dates, html, type, visibility): start and end
 * (date and time in the browser's zone, empty = open-ended), type (info, warning, alert),
 * visibility (all, guests, customers) and the html per locale in the rich-text editor with its
 * sanitised preview (RichTextField; sanitised again by the api on save). Saves with
 * POST /staff/info_banners or PUT /staff/info_banners/{id}. Test id `cms-banner-form`.
 */
export function BannerForm({ banner }: { banner: StaffInfoBanner | null }) {
  const t = useTranslations('cms.staff');
  const { save, busy, error, done } = useSave({
    method: banner ? 'PUT' : 'POST',
    path: banner ? `/staff/info_banners/${banner.id}` : '/staff/info_banners',
    next: banner ? '/staff/content/banners' : undefined,
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formEl = event.currentTarget;
    const form = new FormData(formEl);
    const html = localizedTexts(form, 'html');
    void save({
      date_start: fromLocalInput(form.get('date_start')),
      date_end: fromLocalInput(form.get('date_end')),
      type: text(form, 'type'),
      visibility: text(form, 'visibility'),
      html,
    }).then((ok) => {
      if (ok && !banner) formEl.reset();
    });
  }
  const p = banner ? `cms-banner-${banner.id}` : 'cms-banner-new';
  return (
    <form onSubmit={submit} className="space-y-4" data-testid="cms-banner-form" noValidate>
      <div className="grid gap-3 md:grid-cols-4">
        <TextInput
          id={`${p}-start`}
          label={t('dateStart')}
          name="date_start"
          type="datetime-local"
          defaultValue={toLocalInput(banner?.date_start ?? null)}
        />
        <TextInput
          id={`${p}-end`}
          label={t('dateEnd')}
          name="date_end"
          type="datetime-local"
          defaultValue={toLocalInput(banner?.date_end ?? null)}
        />
        <Select
          id={`${p}-type`}
          label={t('bannerType')}
          name="type"
          defaultValue={banner?.type ?? 'info'}
          options={INFO_BANNER_TYPES.map((v) => ({ value: v, label: t(`bannerTypes.${v}`) }))}
        />
        <Select
          id={`${p}-visibility`}
          label={t('visibility')}
          name="visibility"
          defaultValue={banner?.visibility ?? 'all'}
          options={INFO_BANNER_VISIBILITIES.map((v) => ({ value: v, label: t(`visibilities.${v}`) }))}
        />
      </div>
      <div className="grid gap-3 md:grid-cols-3">
        {LOCALES.map((l) => (
          <RichTextField
            key={l}
            id={`${p}-html-${l}`}
            name={`html.${l}`}
            label={t('bannerHtml', { locale: l.toUpperCase() })}
            defaultValue={banner?.html[l] ?? ''}
            rows={3}
            lang={l}
          />
        ))}
      </div>
      <FormFooter testId="cms-banner-form" busy={busy} error={error} done={done} label={t('save')} />
    </form>
  );
}

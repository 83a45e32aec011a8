'use client';

import type { FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { CMS_SLOTS, LOCALES, type CmsStaffContent, type CmsType } from '@vetshop/domain';
import { Checkbox, Select, TextArea, TextInput } from '@/components/ui/form';
import { FileField, FormFooter, fileId, text, useSave } from './shared';
import { RichTextField } from './RichTextField';

/**
 * Staff form of one page, snippet or news (docs/product/back-office.md#website-content staff screens "content"): common settings
 * (published, unticked for a new item: docs/decisions/cms-content.md; sequence, group for pages, slot for snippets, date, image, thumbnail and file for
 * news) and one fieldset per locale (slug, title, foreword, html content in the rich-text editor
 * with its sanitised preview (RichTextField), meta description). A
 * locale left without a title is not saved (the content is absent in that language). Saves with
 * POST /staff/cms/contents or PUT /staff/cms/contents/{id}; the api sanitises the html and answers
 * 409 when a slug is taken. Test id `cms-content-form` (fields by label; `cms-content-form-submit`).
 */
export function ContentForm({ type, content }: { type: CmsType; content: CmsStaffContent | null }) {
  const t = useTranslations('cms.staff');
  const section = type === 'page' ? 'pages' : type === 'news' ? 'news' : 'snippets';
  const { save, busy, error, done } = useSave({
    method: content ? 'PUT' : 'POST',
    path: content ? `/staff/cms/contents/${content.id}` : '/staff/cms/contents',
    next: content ? undefined : `/staff/content/${section}`,
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const translations: Record<string, unknown> = {};
    for (const l of LOCALES) {
      const title = text(form, `${l}.title`).trim();
      if (!title) continue;
      translations[l] = {
        url: text(form, `${l}.url`).trim(),
        title,
        foreword: text(form, `${l}.foreword`),
        content: text(form, `${l}.content`),
        meta_description: text(form, `${l}.meta_description`),
      };
    }
    void save({
      type,
      published: form.get('published') === 'on',
      sequence: Number(text(form, 'sequence') || 0),
      group: type === 'page' ? text(form, 'group').trim() || null : null,
      slot: type === 'snippet' ? text(form, 'slot') || null : null,
      date: type === 'news' ? text(form, 'date') || null : null,
      image_file_id: fileId(form, 'image_file_id'),
      thumbnail_file_id: fileId(form, 'thumbnail_file_id'),
      file_id: fileId(form, 'file_id'),
      translations,
    });
  }
  return (
    <form onSubmit={submit} className="space-y-6" data-testid="cms-content-form" noValidate>
      <fieldset className="grid min-w-0 grid-cols-1 gap-4 rounded border border-line p-4 md:grid-cols-3">
        <legend className="px-1 font-semibold">{t('settings')}</legend>
        <Checkbox
          id="cms-published"
          label={t('published')}
          name="published"
          defaultChecked={content?.published ?? false}
        />
        <TextInput
          id="cms-sequence"
          label={t('sequence')}
          name="sequence"
          type="number"
          defaultValue={content?.sequence ?? 0}
        />
        {type === 'page' ? (
          <TextInput
            id="cms-group"
            label={t('group')}
            name="group"
            hint={t('groupHint')}
            defaultValue={content?.group ?? ''}
          />
        ) : null}
        {type === 'snippet' ? (
          <Select
            id="cms-slot"
            label={t('slot')}
            name="slot"
            defaultValue={content?.slot ?? 'footer'}
            options={CMS_SLOTS.map((s) => ({ value: s, label: t(`slots.${s}`) }))}
          />
        ) : null}
        {type === 'news' ? (
          <TextInput
            id="cms-date"
            label={t('date')}
            name="date"
            type="date"
            defaultValue={content?.date ?? ''}
          />
        ) : null}
        {type !== 'snippet' ? (
          <FileField
            name="image_file_id"
            label={t('image')}
            purpose="cms_image"
            initialId={content?.image_file_id ?? null}
          />
        ) : null}
        {type === 'news' ? (
          <>
            <FileField
              name="thumbnail_file_id"
              label={t('thumbnail')}
              purpose="cms_image"
              initialId={content?.thumbnail_file_id ?? null}
            />
            <FileField
              name="file_id"
              label={t('file')}
              purpose="cms_file"
              initialId={content?.file_id ?? null}
            />
          </>
        ) : null}
      </fieldset>
      {LOCALES.map((l) => {
        const tr = content?.translations[l];
        const id = (f: string) => `cms-${l}-${f}`;
        return (
          <fieldset key={l} className="space-y-3 rounded border border-line p-4" lang={l}>
            <legend className="px-1 font-semibold">{t('inLocale', { locale: l.toUpperCase() })}</legend>
            <div className="grid gap-3 md:grid-cols-2">
              <TextInput
                id={id('title')}
                label={t('titleField', { locale: l.toUpperCase() })}
                name={`${l}.title`}
                defaultValue={tr?.title ?? ''}
              />
              <TextInput
                id={id('url')}
                label={t('url', { locale: l.toUpperCase() })}
                hint={t('urlHint')}
                name={`${l}.url`}
                defaultValue={tr?.url ?? ''}
              />
            </div>
            {type === 'news' ? (
              <TextArea
                id={id('foreword')}
                label={t('foreword', { locale: l.toUpperCase() })}
                name={`${l}.foreword`}
                defaultValue={tr?.foreword ?? ''}
                rows={2}
              />
            ) : null}
            <RichTextField
              id={id('content')}
              name={`${l}.content`}
              label={t('content', { locale: l.toUpperCase() })}
              hint={t('contentHint')}
              defaultValue={tr?.content ?? ''}
              rows={type === 'snippet' ? 4 : 12}
              lang={l}
            />
            {type !== 'snippet' ? (
              <TextInput
                id={id('meta')}
                label={t('metaDescription', { locale: l.toUpperCase() })}
                name={`${l}.meta_description`}
                defaultValue={tr?.meta_description ?? ''}
                maxLength={255}
              />
            ) : null}
          </fieldset>
        );
      })}
      <FormFooter testId="cms-content-form" busy={busy} error={error} done={done} label={t('save')} />
    </form>
  );
}

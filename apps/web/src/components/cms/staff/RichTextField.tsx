'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { CMS_HTML_MAX, type Locale } from '@vetshop/domain';
import { callApi } from '@/lib/api/browser';
import { CmsHtml } from '@/components/cms/CmsHtml';
import { richEditable } from '@/lib/rich-text';
import { errorClass, inputClass } from '@/components/ui/styles';
import { lazyComponent } from '@/lib/lazy-component';
import { useCmsProblem } from './shared';

/** The editor, fetched only when a staff form shows it (no server rendering, not in other bundles). */
const TiptapEditor = lazyComponent(() => import('./TiptapEditor').then((m) => m.default), {
  clientOnly: true,
  fallback: <div className="min-h-48 rounded border border-line bg-surface" aria-busy="true" />,
});

/**
 * An html field of the staff content forms (docs/decisions/rich-text-editor.md): the rich editor
 * (TiptapEditor, dynamic import) or the html source (a textarea), switched by two toggle buttons;
 * html the rich editor would alter (tables, images…) opens in source mode, the rich mode then
 * disabled with a note. The value travels in a hidden input `name`, so the form reads it like a
 * textarea. "Preview" shows the html as the site will show it: sanitised by the api (POST
 * /staff/cms/preview, the same sanitiser as a save). Test ids `<id>` (the editable control),
 * `<id>-rich`, `<id>-source`, `<id>-preview`, `<id>-preview-html`.
 */
export function RichTextField({
  id,
  name,
  label,
  hint,
  defaultValue,
  rows = 12,
  lang,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  defaultValue: string;
  /** Rows of the source textarea. */
  rows?: number;
  /** Language of the content (the preview's `lang`). */
  lang: Locale;
}) {
  const t = useTranslations('staffCustomers.editor');
  const locale = useLocale() as Locale;
  const problemText = useCmsProblem();
  const [html, setHtml] = useState(defaultValue);
  const [mode, setMode] = useState<'rich' | 'source'>(richEditable(defaultValue) ? 'rich' : 'source');
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const canRich = richEditable(html);
  const labelId = `${id}-label`;
  const hintId = hint ? `${id}-hint` : undefined;

  function change(next: string) {
    setHtml(next);
    setPreview(null);
  }

  async function showPreview() {
    setError(null);
    const res = await callApi<{ html: string }>('POST', '/staff/cms/preview', { locale, body: { html } });
    if (!res.ok) setError(problemText(res.problem));
    else setPreview(res.data?.html ?? '');
  }

  const toggle = (pressed: boolean) =>
    `rounded px-2 py-1 text-xs font-semibold disabled:opacity-50 ${pressed ? 'bg-brand text-white' : 'border border-brand text-brand'}`;
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span id={labelId} className="block text-sm font-medium">
          {label}
        </span>
        <span className="flex gap-1">
          <button
            type="button"
            aria-pressed={mode === 'rich'}
            disabled={!canRich}
            onClick={() => setMode('rich')}
            className={toggle(mode === 'rich')}
            data-testid={`${id}-rich`}
          >
            {t('richMode')}
          </button>
          <button
            type="button"
            aria-pressed={mode === 'source'}
            onClick={() => setMode('source')}
            className={toggle(mode === 'source')}
            data-testid={`${id}-source`}
          >
            {t('sourceMode')}
          </button>
        </span>
      </div>
      <input type="hidden" name={name} value={html} />
      {mode === 'rich' ? (
        <TiptapEditor id={id} html={html} onChange={change} labelledBy={labelId} describedBy={hintId} />
      ) : (
        <textarea
          id={id}
          value={html}
          onChange={(e) => change(e.target.value)}
          rows={rows}
          maxLength={CMS_HTML_MAX}
          aria-labelledby={labelId}
          aria-describedby={hintId}
          className={`${inputClass} font-mono`}
          data-testid={id}
        />
      )}
      {!canRich ? <p className="text-xs text-muted">{t('sourceOnly')}</p> : null}
      {hint ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <button
        type="button"
        onClick={showPreview}
        className="rounded border border-line px-2 py-1 text-sm"
        data-testid={`${id}-preview`}
      >
        {t('preview', { locale: lang.toUpperCase() })}
      </button>
      {error ? (
        <p role="alert" className={errorClass}>
          {error}
        </p>
      ) : null}
      {preview !== null ? (
        <section
          aria-label={t('preview', { locale: lang.toUpperCase() })}
          lang={lang}
          className="rounded border border-dashed border-line p-3"
        >
          {preview ? (
            <CmsHtml html={preview} testId={`${id}-preview-html`} />
          ) : (
            <p className="text-muted">{t('empty')}</p>
          )}
        </section>
      ) : null}
    </div>
  );
}

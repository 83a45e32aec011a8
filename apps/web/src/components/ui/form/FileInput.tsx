'use client';

import { useEffect, useId, useRef, useState, type ComponentPropsWithRef, type Ref } from 'react';
import { useTranslations } from 'next-intl';
import { buttonClass } from '../styles';

/** Sets `ref` (a callback or an object ref, as React 19 passes it in props) to `el`. */
function assignRef<T>(ref: Ref<T> | undefined, el: T | null): void {
  if (typeof ref === 'function') ref(el);
  else if (ref) ref.current = el;
}

/**
 * A file input that speaks the page's language (docs/decisions/file-inputs.md): the browser's own
 * control writes "Choose File · No file chosen" in the browser's language, so a Dutch page read in
 * a French or English browser showed another language than the page. The native `<input
 * type="file">` stays (visually hidden, still focused by Tab and opened by Space or Enter; its
 * `name`, `files`, `accept`, `multiple`, `required`, `disabled`, ref and aria attributes as given),
 * its visible face is a button-styled label "Choose a file" (`fileInput.choose` /
 * `fileInput.chooseMany` when `multiple`) and the chosen file names, or `fileInput.none`. Files
 * dropped on it are given to the input as if chosen (the first only unless `multiple`; a `change`
 * event, so `onChange` runs); a `reset` of its form clears the names shown. Props are those of an
 * `<input>` except `type`; `className` goes to the box around the button and the names.
 */
export function FileInput({
  className = '',
  onChange,
  ref,
  id: givenId,
  ...input
}: Omit<ComponentPropsWithRef<'input'>, 'type'>) {
  const t = useTranslations('fileInput');
  const ownId = useId();
  const id = givenId ?? ownId;
  const own = useRef<HTMLInputElement | null>(null);
  const [names, setNames] = useState<string[]>([]);

  useEffect(() => {
    const form = own.current?.form;
    if (!form) return;
    const clear = () => setNames([]);
    form.addEventListener('reset', clear);
    return () => form.removeEventListener('reset', clear);
  }, []);

  return (
    <div
      className={`flex flex-wrap items-center gap-x-3 gap-y-1 ${className}`.trim()}
      onDragOver={(e) => {
        if (!input.disabled && e.dataTransfer.types.includes('Files')) e.preventDefault();
      }}
      onDrop={(e) => {
        const el = own.current;
        if (!el || input.disabled || e.dataTransfer.files.length === 0) return;
        e.preventDefault();
        // One file where the input takes one, as the browser's chooser would give.
        const dropped = new DataTransfer();
        for (const file of input.multiple ? [...e.dataTransfer.files] : [e.dataTransfer.files[0]!])
          dropped.items.add(file);
        el.files = dropped.files;
        el.dispatchEvent(new Event('change', { bubbles: true }));
      }}
    >
      <input
        {...input}
        id={id}
        ref={(el) => {
          own.current = el;
          assignRef(ref, el);
        }}
        type="file"
        className="peer sr-only"
        onChange={(e) => {
          setNames(Array.from(e.currentTarget.files ?? [], (f) => f.name));
          onChange?.(e);
        }}
      />
      <label
        htmlFor={id}
        className={`${buttonClass('secondary', 'md')} cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand peer-disabled:cursor-not-allowed peer-disabled:opacity-60`}
      >
        {t(input.multiple ? 'chooseMany' : 'choose')}
      </label>
      <span
        className={`min-w-0 text-sm wrap-anywhere ${names.length > 0 ? 'text-ink' : 'text-muted'}`}
        data-testid="file-input-names"
      >
        {names.length > 0 ? names.join(', ') : t('none')}
      </span>
    </div>
  );
}

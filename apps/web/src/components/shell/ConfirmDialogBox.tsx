'use client';

import { useEffect, useId, useRef } from 'react';
import { useTranslations } from 'next-intl';
import type { ConfirmDialogProps } from './ConfirmDialog';

/**
 * Accessible confirm dialog (docs/product/web-app-shell.md#global-interface-pieces global "confirm dialog"): a native modal `<dialog>` (focus kept
 * inside, Escape cancels, focus returns to the opener), labelled by its title and described by its
 * message; the cancel button gets the initial focus. Loaded on demand by ConfirmProvider
 * (ConfirmDialog.tsx) the first time `confirm()` is called.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  tone = 'default',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const t = useTranslations('shell.confirm');
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={message ? textId : undefined}
      data-testid="shell-confirm"
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg p-6 shadow-xl backdrop:bg-black/40"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      {message ? (
        <p id={textId} className="mt-2 text-sm text-gray-700">
          {message}
        </p>
      ) : null}
      <div className="mt-6 flex justify-end gap-3">
        <button
          ref={cancelRef}
          type="button"
          onClick={onCancel}
          data-testid="shell-confirm-cancel"
          className="rounded border border-gray-400 px-4 py-2 font-medium hover:bg-gray-100"
        >
          {cancelLabel ?? t('cancel')}
        </button>
        <button
          type="button"
          onClick={onConfirm}
          data-testid="shell-confirm-ok"
          className={`rounded px-4 py-2 font-semibold text-white ${tone === 'danger' ? 'bg-red-700 hover:bg-red-800' : 'bg-brand hover:opacity-90'}`}
        >
          {confirmLabel ?? t('confirm')}
        </button>
      </div>
    </dialog>
  );
}

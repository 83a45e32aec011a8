'use client';

import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslations } from 'next-intl';

/** What `confirm()` shows; labels default to the shell's "Confirm" / "Cancel". Texts are translated by the caller. */
export interface ConfirmOptions {
  title: string;
  message?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** `danger` colours the confirm button red (deletions, cancellations). */
  tone?: 'default' | 'danger';
}

/** Props of the presentational {@link ConfirmDialog}. */
export interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Accessible confirm dialog (docs/product/web-app-shell.md#global-interface-pieces global "confirm dialog"): a native modal `<dialog>` (focus kept
 * inside, Escape cancels, focus returns to the opener), labelled by its title and described by its
 * message; the cancel button gets the initial focus.
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

type ConfirmFn = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<ConfirmFn | null>(null);

/**
 * Hook returning `confirm(options) → Promise<boolean>`: true when the user confirms, false on
 * cancel or Escape. Needs {@link ConfirmProvider} (mounted in the locale layout by ShellProviders).
 */
export function useConfirm(): ConfirmFn {
  const fn = useContext(ConfirmContext);
  if (!fn) throw new Error('useConfirm() needs <ConfirmProvider> (ShellProviders in the locale layout)');
  return fn;
}

/** Provides {@link useConfirm}: one shared dialog; a second request while one is open cancels the first. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<(ConfirmOptions & { resolve: (ok: boolean) => void }) | null>(null);

  const confirm = useCallback<ConfirmFn>(
    (options) =>
      new Promise<boolean>((resolve) => {
        setRequest((previous) => {
          previous?.resolve(false);
          return { ...options, resolve };
        });
      }),
    [],
  );

  const settle = (ok: boolean) => {
    request?.resolve(ok);
    setRequest(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <ConfirmDialog
        open={request !== null}
        title={request?.title ?? ''}
        message={request?.message}
        confirmLabel={request?.confirmLabel}
        cancelLabel={request?.cancelLabel}
        tone={request?.tone}
        onConfirm={() => settle(true)}
        onCancel={() => settle(false)}
      />
    </ConfirmContext.Provider>
  );
}

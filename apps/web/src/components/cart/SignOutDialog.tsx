'use client';

import { useEffect, useId, useRef } from 'react';
import { useTranslations } from 'next-intl';

/**
 * The question of the guarded sign-out (SignOutGuard.tsx, docs/product/cart-and-checkout.md#sync
 * "warns that unsaved changes will be lost and asks for confirmation (continue or back)"): a modal
 * native `<dialog>`, opened as it mounts (focus moves to "Back"). Escape and "Back" call
 * `onBack`, "Sign out anyway" calls `onProceed`; the caller unmounts it after either. In a chunk
 * of its own, fetched the first time the question is asked.
 */
export function SignOutDialog({ onBack, onProceed }: { onBack: () => void; onProceed: () => void }) {
  const t = useTranslations('cart');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = dialogRef.current;
    dialog?.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(e) => {
        e.preventDefault();
        onBack();
      }}
      className="m-auto max-w-md rounded-lg border border-line p-6 shadow-xl backdrop:bg-black/40"
      data-testid="sign-out-dialog"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t('signOutTitle')}
      </h2>
      <p id={`${id}-text`} className="mt-2">
        {t('signOutText')}
      </p>
      <div className="mt-4 flex flex-wrap justify-end gap-3">
        <button
          type="button"
          autoFocus
          onClick={onBack}
          className="rounded border border-brand px-4 py-2 font-semibold text-brand hover:bg-surface"
          data-testid="sign-out-back"
        >
          {t('signOutBack')}
        </button>
        <button
          type="button"
          onClick={onProceed}
          className="rounded bg-bad px-4 py-2 font-semibold text-white"
          data-testid="sign-out-continue"
        >
          {t('signOutContinue')}
        </button>
      </div>
    </dialog>
  );
}

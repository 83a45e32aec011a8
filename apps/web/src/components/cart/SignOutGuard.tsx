'use client';

import { useId, useRef, type FormEvent, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { useCart } from './CartProvider';

/**
 * The header's sign-out form with the unsaved-cart guard (docs/product/cart-and-checkout.md#sync "Logging out while the cart is
 * unsynchronised warns that unsaved changes will be lost and asks for confirmation (continue or
 * back)"). Submitting with pending transactions opens a modal dialog (native `<dialog>`: focus
 * moves into it, Escape and "Back" close it and focus returns to the sign-out button); "Sign out
 * anyway" or a submit without pending changes clears the cart store (docs/product/cart-and-checkout.md: pending
 * transactions and uuid cleared) and lets the POST to `action` proceed. Without JavaScript the
 * form simply posts.
 */
export function GuardedSignOutForm({ action, children }: { action: string; children: ReactNode }) {
  const t = useTranslations('cart');
  const { store, pendingCount } = useCart();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const confirmed = useRef(false);
  const id = useId();

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    if (!confirmed.current && pendingCount > 0 && dialogRef.current) {
      e.preventDefault();
      dialogRef.current.showModal();
      return;
    }
    store?.clear();
  };
  const back = () => {
    dialogRef.current?.close();
    formRef.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  };
  const proceed = () => {
    confirmed.current = true;
    dialogRef.current?.close();
    store?.clear();
    formRef.current?.requestSubmit();
  };
  return (
    <>
      <form ref={formRef} method="post" action={action} onSubmit={onSubmit}>
        {children}
      </form>
      <dialog
        ref={dialogRef}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        onCancel={(e) => {
          e.preventDefault();
          back();
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
            onClick={back}
            className="rounded border border-brand px-4 py-2 font-semibold text-brand hover:bg-surface"
            data-testid="sign-out-back"
          >
            {t('signOutBack')}
          </button>
          <button
            type="button"
            onClick={proceed}
            className="rounded bg-bad px-4 py-2 font-semibold text-white"
            data-testid="sign-out-continue"
          >
            {t('signOutContinue')}
          </button>
        </div>
      </dialog>
    </>
  );
}

'use client';

import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { lazyComponent } from '@/lib/lazy-component';
import { useCart } from './CartProvider';

/** The question, fetched the first time it is asked (not in the pages' first-load JavaScript). */
const SignOutDialogLazy = lazyComponent(() => import('./SignOutDialog').then((m) => m.SignOutDialog));

/**
 * The header's sign-out form with the unsaved-cart guard (docs/product/cart-and-checkout.md#sync "Logging out while the cart is
 * unsynchronised warns that unsaved changes will be lost and asks for confirmation (continue or
 * back)"). Submitting with pending transactions opens a modal dialog (SignOutDialog.tsx, native `<dialog>`:
 * focus moves into it, Escape and "Back" close it and focus returns to the sign-out button); "Sign out
 * anyway" or a submit without pending changes clears the cart store (docs/product/cart-and-checkout.md: pending
 * transactions and uuid cleared) and lets the POST to `action` proceed. Without JavaScript the
 * form simply posts.
 */
export function GuardedSignOutForm({ action, children }: { action: string; children: ReactNode }) {
  const { store, pendingCount } = useCart();
  const [asking, setAsking] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const confirmed = useRef(false);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    if (!confirmed.current && pendingCount > 0) {
      e.preventDefault();
      setAsking(true);
      return;
    }
    store?.clear();
  };
  const back = () => {
    setAsking(false);
    // Once the modal dialog has closed (the page behind it is inert until then).
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus(),
    );
  };
  const proceed = () => {
    confirmed.current = true;
    setAsking(false);
    store?.clear();
    formRef.current?.requestSubmit();
  };
  return (
    <>
      <form ref={formRef} method="post" action={action} onSubmit={onSubmit}>
        {children}
      </form>
      {asking ? <SignOutDialogLazy onBack={back} onProceed={proceed} /> : null}
    </>
  );
}

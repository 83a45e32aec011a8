import type { ReactNode } from 'react';

/**
 * Layout of /{lang}/account/products_on_order: the page (`children`: the list, or the full cancel
 * page when opened directly) and the `@modal` slot, where the intercepting route
 * `(.)[id]/cancel` shows the cancel dialog over the list on in-app navigation (docs/product/web-app-shell.md#navigation "Cancel-
 * backorder dialog or page"); the slot is empty otherwise.
 */
export default function ProductsOnOrderLayout({
  children,
  modal,
}: {
  children: ReactNode;
  modal: ReactNode;
}) {
  return (
    <>
      {children}
      {modal}
    </>
  );
}

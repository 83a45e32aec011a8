import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/i18n/ClientMessages';

/**
 * Layout of /{lang}/account/products_on_order: the page (`children`: the list, or the full cancel
 * page when opened directly) and the `@modal` slot, where the intercepting route
 * `(.)[id]/cancel` shows the cancel dialog over the list on in-app navigation (docs/product/web-app-shell.md#navigation "Cancel-
 * backorder dialog or page"); the slot is empty otherwise. Both get the message namespaces their
 * client components use (i18n/client-messages.ts `FOLDER_CLIENT_NAMESPACES['account/products_on_order']`).
 */
export default function ProductsOnOrderLayout({
  children,
  modal,
}: {
  children: ReactNode;
  modal: ReactNode;
}) {
  return (
    <ClientMessages folder="account/products_on_order">
      {children}
      {modal}
    </ClientMessages>
  );
}

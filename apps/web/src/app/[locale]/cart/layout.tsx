import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/i18n/ClientMessages';

/**
 * Layout of /{lang}/cart/**: the pages' client components get the message namespaces they use
 * (i18n/client-messages.ts `FOLDER_CLIENT_NAMESPACES`, checked by its test), not the whole
 * catalogue; the header and footer above keep the public ones.
 */
export default function Layout({ children }: { children: ReactNode }) {
  return <ClientMessages folder="cart">{children}</ClientMessages>;
}

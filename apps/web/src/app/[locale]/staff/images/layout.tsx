import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/i18n/ClientMessages';

/**
 * Layout of /{lang}/staff/images: its client components get the message namespaces they use
 * (i18n/client-messages.ts `FOLDER_CLIENT_NAMESPACES['staff/images']`, checked by its test).
 */
export default function Layout({ children }: { children: ReactNode }) {
  return <ClientMessages folder="staff/images">{children}</ClientMessages>;
}

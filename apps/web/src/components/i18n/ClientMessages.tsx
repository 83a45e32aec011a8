import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { FOLDER_CLIENT_NAMESPACES, type MessageFolder, pickNamespaces } from '@/i18n/client-messages';

/**
 * Gives the client components below it the message namespaces that the pages of the route folder
 * `folder` use (i18n/client-messages.ts `FOLDER_CLIENT_NAMESPACES`, checked by its test), in the
 * request's locale, in place of the public ones (server component). Placed by the layouts of the
 * account, cart, checkout, contact and staff folders (docs/decisions/web-page-performance.md, "Cart,
 * checkout, contact and staff pages: their own message namespaces").
 */
export async function ClientMessages({ folder, children }: { folder: MessageFolder; children: ReactNode }) {
  const messages = pickNamespaces(await getMessages(), FOLDER_CLIENT_NAMESPACES[folder]);
  return <NextIntlClientProvider messages={messages}>{children}</NextIntlClientProvider>;
}

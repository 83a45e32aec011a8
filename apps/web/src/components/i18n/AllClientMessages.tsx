import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';

/**
 * Gives the client components below it every message namespace of the locale (server component).
 * Placed by the layouts of the route folders listed in i18n/client-messages.ts
 * `FULL_MESSAGE_FOLDERS` (staff, cart, checkout, contact); the public pages get only
 * `PUBLIC_CLIENT_NAMESPACES` from the locale layout, the account pages `ACCOUNT_CLIENT_NAMESPACES`.
 */
export function AllClientMessages({ children }: { children: ReactNode }) {
  return <NextIntlClientProvider>{children}</NextIntlClientProvider>;
}

'use client';

import type { ReactNode } from 'react';
import { ConfirmProvider } from './ConfirmDialog';
import { NotificationsProvider } from './Notifications';

/**
 * Client providers of the shell, placed once in the locale layout around the page: notifications
 * (`useNotify()` / `notify()`) and the confirm dialog (`useConfirm()`). Needs NextIntlClientProvider above.
 */
export function ShellProviders({ children }: { children: ReactNode }) {
  return (
    <NotificationsProvider>
      <ConfirmProvider>{children}</ConfirmProvider>
    </NotificationsProvider>
  );
}

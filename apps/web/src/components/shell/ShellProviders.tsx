'use client';

import type { ReactNode } from 'react';
import { ConfirmProvider } from './ConfirmDialog';
import { NotificationsProvider } from './Notifications';
import { setZodJitless } from '@/lib/shell/zod-jitless';

// Browsers use zod's interpreted parser (no eval probe under the nonce CSP), set without importing
// zod, so pages without forms ship no zod (lib/shell/zod-jitless.ts).
if (typeof window !== 'undefined') setZodJitless();

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

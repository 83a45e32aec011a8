'use client';

import type { ReactNode } from 'react';
import { config as zodConfig } from 'zod/v4/core';
import { ConfirmProvider } from './ConfirmDialog';
import { NotificationsProvider } from './Notifications';

// Zod compiles object parsers with `new Function` after probing for eval; under the nonce CSP
// (no 'unsafe-eval') the probe raises a CSP violation report. Browsers use the interpreted parser.
// Only zod's config module is imported here, so pages without forms ship no zod.
if (typeof window !== 'undefined') zodConfig({ jitless: true });

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

'use client';

import type { ReactNode } from 'react';
import { ConfirmProvider } from './ConfirmDialog';
import { setZodJitless } from '@/lib/shell/zod-jitless';

// Browsers use zod's interpreted parser (no eval probe under the nonce CSP), set without importing
// zod, so pages without forms ship no zod (lib/shell/zod-jitless.ts).
if (typeof window !== 'undefined') setZodJitless();

/**
 * Client providers of the shell, placed once in the locale layout around the page: the confirm
 * dialog (`useConfirm()`). Notifications need no provider (`notify()`, lib/shell/notify.ts; the
 * area is mounted by ShellChrome). Needs NextIntlClientProvider above.
 */
export function ShellProviders({ children }: { children: ReactNode }) {
  return <ConfirmProvider>{children}</ConfirmProvider>;
}

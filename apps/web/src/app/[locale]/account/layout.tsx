import type { ReactNode } from 'react';
import { AllClientMessages } from '@/components/i18n/AllClientMessages';

/**
 * Layout of /{lang}/account/**: the pages' forms and editors get every message namespace in the
 * browser (i18n/client-messages.ts `FULL_MESSAGE_FOLDERS`); the public pages get only theirs.
 */
export default function Layout({ children }: { children: ReactNode }) {
  return <AllClientMessages>{children}</AllClientMessages>;
}

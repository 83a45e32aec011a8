/**
 * Typed translations: next-intl checks every message key given to `useTranslations` / `getTranslations`
 * / `t()` against the French catalogue (apps/web/messages/fr.json; messages.test.ts keeps nl and en
 * on the same keys), and locales against the routing.
 */
import type messages from '../../messages/fr.json';
import type { routing } from './routing';

declare module 'next-intl' {
  interface AppConfig {
    Locale: (typeof routing.locales)[number];
    Messages: typeof messages;
  }
}

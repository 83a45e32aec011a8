import type { Locale } from '@vetshop/domain';

/**
 * The closing line of every mail the shop sends, in the mail's language. A module of its own
 * without imports of the mail module's code: the leads and promo-alert mails read it while the mail
 * module may still be loading (they are imported by modules the outbox imports).
 */
export const SIGNATURE: Record<Locale, string> = {
  fr: 'L’équipe VetShop',
  nl: 'Het VetShop-team',
  en: 'The VetShop team',
};

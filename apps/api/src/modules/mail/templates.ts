/**
 * Texts of the account mails (docs/product/accounts.md#auth-calls: "Mails in the user's locale") in fr, nl and en: the welcome
 * mail sent when staff approve an application, the password-reset mail and the email-validation
 * mail. Each template gives a subject, a plain-text body and a simple HTML body in which every
 * interpolated value is escaped.
 */
import { DEFAULT_LOCALE, LOCALES, labelColon, type Locale } from '@vetshop/domain';
import { SIGNATURE } from './signature.ts';

/** A rendered mail: subject, plain text and HTML. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Values a template may use. `link` is absolute; `name` is the greeting name (may be empty). */
export interface MailValues {
  name: string;
  link: string;
}

/** The kinds of account mail. */
export type MailKind = 'welcome' | 'reset_password' | 'validate_email' | 'invitation';

/** Escapes `&<>"'` for HTML text and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The locale of a stored user locale string: fr, nl or en (anything else → fr, docs/product/constants.md#defaults). */
export function mailLocale(value: string | null | undefined): Locale {
  return (LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : DEFAULT_LOCALE;
}

interface Strings {
  subject: string;
  greeting: (name: string) => string;
  /** Paragraphs before the link. */
  before: string[];
  /** Label of the link (button text in HTML). */
  action: string;
  /** Paragraphs after the link. */
  after: string[];
}

const STRINGS: Record<MailKind, Record<Locale, Strings>> = {
  welcome: {
    fr: {
      subject: 'Votre compte VetShop est activé',
      greeting: (n) => (n ? `Bonjour ${n},` : 'Bonjour,'),
      before: [
        'Bonne nouvelle\u00a0: votre demande d’ouverture de compte a été approuvée.',
        'Pour terminer, confirmez votre adresse e-mail en ouvrant le lien ci-dessous (valable 7 jours). Vous pourrez ensuite vous connecter et commander aux prix de votre liste de prix.',
      ],
      action: 'Confirmer mon adresse e-mail',
      after: ['Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.'],
    },
    nl: {
      subject: 'Uw VetShop-account is geactiveerd',
      greeting: (n) => (n ? `Beste ${n},` : 'Beste klant,'),
      before: [
        'Goed nieuws: uw aanvraag voor een account is goedgekeurd.',
        'Bevestig tot slot uw e-mailadres via de onderstaande link (7 dagen geldig). Daarna kunt u inloggen en bestellen tegen de prijzen van uw prijslijst.',
      ],
      action: 'Mijn e-mailadres bevestigen',
      after: ['Hebt u deze aanvraag niet gedaan? Dan mag u dit bericht negeren.'],
    },
    en: {
      subject: 'Your VetShop account is active',
      greeting: (n) => (n ? `Hello ${n},` : 'Hello,'),
      before: [
        'Good news: your application for an account has been approved.',
        'To finish, confirm your email address with the link below (valid for 7 days). You can then sign in and order at the prices of your price list.',
      ],
      action: 'Confirm my email address',
      after: ['If you did not apply for an account, please ignore this message.'],
    },
  },
  reset_password: {
    fr: {
      subject: 'Réinitialisation de votre mot de passe VetShop',
      greeting: (n) => (n ? `Bonjour ${n},` : 'Bonjour,'),
      before: [
        'Une réinitialisation du mot de passe de votre compte VetShop a été demandée.',
        'Choisissez un nouveau mot de passe en ouvrant le lien ci-dessous. Il est valable 1 heure et ne peut servir qu’une fois.',
      ],
      action: 'Choisir un nouveau mot de passe',
      after: [
        'Si vous n’avez rien demandé, ignorez ce message\u00a0: votre mot de passe actuel reste valable.',
      ],
    },
    nl: {
      subject: 'Uw VetShop-wachtwoord opnieuw instellen',
      greeting: (n) => (n ? `Beste ${n},` : 'Beste klant,'),
      before: [
        'Er is gevraagd om het wachtwoord van uw VetShop-account opnieuw in te stellen.',
        'Kies een nieuw wachtwoord via de onderstaande link. De link is 1 uur geldig en kan maar één keer gebruikt worden.',
      ],
      action: 'Een nieuw wachtwoord kiezen',
      after: ['Hebt u niets gevraagd? Negeer dan dit bericht: uw huidige wachtwoord blijft geldig.'],
    },
    en: {
      subject: 'Reset your VetShop password',
      greeting: (n) => (n ? `Hello ${n},` : 'Hello,'),
      before: [
        'A password reset was requested for your VetShop account.',
        'Choose a new password with the link below. It is valid for 1 hour and can be used once.',
      ],
      action: 'Choose a new password',
      after: ['If you did not ask for this, ignore this message: your current password stays valid.'],
    },
  },
  validate_email: {
    fr: {
      subject: 'Confirmez votre adresse e-mail VetShop',
      greeting: (n) => (n ? `Bonjour ${n},` : 'Bonjour,'),
      before: ['Confirmez votre adresse e-mail en ouvrant le lien ci-dessous (valable 7 jours).'],
      action: 'Confirmer mon adresse e-mail',
      after: ['Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.'],
    },
    nl: {
      subject: 'Bevestig uw VetShop-e-mailadres',
      greeting: (n) => (n ? `Beste ${n},` : 'Beste klant,'),
      before: ['Bevestig uw e-mailadres via de onderstaande link (7 dagen geldig).'],
      action: 'Mijn e-mailadres bevestigen',
      after: ['Hebt u dit niet gevraagd? Dan mag u dit bericht negeren.'],
    },
    en: {
      subject: 'Confirm your VetShop email address',
      greeting: (n) => (n ? `Hello ${n},` : 'Hello,'),
      before: ['Confirm your email address with the link below (valid for 7 days).'],
      action: 'Confirm my email address',
      after: ['If you did not ask for this, please ignore this message.'],
    },
  },
  // A user staff added to a practice (modules/staff-customers): choose a password, 7 days.
  invitation: {
    fr: {
      subject: 'Votre accès à VetShop',
      greeting: (n) => (n ? `Bonjour ${n},` : 'Bonjour,'),
      before: [
        'Un accès à l’espace client VetShop de votre établissement a été créé pour vous.',
        'Choisissez votre mot de passe en ouvrant le lien ci-dessous (valable 7 jours, une seule fois). Votre identifiant est cette adresse e-mail.',
      ],
      action: 'Choisir mon mot de passe',
      after: ['Si vous ne vous attendiez pas à ce message, ignorez-le.'],
    },
    nl: {
      subject: 'Uw toegang tot VetShop',
      greeting: (n) => (n ? `Beste ${n},` : 'Beste klant,'),
      before: [
        'Er werd voor u een toegang tot de VetShop-klantenzone van uw praktijk aangemaakt.',
        'Kies uw wachtwoord via de onderstaande link (7 dagen geldig, één keer bruikbaar). Uw login is dit e-mailadres.',
      ],
      action: 'Mijn wachtwoord kiezen',
      after: ['Verwachtte u dit bericht niet? Dan mag u het negeren.'],
    },
    en: {
      subject: 'Your access to VetShop',
      greeting: (n) => (n ? `Hello ${n},` : 'Hello,'),
      before: [
        'An access to your practice’s VetShop customer area was created for you.',
        'Choose your password with the link below (valid for 7 days, once). Your login is this email address.',
      ],
      action: 'Choose my password',
      after: ['If you did not expect this message, please ignore it.'],
    },
  },
};

/**
 * Renders the mail `kind` in `locale` with `values`. The plain text puts the link on a line of its
 * own; the HTML escapes every value (names and links come from stored data).
 */
export function renderMail(kind: MailKind, locale: Locale, values: MailValues): RenderedMail {
  const s = STRINGS[kind][locale];
  const greeting = s.greeting(values.name.trim());
  const text = [
    greeting,
    '',
    ...s.before.flatMap((p) => [p, '']),
    `${s.action}${labelColon(locale)}`,
    values.link,
    '',
    ...s.after.flatMap((p) => [p, '']),
    SIGNATURE[locale],
    '',
  ].join('\n');
  const p = (t: string) => `<p>${escapeHtml(t)}</p>`;
  const html = [
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(s.subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">',
    p(greeting),
    ...s.before.map(p),
    `<p><a href="${escapeHtml(values.link)}" style="display:inline-block;padding:10px 16px;background:#0C4E99;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(s.action)}</a></p>`,
    `<p style="font-size:12px;color:#52606d">${escapeHtml(values.link)}</p>`,
    ...s.after.map(p),
    p(SIGNATURE[locale]),
    '</body></html>',
  ].join('\n');
  return { subject: s.subject, text, html };
}

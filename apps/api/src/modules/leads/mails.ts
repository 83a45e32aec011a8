/**
 * Mails of a contact request (docs/product/back-office.md#contact-forms-and-leads "the lead reaches staff by mail"): the staff notification
 * (every field, the attachments' names, a link to the back office) and the acknowledgement to the
 * sender in their language (fr, nl or en). Every interpolated value is HTML-escaped.
 *
 * The acknowledgement goes to an address anyone may type in, unverified: it is a fixed template
 * with the lead number only — no name, no recap, nothing the sender wrote — so the contact forms
 * cannot relay a stranger's text to a victim (docs/decisions/contact-forms-and-leads.md).
 */
import type { Locale } from '@vetshop/domain';
import { labelColon, leadSubjectName } from '@vetshop/domain';
import { escapeHtml, SIGNATURE, type RenderedMail } from '../mail/index.ts';

/** What the mails show of a lead. */
export interface LeadMailValues {
  id: number;
  subject: string;
  formName: string | null;
  email: string;
  name: string;
  /** Every answer, as label → text (contact fields first). */
  fields: { label: string; value: string }[];
  files: string[];
  /** Absolute link to the lead in the back office (empty when SITE_URL is unknown). */
  link: string;
}

const STAFF: Record<
  Locale,
  { subject: (id: number, s: string) => string; intro: string; files: string; open: string }
> = {
  fr: {
    subject: (id, s) => `Nouvelle demande de contact n° ${id} — ${s}`,
    intro: 'Une nouvelle demande de contact est arrivée sur le site.',
    files: 'Pièces jointes',
    open: 'Ouvrir dans le back-office',
  },
  nl: {
    subject: (id, s) => `Nieuwe contactaanvraag nr. ${id} — ${s}`,
    intro: 'Er is een nieuwe contactaanvraag binnengekomen via de website.',
    files: 'Bijlagen',
    open: 'Openen in de backoffice',
  },
  en: {
    subject: (id, s) => `New contact request #${id} — ${s}`,
    intro: 'A new contact request arrived on the website.',
    files: 'Attachments',
    open: 'Open in the back office',
  },
};

const ACK: Record<
  Locale,
  { subject: string; greeting: string; body: string[]; reference: (id: number) => string; signature: string }
> = {
  fr: {
    subject: 'Nous avons bien reçu votre message',
    greeting: 'Bonjour,',
    body: [
      'Merci de nous avoir contactés. Votre demande a bien été enregistrée et notre équipe vous répondra dans les meilleurs délais.',
      'Service commandes\u00a0: du lundi au vendredi de 7 h 30 à 12 h 30 et de 13 h 30 à 16 h.',
    ],
    reference: (id) => `Référence de votre demande\u00a0: n° ${id}`,
    signature: SIGNATURE.fr,
  },
  nl: {
    subject: 'We hebben uw bericht goed ontvangen',
    greeting: 'Beste,',
    body: [
      'Bedankt om contact met ons op te nemen. Uw aanvraag is geregistreerd en ons team antwoordt u zo snel mogelijk.',
      'Bestellingendienst: maandag tot vrijdag van 7.30 tot 12.30 uur en van 13.30 tot 16 uur.',
    ],
    reference: (id) => `Referentie van uw aanvraag: nr. ${id}`,
    signature: SIGNATURE.nl,
  },
  en: {
    subject: 'We have received your message',
    greeting: 'Hello,',
    body: [
      'Thank you for contacting us. Your request has been recorded and our team will answer you as soon as possible.',
      'Orders service: Monday to Friday, 7:30–12:30 and 13:30–16:00.',
    ],
    reference: (id) => `Reference of your request: #${id}`,
    signature: SIGNATURE.en,
  },
};

function fieldLines(fields: LeadMailValues['fields'], colon: string): { text: string; html: string } {
  return {
    text: fields.map((f) => `${f.label}${colon} ${f.value}`).join('\n'),
    html: fields
      .map(
        (f) =>
          `<tr><th align="left" style="padding:2px 8px 2px 0">${escapeHtml(f.label)}</th><td style="white-space:pre-wrap">${escapeHtml(f.value)}</td></tr>`,
      )
      .join(''),
  };
}

/** The staff notification of lead `v` in `locale`: subject "New contact request #id — subject". */
export function staffLeadMail(v: LeadMailValues, locale: Locale): RenderedMail {
  const s = STAFF[locale];
  const subjectName = v.subject ? leadSubjectName(v.subject, locale) : (v.formName ?? '');
  const colon = labelColon(locale);
  const lines = fieldLines(v.fields, colon);
  const files = v.files.length ? `\n\n${s.files}${colon}\n${v.files.map((f) => `- ${f}`).join('\n')}` : '';
  const link = v.link ? `\n\n${s.open}${colon} ${v.link}` : '';
  return {
    subject: s.subject(v.id, subjectName),
    text: `${s.intro}\n\n${lines.text}${files}${link}\n`,
    html:
      `<p>${escapeHtml(s.intro)}</p><table>${lines.html}</table>` +
      (v.files.length
        ? `<p>${escapeHtml(s.files)}${colon}</p><ul>${v.files.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>`
        : '') +
      (v.link ? `<p><a href="${escapeHtml(v.link)}">${escapeHtml(s.open)}</a></p>` : ''),
  };
}

/**
 * The acknowledgement of lead `id` to the sender in `locale`: a fixed text and the lead number,
 * nothing the sender typed (the address is unverified: no relay).
 */
export function acknowledgementMail(id: number, locale: Locale): RenderedMail {
  const a = ACK[locale];
  const paragraphs = [...a.body, a.reference(id)];
  return {
    subject: a.subject,
    text: `${a.greeting}\n\n${paragraphs.join('\n\n')}\n\n${a.signature}\n`,
    html:
      `<p>${escapeHtml(a.greeting)}</p>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}` +
      `<p>${escapeHtml(a.signature)}</p>`,
  };
}

/**
 * Text of the promo-end alert mail (docs/decisions/promo-end-alerts.md; docs/product/customer-area.md#promo-subscriptions "Subscribe to promotion-end alerts") in the
 * subscriber's locale (fr, nl, en): subject, plain text and HTML (every value escaped).
 */
import { formatDate, type Locale, type PromotionKind } from '@vetshop/domain';
import { escapeHtml, SIGNATURE, type RenderedMail } from '../mail/index.ts';

/** What one alert is about. Dates are ISO days; `discount` is a percent. */
export interface PromoAlertValues {
  /** Greeting name (may be empty). */
  name: string;
  product: string;
  variant: string;
  kind: PromotionKind;
  discount: number | null;
  mainQuantity: number | null;
  promoQuantity: number | null;
  dateEnd: string;
  /** Absolute link to the product page. */
  productLink: string;
  /** Absolute link to the promotions page (manage alerts). */
  promotionsLink: string;
}

/** The alert's end date (an ISO day) as the long date of the locale (domain formatDate). */
function formatDay(iso: string, locale: Locale): string {
  return formatDate(iso, locale);
}

interface Strings {
  subject: (product: string) => string;
  greeting: (name: string) => string;
  what: (v: PromoAlertValues) => string;
  ends: (product: string, date: string) => string;
  action: string;
  why: string;
  manage: string;
  signature: string;
}

const STRINGS: Record<Locale, Strings> = {
  fr: {
    subject: (p) => `Fin de promotion proche\u00a0: ${p}`,
    greeting: (n) => (n ? `Bonjour ${n},` : 'Bonjour,'),
    what: (v) =>
      v.kind === 'supplier_promotion'
        ? `la promotion fournisseur ${v.mainQuantity ?? ''}+${v.promoQuantity ?? ''}`
        : v.kind === 'supplier_discount'
          ? `la remise fournisseur de ${v.discount ?? ''}\u202f%`
          : 'l’offre spéciale',
    ends: (p, d) => `se termine le ${d} pour ${p}.`,
    action: 'Voir le produit',
    why: 'Vous recevez ce message parce que vous avez demandé une alerte de fin de promotion pour ce produit.',
    manage: 'Gérer mes alertes',
    signature: SIGNATURE.fr,
  },
  nl: {
    subject: (p) => `Promotie loopt bijna af: ${p}`,
    greeting: (n) => (n ? `Beste ${n},` : 'Beste klant,'),
    what: (v) =>
      v.kind === 'supplier_promotion'
        ? `de leverancierspromotie ${v.mainQuantity ?? ''}+${v.promoQuantity ?? ''}`
        : v.kind === 'supplier_discount'
          ? `de leverancierskorting van ${v.discount ?? ''} %`
          : 'de speciale aanbieding',
    ends: (p, d) => `eindigt op ${d} voor ${p}.`,
    action: 'Het product bekijken',
    why: 'U ontvangt dit bericht omdat u een melding hebt gevraagd wanneer de promotie van dit product afloopt.',
    manage: 'Mijn meldingen beheren',
    signature: SIGNATURE.nl,
  },
  en: {
    subject: (p) => `Promotion ending soon: ${p}`,
    greeting: (n) => (n ? `Hello ${n},` : 'Hello,'),
    what: (v) =>
      v.kind === 'supplier_promotion'
        ? `the supplier promotion ${v.mainQuantity ?? ''}+${v.promoQuantity ?? ''}`
        : v.kind === 'supplier_discount'
          ? `the supplier discount of ${v.discount ?? ''}%`
          : 'the special offer',
    ends: (p, d) => `ends on ${d} for ${p}.`,
    action: 'See the product',
    why: 'You receive this message because you asked for a promotion-end alert for this product.',
    manage: 'Manage my alerts',
    signature: SIGNATURE.en,
  },
};

/** Capitalises the first letter of a sentence. */
function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Renders the promo-end alert mail in `locale`. */
export function renderPromoAlert(locale: Locale, v: PromoAlertValues): RenderedMail {
  const s = STRINGS[locale];
  const product = v.variant && v.variant !== v.product ? `${v.product} (${v.variant})` : v.product;
  const line = sentence(`${s.what(v)} ${s.ends(product, formatDay(v.dateEnd, locale))}`);
  const greeting = s.greeting(v.name.trim());
  const text = [
    greeting,
    '',
    line,
    '',
    `${s.action}:`,
    v.productLink,
    '',
    s.why,
    `${s.manage}: ${v.promotionsLink}`,
    '',
    s.signature,
    '',
  ].join('\n');
  const html = [
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(s.subject(product))}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(line)}</p>`,
    `<p><a href="${escapeHtml(v.productLink)}" style="display:inline-block;padding:10px 16px;background:#0C4E99;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(s.action)}</a></p>`,
    `<p style="font-size:12px;color:#52606d">${escapeHtml(s.why)} <a href="${escapeHtml(v.promotionsLink)}">${escapeHtml(s.manage)}</a></p>`,
    `<p>${escapeHtml(s.signature)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: s.subject(product), text, html };
}

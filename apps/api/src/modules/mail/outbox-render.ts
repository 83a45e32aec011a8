/**
 * Layout of the outbox mails (docs/decisions/mail-outbox.md): a mail is described as structured
 * content (paragraphs, facts, a lines table, totals, an address, an action button), rendered to
 * responsive HTML with MJML (the `mjml` package) and to the plain-text part from the same content.
 * Every value is HTML-escaped before it enters the MJML source (names, addresses, references are
 * customer data). Money and dates come from the domain's format.ts (docs/decisions/formatting.md).
 */
import mjml2html from 'mjml';
import type { Locale } from '@vetshop/domain';
import { formatDate, formatMoneyCents, labelColon } from '@vetshop/domain';
import { escapeHtml } from './templates.ts';
import { COMMON } from './outbox-texts.ts';

/** A label and its value (one row of a facts table). */
export interface Fact {
  label: string;
  value: string;
}

/** The content of one mail, before layout. All strings are plain text (escaped when rendered). */
export interface MailContent {
  locale: Locale;
  subject: string;
  /** Name in the greeting (empty: a neutral greeting); null: no greeting (staff mails). */
  greetingName: string | null;
  paragraphs: string[];
  facts?: Fact[];
  /** Product lines: name, quantity, amount (already formatted). */
  lines?: { name: string; qty: string; amount: string }[];
  /** Totals rows under the lines; the last one is shown in bold. */
  totals?: Fact[];
  /** Titled address blocks (lines of text). */
  addresses?: { title: string; lines: string[] }[];
  action?: { label: string; url: string };
  /** Paragraphs after the action. */
  after?: string[];
}

/** HTML and plain-text parts of a rendered mail. */
export interface RenderedParts {
  subject: string;
  html: string;
  text: string;
}

/** `cents` (integer EUR cents) as money of the locale (domain formatMoneyCents), e.g. nl → "€ 12,34", fr → "12,34 €". */
export function formatEuro(cents: number, locale: Locale): string {
  return formatMoneyCents(cents, locale);
}

/**
 * A date (ISO day "2026-03-01", a timestamp or a Date) as the long date of the locale in
 * Europe/Brussels (domain formatDate), e.g. fr → "1 mars 2026", en → "1 March 2026".
 */
export function formatDay(value: string | Date, locale: Locale): string {
  return formatDate(value, locale);
}

const BRAND = '#0C4E99';
const MUTED = '#52606d';

/** Escapes a value for MJML/HTML text; line breaks become <br/>. */
function h(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, '<br/>');
}

function factsTable(facts: Fact[]): string {
  const rows = facts
    .map(
      (f) =>
        `<tr><td style="padding:3px 12px 3px 0;color:${MUTED};vertical-align:top">${h(f.label)}</td><td style="padding:3px 0;vertical-align:top">${h(f.value)}</td></tr>`,
    )
    .join('');
  return `<mj-table font-size="14px" padding="8px 25px">${rows}</mj-table>`;
}

function linesTable(c: MailContent): string {
  const t = COMMON[c.locale];
  // Lines without amounts (a delivery) have no amount column.
  const amounts = (c.lines ?? []).some((l) => l.amount !== '') || Boolean(c.totals?.length);
  const amountHead = amounts ? `<th style="padding:6px 0;text-align:right">${h(t.amount)}</th>` : '';
  const head = `<tr style="border-bottom:1px solid #cbd2d9;text-align:left"><th style="padding:6px 8px 6px 0">${h(t.product)}</th><th style="padding:6px 8px;text-align:right">${h(t.qty)}</th>${amountHead}</tr>`;
  const body = (c.lines ?? [])
    .map(
      (l) =>
        `<tr style="border-bottom:1px solid #e4e7eb"><td style="padding:6px 8px 6px 0">${h(l.name)}</td><td style="padding:6px 8px;text-align:right">${h(l.qty)}</td>${amounts ? `<td style="padding:6px 0;text-align:right;white-space:nowrap">${h(l.amount)}</td>` : ''}</tr>`,
    )
    .join('');
  const totals = (c.totals ?? [])
    .map(
      (f, i, all) =>
        `<tr><td colspan="2" style="padding:4px 8px 4px 0;text-align:right${i === all.length - 1 ? ';font-weight:bold' : ''}">${h(f.label)}</td><td style="padding:4px 0;text-align:right;white-space:nowrap${i === all.length - 1 ? ';font-weight:bold' : ''}">${h(f.value)}</td></tr>`,
    )
    .join('');
  return `<mj-table font-size="14px" padding="8px 25px">${head}${body}${totals}</mj-table>`;
}

/** The MJML source of `c` (every value escaped). */
function mjmlSource(c: MailContent): string {
  const t = COMMON[c.locale];
  const text = (s: string, attrs = '') => `<mj-text${attrs}>${h(s)}</mj-text>`;
  const parts: string[] = [];
  if (c.greetingName !== null) parts.push(text(t.greeting(c.greetingName.trim())));
  parts.push(...c.paragraphs.map((p) => text(p)));
  if (c.facts?.length) parts.push(factsTable(c.facts));
  if (c.lines?.length) parts.push(linesTable(c));
  else if (c.totals?.length) parts.push(factsTable(c.totals));
  for (const a of c.addresses ?? [])
    parts.push(
      `<mj-text><strong>${h(a.title)}</strong><br/>${a.lines.map((l) => h(l)).join('<br/>')}</mj-text>`,
    );
  if (c.action)
    parts.push(
      `<mj-button href="${escapeHtml(c.action.url)}" background-color="${BRAND}" align="left">${h(c.action.label)}</mj-button>`,
      text(c.action.url, ` font-size="12px" color="${MUTED}"`),
    );
  parts.push(...(c.after ?? []).map((p) => text(p)));
  parts.push(text(t.signature));
  return `<mjml lang="${c.locale}">
  <mj-head>
    <mj-title>${h(c.subject)}</mj-title>
    <mj-preview>${h(c.paragraphs[0] ?? c.subject)}</mj-preview>
    <mj-attributes>
      <mj-all font-family="Arial, Helvetica, sans-serif" />
      <mj-text font-size="14px" line-height="1.5" color="#1f2933" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f5f7fa">
    <mj-section background-color="${BRAND}" padding="16px 0">
      <mj-column><mj-text font-size="20px" font-weight="bold" color="#ffffff">VetShop</mj-text></mj-column>
    </mj-section>
    <mj-section background-color="#ffffff">
      <mj-column>
        ${parts.join('\n        ')}
      </mj-column>
    </mj-section>
    <mj-section padding="8px 0">
      <mj-column>${text(t.footer, ` font-size="11px" color="${MUTED}"`)}</mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

/** The plain-text part of `c`: the same content, tables as aligned lines. */
function plainText(c: MailContent): string {
  const t = COMMON[c.locale];
  const colon = labelColon(c.locale);
  const out: string[] = [];
  if (c.greetingName !== null) out.push(t.greeting(c.greetingName.trim()), '');
  for (const p of c.paragraphs) out.push(p, '');
  if (c.facts?.length) out.push(...c.facts.map((f) => `${f.label}${colon} ${f.value}`), '');
  if (c.lines?.length) {
    for (const l of c.lines) out.push(`- ${l.name} × ${l.qty}${l.amount ? `${colon} ${l.amount}` : ''}`);
    out.push('');
  }
  if (c.totals?.length) out.push(...c.totals.map((f) => `${f.label}${colon} ${f.value}`), '');
  for (const a of c.addresses ?? []) out.push(`${a.title}${colon}`, ...a.lines, '');
  if (c.action) out.push(`${c.action.label}${colon}`, c.action.url, '');
  for (const p of c.after ?? []) out.push(p, '');
  out.push(t.signature, '', '--', t.footer, '');
  return out.join('\n');
}

/**
 * Renders `c` to its subject, MJML-compiled HTML and plain text.
 * Errors: rejects when MJML reports a template error (a bug: the source is built from escaped text).
 */
export async function renderContent(c: MailContent): Promise<RenderedParts> {
  const result = await mjml2html(mjmlSource(c), { validationLevel: 'strict', minify: false });
  if (result.errors.length)
    throw new Error(`MJML: ${result.errors.map((e) => e.formattedMessage ?? e.message).join('; ')}`);
  return { subject: c.subject, html: result.html, text: plainText(c) };
}

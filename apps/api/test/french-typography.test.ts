/**
 * Every French text the api writes (mails, the PDF documents' labels, delivery texts, website
 * content seeded for the demo) spaces its punctuation as French typography asks: a no-break space
 * before `:`, a narrow one before `; ! ? %`, and the elision with the typographic apostrophe
 * (docs/decisions/french-typography.md, domain `frenchTypography`). An ordinary space there lets a
 * line start with the colon on a phone.
 */
import { frenchTypography } from '@vetshop/domain';
import { describe, expect, it } from 'vitest';
import { carrierText } from '../src/modules/carts/carrier-text.ts';
import { DEFAULT_SEED } from '../src/modules/catalog-import/import.ts';
import { generateEquipment, generateFood } from '../src/modules/catalog-import/generate.ts';
import { SEED_CONTENTS } from '../src/modules/cms/seed.ts';
import { LABELS } from '../src/modules/documents/pdf.ts';
import { acknowledgementMail, staffLeadMail } from '../src/modules/leads/mails.ts';
import { renderContent } from '../src/modules/mail/outbox-render.ts';
import { COMMON, KINDS } from '../src/modules/mail/outbox-texts.ts';
import { renderMail, type MailKind } from '../src/modules/mail/templates.ts';
import { renderPromoAlert } from '../src/modules/promo-alerts/mail.ts';
import { SEED_CARRIERS } from '../src/seed/carriers.ts';

/** The strings of `value`: its own, those of its members, and what its functions answer for sample arguments. */
function strings(value: unknown, path = '', out: [string, string][] = []): [string, string][] {
  if (typeof value === 'string') out.push([path, value]);
  else if (typeof value === 'function') strings(value('X', 'Y', 'Z'), `${path}()`, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) strings(v, path ? `${path}.${k}` : k, out);
  return out;
}

/** The texts of `values` that frenchTypography would change (an ordinary space before the punctuation, a straight apostrophe). */
const untypeset = (values: [string, string][]) =>
  values.filter(([, v]) => frenchTypography(v) !== v).map(([k, v]) => `${k}: ${JSON.stringify(v)}`);

describe('French typography of the api texts', () => {
  it('in the text tables of the mails and the PDF labels', () => {
    expect(untypeset(strings({ COMMON: COMMON.fr, KINDS: KINDS.fr, LABELS: LABELS.fr }))).toEqual([]);
  });

  it('in rendered mails: account mails, promotion alerts, contact requests, outbox mails', async () => {
    const kinds: MailKind[] = ['welcome', 'reset_password', 'validate_email', 'invitation'];
    const mails = kinds.map((k) => renderMail(k, 'fr', { name: 'Anne', link: 'https://vetshop.be/x' }));
    mails.push(
      renderPromoAlert('fr', {
        name: 'Anne',
        product: 'Metacam',
        variant: '100 ml',
        kind: 'supplier_discount',
        discount: 15,
        mainQuantity: null,
        promoQuantity: null,
        dateEnd: '2026-12-31',
        productLink: 'https://vetshop.be/p',
        promotionsLink: 'https://vetshop.be/promotions',
      }),
      staffLeadMail(
        {
          id: 7,
          subject: 'order',
          formName: null,
          email: 'a@b.be',
          name: 'Anne',
          fields: [{ label: 'Message', value: 'Bonjour' }],
          files: ['photo.jpg'],
          link: 'https://vetshop.be/staff/leads/7',
        },
        'fr',
      ),
      acknowledgementMail(7, 'fr'),
      await renderContent({
        locale: 'fr',
        subject: 'Commande',
        greetingName: 'Anne',
        paragraphs: ['Merci.'],
        facts: [{ label: 'Référence', value: 'S0001' }],
        lines: [{ name: 'Metacam', qty: '2', amount: '12,00 €' }],
        totals: [{ label: 'Total TVAC', value: '12,72 €' }],
        addresses: [{ title: 'Livraison', lines: ['Rue Neuve 1'] }],
        action: { label: 'Voir la commande', url: 'https://vetshop.be/o' },
      }),
    );
    const texts = mails.flatMap((m, i): [string, string][] => [
      [`${i}.subject`, m.subject],
      [`${i}.text`, m.text],
    ]);
    expect(untypeset(texts)).toEqual([]);
    // A label's colon is there, joined to its label.
    expect(mails.at(-1)!.text).toContain('Total TVAC\u00a0: 12,72 €');
  });

  it('in the delivery texts and the seeded website content', () => {
    const codes = SEED_CARRIERS.map((c) => c.code);
    expect(codes).toContain('own_van');
    const carriers = codes.map((code) => carrierText({ code, name: '', description: '' }, 'fr'));
    expect(untypeset(strings({ carriers, seeded: SEED_CARRIERS }))).toEqual([]);
    expect(untypeset(strings(SEED_CONTENTS.map((c) => c.translations.fr)))).toEqual([]);
  });

  // The generated products' French names ("Gants d'examen…") had the straight apostrophe beside
  // messages that write ’ on the same page.
  it('in the generated catalogue: French names and descriptions', () => {
    const drafts = [...generateFood(DEFAULT_SEED), ...generateEquipment(DEFAULT_SEED)];
    expect(drafts.length).toBeGreaterThan(100);
    const texts = drafts.map((d) => ({
      [d.code]: { name: d.names.fr, description: d.descriptions.fr, short: d.shortDescriptions.fr },
    }));
    expect(untypeset(strings(texts))).toEqual([]);
  });
});

/**
 * The lines table of the PDFs (apps/api/src/modules/documents/pdf.ts, docs/decisions/documents.md
 * "Lines table"): a product's reference is printed under its name, whole, instead of in a narrow
 * column of its own where a generated reference of 70 characters ran over nine lines; the seller's
 * office and register are written in the document's language ("The seller in the document's
 * language").
 */
import { describe, expect, it } from 'vitest';
import { renderPdf, type PdfKind, type PdfModel } from '../src/modules/documents/pdf.ts';
import { sellerIdentity } from '../src/config.ts';
import { pdfText } from './pdf-text.ts';

const LONG_SKU = 'VMD-DRAXXIN-100-MGML-SOLUTION-FOR-INJECTION-FOR-CATTLE-PIGS-AND-SHEEP-2';

function model(kind: PdfKind, locale: PdfModel['locale']): PdfModel {
  return {
    kind,
    locale,
    seller: sellerIdentity(),
    number: 'VS-INV-1',
    date: '2026-12-02',
    orderNumber: 'VS-1',
    orderDate: '2026-12-01',
    customer: { number: 'D00002', name: 'Cabinet Vétérinaire', vat: null, depotNumber: null },
    clientOrderRef: '',
    suiteName: '',
    invoicingAddress: ['Rue du Parc 1', '1000 Bruxelles', 'Belgique'],
    deliveryAddress: ['Rue du Parc 1', '1000 Bruxelles', 'Belgique'],
    carrier: null,
    lines: [
      {
        sku: LONG_SKU,
        name: 'Draxxin 100 mg/ml — 100 ml',
        qty: 2,
        qtyOrdered: 2,
        priceUnitCents: 12345,
        amountCents: 24690,
        taxRateBp: 600,
      },
      {
        sku: 'ANMV-453-1',
        name: 'COLICILLINE — Flacon de 50 ml',
        qty: 1,
        qtyOrdered: 1,
        priceUnitCents: 1000,
        amountCents: 1000,
        taxRateBp: 600,
      },
    ],
  };
}

/** The text with the breaks pdfkit makes after a hyphen of a long reference joined again. */
const joined = (text: string) => text.replace(/- (?=[A-Z0-9])/g, '-');

describe('PDF lines table', () => {
  for (const kind of ['invoice', 'delivery_note'] as const)
    it(`prints each reference whole under the product's name (${kind})`, async () => {
      const fr = joined(await pdfText(await renderPdf(model(kind, 'fr'), { compress: false })));
      expect(fr).toContain(`Draxxin 100 mg/ml — 100 ml Réf. ${LONG_SKU}`);
      expect(fr).toContain('COLICILLINE — Flacon de 50 ml Réf. ANMV-453-1');
      // No reference column before the product's.
      expect(fr).not.toMatch(/Réf\. Produit/u);
      const en = joined(await pdfText(await renderPdf(model(kind, 'en'), { compress: false })));
      expect(en).toContain(`Ref. ${LONG_SKU}`);
      // The seller's office and register in the document's language.
      expect(fr).toContain('Avenue de Tervueren 2 1040 Bruxelles Belgique');
      expect(fr).toContain('RPM Bruxelles');
      const nl = joined(await pdfText(await renderPdf(model(kind, 'nl'), { compress: false })));
      expect(nl).toContain('Tervurenlaan 2 1040 Brussel België');
      expect(nl).toContain('RPR Brussel');
      expect(nl).not.toContain('Avenue de Tervueren');
      expect(nl).not.toContain('RPM');
      expect(en).toContain('1040 Brussels Belgium');
    });
});

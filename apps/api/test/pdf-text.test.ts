/**
 * The PDF text helper of the api tests (pdf-text.ts). pdfkit compresses every content stream, so
 * a stream's last byte depends on its text; a helper that cut the stream at `\r?\nendstream`
 * dropped a last byte 0x0D, failed to inflate that stream and lost its text (a sales test failed
 * about once in a few hundred runs, with a sale number drawn at random).
 */
import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { pdfText } from './pdf-text.ts';

/** A one-page PDF made by pdfkit with `text` on it. */
function pdfOf(text: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4' });
    const parts: Buffer[] = [];
    doc.on('data', (b: Buffer) => parts.push(b));
    doc.on('end', () => resolve(Buffer.concat(parts)));
    doc.on('error', reject);
    doc.text(text);
    doc.end();
  });
}

/** True when a FlateDecode stream of `pdf` ends with byte 0x0D right before `\nendstream`. */
function hasStreamEndingInCarriageReturn(pdf: Buffer): boolean {
  const raw = pdf.toString('latin1');
  for (const m of raw.matchAll(/stream\n([^]*?)\nendstream/g)) {
    const body = Buffer.from(m[1]!, 'latin1');
    if (body.at(-1) !== 0x0d) continue;
    try {
      inflateSync(body);
      return true;
    } catch {
      // not a whole deflate stream: keep looking
    }
  }
  return false;
}

describe('pdfText', () => {
  it('reads a page whose compressed content stream ends with a carriage-return byte', async () => {
    let found: { text: string; pdf: Buffer } | null = null;
    for (let i = 0; i < 3000 && !found; i++) {
      // Texts of many lengths and letters, so the checksum at the end of the stream takes every byte value.
      const text = `Confirmation de commande T${10000 + i}-${'ABCDEFGHIJ'.slice(0, i % 10)}${'z'.repeat(i % 37)}`;
      const pdf = await pdfOf(text);
      if (hasStreamEndingInCarriageReturn(pdf)) found = { text, pdf };
    }
    expect(found, 'no pdfkit page with a stream ending in 0x0D among 3000').not.toBeNull();
    expect(await pdfText(found!.pdf)).toContain(found!.text);
  });

  it('collapses spaces, no-break spaces included, to single spaces', async () => {
    expect(await pdfText(await pdfOf('Total TVAC\u00a0:  141,06\u00a0€'))).toContain('Total TVAC : 141,06 €');
  });
});

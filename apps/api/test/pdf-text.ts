/**
 * The text of a PDF made by the api (pdfkit), for the tests that read what a document says:
 * extracted with unpdf (PDF.js) from every page, whitespace (no-break and narrow no-break spaces
 * too) collapsed to single spaces. Compare with {@link normSpaces} of the expected value (money and
 * dates carry no-break spaces). Tested by pdf-text.test.ts.
 */
import { extractText } from 'unpdf';

/** Every run of whitespace, no-break spaces included, as one plain space. */
export const normSpaces = (s: string): string => s.replace(/[\s\u00a0\u202f]+/g, ' ');

/** The text of all pages of `pdf`, spaces collapsed (normSpaces). */
export async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return normSpaces(text);
}

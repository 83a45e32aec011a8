/**
 * Reads the mails the api wrote to its outbox folder (E2E_OUTBOX_DIR, .eml files; README
 * "Configuration" MAIL_OUTBOX_DIR) and extracts links from them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/** Decodes quoted-printable soft line breaks and =XX escapes (enough for the links of our mails). */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Raw text of every mail sent to `to`, oldest first. */
export function mailsTo(to: string, dir = process.env.E2E_OUTBOX_DIR ?? ''): string[] {
  if (!dir) throw new Error('E2E_OUTBOX_DIR is not set');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => decodeQuotedPrintable(readFileSync(path.join(dir, f), 'utf8')))
    .filter((raw) => raw.toLowerCase().includes(`to: ${to.toLowerCase()}`));
}

/**
 * Waits (up to 10 s) for a mail to `to` holding a link whose path contains `pathPart`, and returns
 * that link.
 */
export async function waitForLink(to: string, pathPart: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        for (const raw of mailsTo(to).reverse()) {
          const match = raw.match(new RegExp(`https?://[^\\s"'<>]*${pathPart}[^\\s"'<>]*`));
          if (match) {
            link = match[0].replace(/&amp;/g, '&');
            return true;
          }
        }
        return false;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return link!;
}

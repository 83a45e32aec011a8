/**
 * One name per payment mode (docs/decisions/payment-providers.md, "One name per payment mode"): the
 * checkout lists the providers' names, the order page prints its messages' `orders.paymentModes`, the
 * order confirmation PDF its `LABELS`. A practice that chose "Sur facture" at checkout read "Sur
 * compte" on its order page; each locale's three wordings must be the same.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LABELS } from '../documents/index.ts';
import { CARD_PROVIDER, PROVIDERS } from './providers.ts';

const LOCALES = ['fr', 'nl', 'en'] as const;

function webPaymentModes(locale: (typeof LOCALES)[number]): Record<string, string> {
  const url = new URL(`../../../../web/messages/${locale}.json`, import.meta.url);
  const messages = JSON.parse(readFileSync(url, 'utf8')) as {
    orders: { paymentModes: Record<string, string> };
  };
  return messages.orders.paymentModes;
}

describe('payment mode names', () => {
  it.each(LOCALES)('%s: the checkout, the order page and the PDF name each mode alike', (locale) => {
    const web = webPaymentModes(locale);
    for (const provider of [...PROVIDERS, CARD_PROVIDER]) {
      expect(web[provider.code], provider.code).toBe(provider.name[locale]);
      expect(LABELS[locale][provider.code], provider.code).toBe(provider.name[locale]);
    }
  });
});

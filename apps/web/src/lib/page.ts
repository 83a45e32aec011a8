import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { routing } from '@/i18n/routing';

/**
 * `generateMetadata` of a private page (account, cart: never indexed) whose title is the message
 * `namespace.key` in the page's locale; an unknown locale gets no metadata (the page answers 404).
 */
export function privatePageMetadata(namespace: string, key: string) {
  return async ({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> => {
    const { locale } = await params;
    if (!hasLocale(routing.locales, locale)) return {};
    const t = await getTranslations({ locale, namespace });
    return { title: t(key), robots: { index: false } };
  };
}

import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { routing } from '@/i18n/routing';
import { hasMessage, type MessageKey, type Namespace } from '@/i18n/keys';

/**
 * `generateMetadata` of a private page (account, cart: never indexed) whose title is the message
 * `namespace.key` in the page's locale (checked against the catalogue when type-checking); an unknown
 * locale gets no metadata (the page answers 404).
 */
export function privatePageMetadata<N extends Namespace>(namespace: N, key: MessageKey<N>) {
  return async ({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> => {
    const { locale } = await params;
    if (!hasLocale(routing.locales, locale)) return {};
    // The root translator with the full key: a translator of the generic namespace `N` cannot be
    // called with a generic key (its argument types stay unresolved).
    const t = await getTranslations({ locale });
    const full = `${namespace}.${key}`;
    return { title: hasMessage(t, full) ? t(full) : full, robots: { index: false } };
  };
}

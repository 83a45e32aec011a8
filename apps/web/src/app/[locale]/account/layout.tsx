import type { ReactNode } from 'react';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getMessages, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { ACCOUNT_CLIENT_NAMESPACES, pickNamespaces } from '@/i18n/client-messages';
import { routing } from '@/i18n/routing';

/**
 * Layout of /{lang}/account/**: the pages' client components get the message namespaces they use
 * (i18n/client-messages.ts `ACCOUNT_CLIENT_NAMESPACES`, checked by its test), not the whole
 * catalogue; the header and footer above keep the public ones.
 */
export default async function Layout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const messages = pickNamespaces(await getMessages(), ACCOUNT_CLIENT_NAMESPACES);
  return <NextIntlClientProvider messages={messages}>{children}</NextIntlClientProvider>;
}

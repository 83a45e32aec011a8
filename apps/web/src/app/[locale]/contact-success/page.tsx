import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { ContactBanner } from '@/components/contact/ContactBanner';
import { Link } from '@/i18n/navigation';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const t = await getTranslations({ locale, namespace: 'contact.success' });
  // A confirmation page: not for search engines.
  return { title: t('title'), robots: { index: false, follow: true } };
}

/**
 * /{lang}/contact-success (docs/product/community-and-content.md#contact "Contact sent confirmation"): the message was sent, an
 * acknowledgement is on its way by mail, the opening hours, and links home and to another
 * message. Test id `contact-success`.
 */
export default async function ContactSuccessPage({ params }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'contact.success' });
  return (
    <div className="space-y-6">
      <div
        role="status"
        className="space-y-2 rounded-lg border-l-4 border-ok bg-green-50 p-4"
        data-testid="contact-success"
      >
        <h1 className="text-3xl font-bold text-brand">{t('title')}</h1>
        <p>{t('body')}</p>
      </div>
      <ContactBanner withLink={false} />
      <p className="flex flex-wrap gap-4">
        <Link href="/" className="font-semibold text-brand underline">
          {t('home')}
        </Link>
        <Link href="/contact" className="font-semibold text-brand underline">
          {t('again')}
        </Link>
      </p>
    </div>
  );
}

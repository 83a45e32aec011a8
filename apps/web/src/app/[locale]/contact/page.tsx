import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing } from '@/i18n/routing';
import { contactApi } from '@/lib/api/contact';
import { alternatesFor, samePathEverywhere } from '@/lib/seo';
import { getCurrentUser } from '@/lib/session';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { ContactBanner } from '@/components/contact/ContactBanner';
import { ContactForms } from '@/components/contact/ContactForms';
import type { ContactPrefill } from '@/components/contact/ContactForm';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) return {};
  const t = await getTranslations({ locale, namespace: 'contact' });
  return {
    title: t('title'),
    description: t('intro'),
    alternates: alternatesFor(locale, samePathEverywhere('/contact')),
  };
}

/**
 * /{lang}/contact (docs/product/community-and-content.md#contact "Contact forms"; docs/product/community-and-content.md#forms GET form, POST leads): the contact banner with
 * the opening hours of docs/product/constants.md, then the active forms of GET form rendered from their JSON
 * definitions (labels in the page's locale). Guests and signed-in users; a signed-in user's email,
 * name, phone and mobile prefill the form. `?form=<code>` chooses the form shown first. Sending
 * leads to /{lang}/contact-success. Test ids: `contact-page`, see ContactForms and ContactForm.
 */
export default async function ContactPage({ params, searchParams }: Props) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const query = await searchParams;
  const [forms, user, t] = await Promise.all([
    contactApi.forms(locale),
    getCurrentUser(locale),
    getTranslations({ locale, namespace: 'contact' }),
  ]);
  const prefill: ContactPrefill = user
    ? {
        email: user.email,
        name: user.name,
        phone: user.phone ?? undefined,
        mobile: user.mobile ?? undefined,
      }
    : {};
  const initial = typeof query.form === 'string' ? query.form : undefined;
  return (
    <div className="space-y-6" data-testid="contact-page">
      <Breadcrumbs locale={locale} items={[{ label: t('title') }]} />
      <div className="space-y-2">
        <h1 className="text-3xl font-bold text-brand">{t('title')}</h1>
        <p className="text-muted">{t('intro')}</p>
      </div>
      <ContactBanner withLink={false} />
      <ContactForms forms={forms} locale={locale} prefill={prefill} initial={initial} />
    </div>
  );
}

import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import en from '../../../../messages/en.json';
import fr from '../../../../messages/fr.json';
import nl from '../../../../messages/nl.json';
import { OfflineRetry } from './OfflineRetry';

const MESSAGES = { fr, nl, en } as const;
type Lang = keyof typeof MESSAGES;

export const dynamic = 'force-static';
export const dynamicParams = false;

/** The three offline pages are rendered at build time. */
export function generateStaticParams(): { lang: Lang }[] {
  return [{ lang: 'fr' }, { lang: 'nl' }, { lang: 'en' }];
}

function isLang(value: string): value is Lang {
  return value in MESSAGES;
}

export async function generateMetadata({ params }: { params: Promise<{ lang: string }> }): Promise<Metadata> {
  const { lang } = await params;
  const m = isLang(lang) ? MESSAGES[lang] : fr;
  return { title: m.shell.offline.title, robots: { index: false } };
}

/**
 * Offline page of a locale, /offline/{lang} (docs/product/web-app-shell.md#offline "shows an offline page"): static (no session,
 * no api call), precached by the service worker and shown for a navigation that fails without
 * network and has no cached copy. Works without JavaScript: a link retries the home page.
 */
export default async function OfflinePage({ params }: { params: Promise<{ lang: string }> }) {
  const { lang } = await params;
  if (!isLang(lang)) notFound();
  const t = MESSAGES[lang].shell.offline;
  return (
    <html lang={lang}>
      <body>
        <main data-testid="shell-offline" className="mx-auto max-w-2xl px-4 py-16 text-center">
          <h1 className="text-3xl font-bold">{t.title}</h1>
          <p className="mt-4">{t.text}</p>
          <OfflineRetry lang={lang} text={t.auto} />
          <a
            href={`/${lang}`}
            className="mt-8 inline-block rounded bg-brand px-5 py-2 font-semibold text-white"
          >
            {t.retry}
          </a>
        </main>
      </body>
    </html>
  );
}

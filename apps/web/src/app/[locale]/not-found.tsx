import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { NotFoundScreen } from '@/components/NotFoundScreen';

/**
 * The 404 page's title in the page's language ("Page introuvable | VetShop") in the served
 * document, never the home page's title (docs/product/errors.md#pages "Page not found"). Next
 * already marks the page `noindex`. Known framework limit: in a browser, Next 16 replaces a
 * not-found boundary's title with the layout's default once the page has hydrated.
 */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('notFound');
  return { title: t('title') };
}

/** Localized 404 (docs/product/web-app-shell.md#error-screens / docs/product/errors.md): rendered for notFound() and for unknown paths via [...rest]. */
export default function LocaleNotFound() {
  return <NotFoundScreen />;
}

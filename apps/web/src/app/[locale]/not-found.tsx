import { NotFoundScreen } from '@/components/NotFoundScreen';

/** Localized 404 (docs/product/web-app-shell.md#error-screens / docs/product/errors.md): rendered for notFound() and for unknown paths via [...rest]. */
export default function LocaleNotFound() {
  return <NotFoundScreen />;
}

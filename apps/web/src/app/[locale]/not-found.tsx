import { NotFoundScreen } from '@/components/StatusScreens';

/** Localized 404 (spec 2 / spec 8): rendered for notFound() and for unknown paths via [...rest]. */
export default function LocaleNotFound() {
  return <NotFoundScreen />;
}

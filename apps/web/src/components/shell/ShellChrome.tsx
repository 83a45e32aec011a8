import { currentBuildId } from '@/lib/shell/build-id';
import { BottomNav } from './BottomNav';
import { ChunkReloadGuard } from './ChunkReloadGuard';
import { CookieConsentLazy, NotificationsLazy } from './LazyIslands';
import { WebAppUpdate } from './WebAppUpdate';

/**
 * The shell pieces rendered after the footer of every locale page (server component;
 * docs/product/web-app-shell.md#global-interface-pieces): bottom navigation bar (small screens), cookie consent banner and dialog,
 * notification area (after hydration), service
 * worker registration with the update banner (given the id of the build that rendered the page),
 * and the chunk-error reload guard. Must sit inside ShellProviders. `consentStored`: the request
 * carries a cookie choice (the consent banner is then left out of the HTML).
 */
export function ShellChrome({ locale, consentStored }: { locale: string; consentStored: boolean }) {
  return (
    <>
      <BottomNav locale={locale} />
      <CookieConsentLazy consentStored={consentStored} />
      <NotificationsLazy />
      <WebAppUpdate buildId={currentBuildId()} />
      <ChunkReloadGuard />
    </>
  );
}

'use client';

import { useEffect } from 'react';
import { usePathname } from 'next/navigation';
import { BANNER_CLOSE_ATTRIBUTE } from './info-banner-dom';

/** sessionStorage key of the banners the visitor closed in this browser session. */
const DISMISSED_BANNERS_KEY = 'vetshop.cms.dismissedBanners';

function readDismissed(): number[] {
  try {
    const raw = JSON.parse(window.sessionStorage.getItem(DISMISSED_BANNERS_KEY) ?? '[]') as unknown;
    return Array.isArray(raw) ? raw.filter((v): v is number => typeof v === 'number') : [];
  } catch {
    return [];
  }
}

/**
 * Hides the banners of `container` that this browser session closed (and shows the others); hides
 * the container itself when no banner is left.
 */
function applyDismissed(container: HTMLElement): void {
  const dismissed = readDismissed();
  const banners = [...container.querySelectorAll<HTMLElement>('[data-banner-id]')];
  for (const banner of banners) banner.hidden = dismissed.includes(Number(banner.dataset.bannerId));
  container.hidden = banners.every((banner) => banner.hidden);
}

/**
 * The closing of the info banners (docs/product/web-app-shell.md#global-interface-pieces global
 * "info banner", docs/product/community-and-content.md#info-banners): the banners themselves are
 * server-rendered in the page's flow by InfoBannerSlot (components/cms/SiteBanners.tsx), so they
 * are painted with the page and shown without JavaScript; this island renders nothing and is
 * loaded after hydration (InfoBannerDismissalLazy). It shows each banner's close button, hides the
 * banners closed in this browser session (sessionStorage, read again after each navigation) and, on
 * a close button's click, records the banner and hides it. `containerId`: the id of the banners'
 * container element (docs/decisions/web-page-performance.md, "Lazy islands that React outlines").
 */
export function InfoBannerDismissal({ containerId }: { containerId: string }) {
  const pathname = usePathname();
  useEffect(() => {
    const container = document.getElementById(containerId);
    if (!container) return;
    for (const button of container.querySelectorAll<HTMLElement>(`[${BANNER_CLOSE_ATTRIBUTE}]`)) {
      button.hidden = false;
    }
    applyDismissed(container);
    const onClick = (event: MouseEvent) => {
      const button = (event.target as Element | null)?.closest?.(`[${BANNER_CLOSE_ATTRIBUTE}]`);
      const banner = button?.closest<HTMLElement>('[data-banner-id]');
      if (!banner) return;
      const next = [...new Set([...readDismissed(), Number(banner.dataset.bannerId)])];
      try {
        window.sessionStorage.setItem(DISMISSED_BANNERS_KEY, JSON.stringify(next));
        applyDismissed(container);
      } catch {
        // Storage refused (private mode): hide for this page only.
        banner.hidden = true;
      }
    };
    container.addEventListener('click', onClick);
    return () => container.removeEventListener('click', onClick);
  }, [containerId, pathname]);
  return null;
}

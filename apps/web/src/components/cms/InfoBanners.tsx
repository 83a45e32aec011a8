'use client';

import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { InfoBanner } from '@vetshop/domain';

/** sessionStorage key of the banners the visitor closed in this browser session. */
export const DISMISSED_BANNERS_KEY = 'vetshop.cms.dismissedBanners';

const TONE: Record<InfoBanner['type'], string> = {
  info: 'border-brand/30 bg-blue-50 text-ink',
  warning: 'border-amber-400 bg-amber-50 text-ink',
  alert: 'border-red-500 bg-red-50 text-ink',
};

function readDismissed(): number[] {
  try {
    const raw = JSON.parse(window.sessionStorage.getItem(DISMISSED_BANNERS_KEY) ?? '[]') as unknown;
    return Array.isArray(raw) ? raw.filter((v): v is number => typeof v === 'number') : [];
  } catch {
    return [];
  }
}

/**
 * The info banners of the page (docs/product/web-app-shell.md#global-interface-pieces global "info banner", docs/product/community-and-content.md#info-banners): the banners the
 * api answers as valid now for this visitor, each a region with its sanitised html and a close
 * button; a closed banner stays hidden for the browser session (sessionStorage). `alert` banners are
 * announced (role=alert), the others are status regions. Test ids: `info-banner` (data-banner-id),
 * `info-banner-close`.
 */
export function InfoBanners({ banners }: { banners: InfoBanner[] }) {
  const t = useTranslations('cms.banner');
  const [dismissed, setDismissed] = useState<number[]>([]);
  useEffect(() => {
    // Read after mount: sessionStorage exists only in the browser.
    setDismissed(readDismissed());
  }, []);
  const visible = banners.filter((b) => !dismissed.includes(b.id));
  if (visible.length === 0) return null;
  const close = (id: number) => {
    const next = [...new Set([...readDismissed(), id])];
    try {
      window.sessionStorage.setItem(DISMISSED_BANNERS_KEY, JSON.stringify(next));
    } catch {
      // Storage refused (private mode): hide for this page only.
    }
    setDismissed(next);
  };
  return (
    <div className="mx-auto w-full max-w-7xl space-y-2 px-4 pt-3">
      {visible.map((b) => (
        <section
          key={b.id}
          role={b.type === 'alert' ? 'alert' : 'status'}
          aria-label={t(`types.${b.type}`)}
          data-testid="info-banner"
          data-banner-id={b.id}
          className={`flex items-start gap-3 rounded border px-4 py-2 text-sm ${TONE[b.type]}`}
        >
          <div
            className="flex-1 [&_a]:text-brand [&_a]:underline"
            dangerouslySetInnerHTML={{ __html: b.html }}
          />
          <button
            type="button"
            onClick={() => close(b.id)}
            data-testid="info-banner-close"
            className="rounded px-2 text-lg leading-none hover:bg-black/5 focus-visible:outline-2"
            aria-label={t('close')}
          >
            <span aria-hidden="true">×</span>
          </button>
        </section>
      ))}
    </div>
  );
}

'use client';

import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { Advertisement } from '@vetshop/domain';

/** sessionStorage key of the advertisements the visitor closed in this browser session. */
export const DISMISSED_ADS_KEY = 'vetshop.cms.dismissedAds';

const SLOT_CLASS: Record<Advertisement['display_slot'], string> = {
  bottom_right: 'bottom-20 right-4 md:bottom-4',
  bottom_left: 'bottom-20 left-4 md:bottom-4',
  top_right: 'top-24 right-4',
  top_left: 'top-24 left-4',
};

function readDismissed(): number[] {
  try {
    const raw = JSON.parse(window.sessionStorage.getItem(DISMISSED_ADS_KEY) ?? '[]') as unknown;
    return Array.isArray(raw) ? raw.filter((v): v is number => typeof v === 'number') : [];
  } catch {
    return [];
  }
}

/**
 * Site-wide advertisements (docs/product/community-and-content.md#advertisements, docs/product/constants.md#defaults "display time −1, default slot
 * bottom_right"): the first valid advertisement of each slot shows in its corner after the page
 * has loaded, as a labelled complementary region with its image (or name) linking to `link`, and a
 * close button. `display_time` −1 keeps it until closed; a positive value hides it after that many
 * seconds. A closed advertisement stays hidden for the browser session. Test ids: `advertisement`
 * (data-ad-id, data-slot), `advertisement-close`.
 */
export function Advertisements({ ads }: { ads: Advertisement[] }) {
  const t = useTranslations('cms.ads');
  const [hidden, setHidden] = useState<number[] | null>(null);
  useEffect(() => {
    setHidden(readDismissed());
    const timers = ads
      .filter((a) => a.display_time > 0)
      .map((a) => window.setTimeout(() => setHidden((h) => [...(h ?? []), a.id]), a.display_time * 1000));
    return () => timers.forEach((id) => window.clearTimeout(id));
  }, [ads]);
  if (hidden === null) return null;
  const bySlot = new Map<Advertisement['display_slot'], Advertisement>();
  for (const a of ads)
    if (!hidden.includes(a.id) && !bySlot.has(a.display_slot)) bySlot.set(a.display_slot, a);
  const close = (id: number) => {
    const next = [...new Set([...readDismissed(), id])];
    try {
      window.sessionStorage.setItem(DISMISSED_ADS_KEY, JSON.stringify(next));
    } catch {
      // Storage refused: hide for this page only.
    }
    setHidden((h) => [...(h ?? []), id]);
  };
  return (
    <>
      {[...bySlot.values()].map((ad) => {
        const body = ad.image_url ? (
          <img src={ad.image_url} alt={ad.alt || ad.name} className="max-h-48 max-w-64 rounded" />
        ) : (
          <span className="block max-w-64 font-semibold">{ad.alt || ad.name}</span>
        );
        return (
          <aside
            key={ad.id}
            aria-label={t('label')}
            data-testid="advertisement"
            data-ad-id={ad.id}
            data-slot={ad.display_slot}
            className={`fixed z-40 rounded-lg border border-line bg-white p-3 pr-9 shadow-lg ${SLOT_CLASS[ad.display_slot]}`}
          >
            {ad.link ? (
              <a
                href={ad.link}
                className="block text-brand"
                {...(ad.link.startsWith('https://') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                {body}
              </a>
            ) : (
              body
            )}
            <button
              type="button"
              onClick={() => close(ad.id)}
              data-testid="advertisement-close"
              aria-label={t('close')}
              className="absolute top-1 right-1 rounded px-2 text-lg leading-none hover:bg-black/5"
            >
              <span aria-hidden="true">×</span>
            </button>
          </aside>
        );
      })}
    </>
  );
}

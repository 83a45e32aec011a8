'use client';

import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import {
  ANALYTICS_COOKIE,
  CONSENT_CHANGE_EVENT,
  CONSENT_OPEN_EVENT,
  COOKIE_CATEGORIES,
  consentFor,
  enabledCategories,
  openCookieSettings,
  readConsent,
  readCookie,
  saveConsent,
  setOptionalCookie,
  takeCookieSettingsRequest,
  type Consent,
  type CookieCategory,
} from '@/lib/shell/consent';
import { CONSENT_CHOICE_FIELD, type ConsentFormChoice } from '@/lib/shell/consent-form';
import { lazyComponent } from '@/lib/lazy-component';
import { notify } from '@/lib/shell/notify';

/**
 * The "choose" dialog's code arrives when the visitor first opens it (banner or footer button), not
 * with every page's first-load JavaScript (docs/decisions/web-page-performance.md, "Browser
 * bundle"); the banner itself stays server-rendered (docs/decisions/cookie-notice.md).
 */
const CookieChoiceDialogLazy = lazyComponent(
  () => import('./CookieChoiceDialog').then((m) => m.CookieChoiceDialog),
  { clientOnly: true },
);

/**
 * Cookie consent (docs/product/web-app-shell.md#global-interface-pieces global "cookie consent", docs/product/web-app-shell.md#cookie-consent "given or not, with the enabled cookie
 * ids"): until a choice is stored, a banner at the bottom offers "accept all", "refuse" and
 * "choose" (a modal dialog with one switch per category; essential cookies always on). The choice is
 * kept in the first-party `vetshop_consent` cookie (the enabled cookie ids); refused cookies are
 * deleted. Nothing non-essential is written before consent: the only such cookies go through
 * `setOptionalCookie`. The footer reopens the dialog with {@link CookieSettingsButton}.
 * `consentStored`: the request carried the consent cookie (read by the server); when it did not, the
 * banner is rendered on the server, so it shows with the first paint, fixed at the bottom (no shift),
 * with an in-flow room of its height at the end of the page. The banner is compact: a title and two
 * one-line sentences (essential cookies used; the others only with consent), each smaller than the
 * page's own content, so the notice is never the page's Largest Contentful Paint
 * (docs/decisions/cookie-notice.md); what each category holds is told in the "choose" dialog.
 * "Refuse" and "accept all" are a form posting to /auth/consent, so that a press before this code
 * has run is kept (docs/decisions/cookie-notice.md, "Before the scripts").
 */
export function CookieConsent({ consentStored }: { consentStored: boolean }) {
  const t = useTranslations('shell.consent');
  // Without a stored choice the banner is in the server's HTML, painted with the page's first
  // paint instead of after hydration (docs/decisions/cookie-notice.md); `undefined`: not read yet.
  const [consent, setConsent] = useState<Consent | null | undefined>(consentStored ? undefined : null);
  const [choosing, setChoosing] = useState(false);
  const [selected, setSelected] = useState<Set<CookieCategory>>(new Set());
  const [dialogUsed, setDialogUsed] = useState(false);
  const bannerRef = useRef<HTMLElement>(null);
  // Height (CSS px) of the in-flow room under the page, once the banner is measured; before
  // that (server HTML, first paint) the room has the banner's usual height at 390 px and above.
  const [roomHeight, setRoomHeight] = useState<number | undefined>(undefined);
  const bannerShown = consent === null && !choosing;

  useEffect(() => {
    setConsent(readConsent());
    const open = () => {
      takeCookieSettingsRequest();
      setSelected(new Set(enabledCategories(readConsent())));
      setChoosing(true);
      // The "choose" dialog is mounted from its first opening on, then kept (closing returns the focus).
      setDialogUsed(true);
    };
    window.addEventListener(CONSENT_OPEN_EVENT, open);
    // The footer's link was used before this code arrived.
    if (takeCookieSettingsRequest()) open();
    return () => window.removeEventListener(CONSENT_OPEN_EVENT, open);
  }, []);

  useEffect(() => {
    const banner = bannerRef.current;
    if (!bannerShown || !banner) return;
    // The room follows the banner (narrow phones wrap its text and buttons); it ends the page, so
    // resizing it moves nothing above it.
    const observer = new ResizeObserver(() =>
      setRoomHeight(Math.ceil(banner.getBoundingClientRect().height)),
    );
    observer.observe(banner);
    return () => observer.disconnect();
  }, [bannerShown]);

  const store = (categories: CookieCategory[]) => {
    const next = consentFor(categories);
    saveConsent(next);
    setConsent(next);
    setChoosing(false);
    notify({ message: t('saved'), kind: 'success' });
  };

  const allCategories = COOKIE_CATEGORIES.map((c) => c.id);

  return (
    <>
      {bannerShown ? (
        <>
          {/* In-flow room at the end of the page, as tall as the banner: the footer can be scrolled
              above it instead of staying under it until a choice is made (nothing above moves). */}
          <div
            aria-hidden="true"
            data-testid="shell-consent-room"
            className="h-36 md:h-24"
            style={roomHeight === undefined ? undefined : { height: roomHeight }}
          />
          <section
            ref={bannerRef}
            aria-labelledby="shell-consent-title"
            data-testid="shell-consent-banner"
            className="fixed inset-x-0 bottom-16 z-40 border-t border-gray-300 bg-white px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] md:bottom-0"
          >
            <div className="mx-auto flex max-w-7xl flex-col gap-2 md:flex-row md:items-center md:gap-4">
              {/* Compact on purpose: each sentence is its own short block, smaller than every page's
                  heading or product text, so the notice is never the page's Largest Contentful
                  Paint (docs/decisions/cookie-notice.md). The details are in the "choose" dialog. */}
              <div className="flex-1 text-sm">
                <h2 id="shell-consent-title" className="font-semibold">
                  {t('title')}
                </h2>
                <p className="text-gray-700">{t('essential')}</p>
                <p className="text-gray-700">{t('optional')}</p>
              </div>
              {/* Pressed before the page's scripts ran, "refuse" and "accept all" post the choice
                  (app/auth/consent/route.ts, docs/decisions/cookie-notice.md "Before the scripts");
                  after hydration their handlers store it here and nothing is posted. */}
              <form method="post" action="/auth/consent" className="flex flex-wrap gap-2 text-sm">
                <button
                  type="submit"
                  name={CONSENT_CHOICE_FIELD}
                  value={'refuse' satisfies ConsentFormChoice}
                  data-testid="shell-consent-refuse"
                  onClick={(event) => {
                    event.preventDefault();
                    store([]);
                  }}
                  className="min-h-10 flex-auto rounded border border-gray-500 px-3 py-2 font-medium hover:bg-gray-100 md:flex-none"
                >
                  {t('refuse')}
                </button>
                <button
                  type="button"
                  data-testid="shell-consent-choose"
                  onClick={() => openCookieSettings()}
                  className="min-h-10 flex-auto rounded border border-brand px-3 py-2 font-medium text-brand hover:bg-blue-50 md:flex-none"
                >
                  {t('choose')}
                </button>
                <button
                  type="submit"
                  name={CONSENT_CHOICE_FIELD}
                  value={'all' satisfies ConsentFormChoice}
                  data-testid="shell-consent-accept"
                  onClick={(event) => {
                    event.preventDefault();
                    store(allCategories);
                  }}
                  className="min-h-10 flex-auto rounded bg-brand px-3 py-2 font-semibold text-white hover:opacity-90 md:flex-none"
                >
                  {t('acceptAll')}
                </button>
              </form>
            </div>
          </section>
        </>
      ) : null}
      {dialogUsed ? (
        <CookieChoiceDialogLazy
          open={choosing}
          selected={selected}
          onToggle={(category, checked) =>
            setSelected((current) => {
              const next = new Set(current);
              if (checked) next.add(category);
              else next.delete(category);
              return next;
            })
          }
          onSave={() => store([...selected])}
          onClose={() => setChoosing(false)}
        />
      ) : null}
      <AudienceCookie />
    </>
  );
}

/**
 * Audience measurement (category analytics): once consented, keeps an anonymous first-party visit id
 * (`vetshop_analytics`, random, 395 days). Writes nothing without consent; refusing deletes it.
 */
function AudienceCookie() {
  useEffect(() => {
    const ensure = () => {
      if (readCookie(document.cookie, ANALYTICS_COOKIE) !== null) return;
      setOptionalCookie(ANALYTICS_COOKIE, crypto.randomUUID(), 395 * 24 * 60 * 60);
    };
    ensure();
    window.addEventListener(CONSENT_CHANGE_EVENT, ensure);
    return () => window.removeEventListener(CONSENT_CHANGE_EVENT, ensure);
  }, []);
  return null;
}

'use client';

import { useEffect, useRef } from 'react';
import { useRouter } from 'next/navigation';
import { loginHref } from '../../lib/auth-paths';
import type { Locale } from '@vetshop/domain';

/** docs/product/constants.md "Token-expiring notice: 60 seconds before expiry", in ms. */
export const EXPIRING_NOTICE_MS = 60_000;
/** docs/product/constants.md#time-and-retry "Access-token timer minimum: 1 second", in ms. */
export const MIN_TIMER_MS = 1_000;
/** docs/product/constants.md "Check interval: at most every 5 seconds" and "Silent-renew retry: 5 seconds", in ms. */
export const RETRY_MS = 5_000;
/** docs/product/constants.md#time-and-retry "Silent request timeout: 10 seconds", in ms. */
export const REQUEST_TIMEOUT_MS = 10_000;

/** Delay (ms) before renewing a token that expires at `expiresAt` (s since the epoch), seen at `now` (ms). */
export function renewalDelay(expiresAt: number, now: number): number {
  return Math.max(MIN_TIMER_MS, expiresAt * 1000 - now - EXPIRING_NOTICE_MS);
}

type Props = {
  /** Access-token expiry of the OIDC sign-in, seconds since the epoch (lib/oidc.ts `oidcSessionExpiry`). */
  expiresAt: number;
  locale: Locale;
  /** Whether the page was rendered with an api session (else it is re-rendered after a renewal). */
  signedIn: boolean;
};

/**
 * Keeps an OIDC sign-in alive without showing anything (docs/product/accounts.md#token-renewal "Access tokens renew silently
 * through a refresh token. An expiring notice fires 60 seconds before expiry. A silent-renew
 * timeout retries after 5 seconds. Other renew errors are raised as events"; docs/product/constants.md#time-and-retry).
 *
 * 60 s before the access token expires (timer at least 1 s) it dispatches the window event
 * `vetshop:oidc-expiring` and POSTs /auth/oidc/refresh (10 s timeout), one tab at a time (Web
 * Locks). 200 → schedules the next renewal (and re-renders the page when it was rendered without a
 * session); 401 (`invalid_grant`: the refresh token was revoked or expired) → the user is signed
 * out and sent to the login page with `?error=session_expired`; timeout, 503 or network error →
 * retry after 5 s, raising `vetshop:oidc-renew-error`. Attempts are at least 5 s apart. A tab
 * coming back to the foreground checks at once. Mounted by the locale layout only in the oidc
 * modes and only for a browser signed in through the provider.
 */
export function OidcSessionKeeper({ expiresAt, locale, signedIn }: Props) {
  const router = useRouter();
  const state = useRef({ signedIn });

  useEffect(() => {
    let expiry = expiresAt;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastAttempt = 0;
    let running = false;
    let stopped = false;

    const schedule = (delay: number) => {
      clearTimeout(timer);
      if (!stopped) timer = setTimeout(() => void renew(), Math.max(MIN_TIMER_MS, delay));
    };

    const request = async (): Promise<Response | null> => {
      try {
        return await fetch('/auth/oidc/refresh', {
          method: 'POST',
          credentials: 'same-origin',
          cache: 'no-store',
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch {
        return null; // timeout or network error
      }
    };

    const renew = async () => {
      if (stopped || running) return;
      const since = Date.now() - lastAttempt;
      if (since < RETRY_MS) return schedule(RETRY_MS - since);
      running = true;
      lastAttempt = Date.now();
      window.dispatchEvent(new CustomEvent('vetshop:oidc-expiring', { detail: { expiresAt: expiry } }));
      try {
        const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
        const res = locks ? await locks.request('vetshop-oidc-refresh', () => request()) : await request();
        if (stopped) return;
        if (res?.ok) {
          const body = (await res.json().catch(() => null)) as { expires_at?: unknown } | null;
          if (typeof body?.expires_at === 'number') expiry = body.expires_at;
          if (!state.current.signedIn) {
            state.current.signedIn = true;
            router.refresh();
          }
          return schedule(renewalDelay(expiry, Date.now()));
        }
        if (res?.status === 401) {
          stopped = true;
          const here = `${window.location.pathname}${window.location.search}`;
          const login = loginHref(locale, here);
          window.location.assign(`${login}${login.includes('?') ? '&' : '?'}error=session_expired`);
          return;
        }
        window.dispatchEvent(
          new CustomEvent('vetshop:oidc-renew-error', { detail: { status: res?.status ?? 0 } }),
        );
        schedule(RETRY_MS);
      } finally {
        running = false;
      }
    };

    const onVisible = () => {
      if (document.visibilityState === 'visible' && expiry * 1000 - Date.now() <= EXPIRING_NOTICE_MS)
        void renew();
    };

    schedule(renewalDelay(expiry, Date.now()));
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [expiresAt, locale, router]);

  return null;
}

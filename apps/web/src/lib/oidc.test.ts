/**
 * Pure parts of the OIDC sign-in (lib/oidc.ts): which error code the login page shows (docs/product/errors.md),
 * where a failed sign-in leads, the locale of the locale-less /auth/oidc routes, and the renewal
 * timing of the session keeper (docs/product/constants.md#time-and-retry: 60 s before expiry, timer at least 1 s).
 */
import { describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import { loginErrorHref, oidcErrorCode, oidcRequestLocale, OIDC_ERROR_CODES } from './oidc';
import { renewalDelay } from '../components/account/OidcSessionKeeper';

describe('oidcErrorCode', () => {
  it('keeps the codes the login page has messages for', () => {
    for (const code of OIDC_ERROR_CODES) expect(oidcErrorCode(code)).toBe(code);
    expect(oidcErrorCode('login_required')).toBe('login_required');
    expect(oidcErrorCode('access_denied')).toBe('access_denied');
  });
  it('turns anything else into the technical problem', () => {
    for (const code of ['server_error', 'temporarily_unavailable', '<script>', '', null, undefined])
      expect(oidcErrorCode(code)).toBe('technical');
  });
});

describe('loginErrorHref', () => {
  it('keeps a safe target and adds the error', () => {
    expect(loginErrorHref('nl', 'state_mismatch', '/nl/cart')).toBe(
      '/nl/account/login?target=%2Fnl%2Fcart&error=state_mismatch',
    );
  });
  it('drops an unsafe target', () => {
    expect(loginErrorHref('fr', 'technical', 'https://evil.example/')).toBe(
      '/fr/account/login?error=technical',
    );
    expect(loginErrorHref('en', 'access_denied', 'javascript:alert(1)')).toBe(
      '/en/account/login?error=access_denied',
    );
  });
});

describe('oidcRequestLocale', () => {
  const request = (url: string, headers: Record<string, string> = {}) =>
    new NextRequest(new URL(url, 'http://localhost:3000'), { headers });

  it('prefers lang, then the target, then the referring page, the cookie and the browser', () => {
    expect(oidcRequestLocale(request('/auth/oidc/login?lang=en&target=/nl/cart'), '/nl/cart')).toBe('en');
    expect(oidcRequestLocale(request('/auth/oidc/login?target=/nl/cart'), '/nl/cart')).toBe('nl');
    expect(
      oidcRequestLocale(request('/auth/oidc/login', { referer: 'http://localhost:3000/en/account/login' })),
    ).toBe('en');
    expect(oidcRequestLocale(request('/auth/oidc/login', { cookie: 'NEXT_LOCALE=nl' }))).toBe('nl');
    expect(oidcRequestLocale(request('/auth/oidc/login', { 'accept-language': 'de-DE,nl-BE;q=0.8' }))).toBe(
      'nl',
    );
    expect(oidcRequestLocale(request('/auth/oidc/login'))).toBe('fr');
  });
  it('ignores unknown values and foreign referrers', () => {
    expect(oidcRequestLocale(request('/auth/oidc/login?lang=de', { cookie: 'NEXT_LOCALE=xx' }))).toBe('fr');
    expect(
      oidcRequestLocale(request('/auth/oidc/login', { referer: 'https://elsewhere.example/en/account' })),
    ).toBe('fr');
  });
});

describe('renewalDelay', () => {
  it('renews 60 s before the access token expires', () => {
    const now = 1_000_000_000_000;
    expect(renewalDelay(now / 1000 + 300, now)).toBe(240_000);
    expect(renewalDelay(now / 1000 + 75, now)).toBe(15_000);
  });
  it('never schedules sooner than 1 s, even for an expired token', () => {
    const now = 1_000_000_000_000;
    expect(renewalDelay(now / 1000 + 30, now)).toBe(1_000);
    expect(renewalDelay(now / 1000 - 3600, now)).toBe(1_000);
  });
});

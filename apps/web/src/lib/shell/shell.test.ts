import { afterEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, shouldReloadAfterChunkError, type ReloadStore } from './chunk-reload';
import {
  ANALYTICS_COOKIE,
  CONSENT_OPEN_EVENT,
  consentFor,
  enabledCategories,
  isCookieAllowed,
  openCookieSettings,
  parseConsent,
  readCookie,
  refusedCookieNames,
  serializeConsent,
  takeCookieSettingsRequest,
} from './consent';
import { consentOfFormChoice, refererPath } from './consent-form';
import { contentSecurityPolicy } from './csp';
import { buildIdUrl, isNewBuild } from './update-check';

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name ?? '', values];
    }),
  );
}

describe('content security policy', () => {
  it('allows scripts only by nonce (strict-dynamic), no unsafe-inline or eval', () => {
    const d = directives(contentSecurityPolicy({ nonce: 'abc123==' }));
    expect(d.get('script-src')).toEqual([`'self'`, `'nonce-abc123=='`, `'strict-dynamic'`]);
    expect(d.get('frame-ancestors')).toEqual([`'none'`]);
    expect(d.get('object-src')).toEqual([`'none'`]);
    expect(d.get('base-uri')).toEqual([`'self'`]);
    expect(d.get('connect-src')).toEqual([`'self'`]);
    // Styles take no nonce, which would switch off 'unsafe-inline' (React style attributes).
    expect(d.get('style-src')).toEqual([`'self'`, `'unsafe-inline'`]);
  });

  it('adds the OIDC provider origin to form-action only, and eval only in development', () => {
    const d = directives(
      contentSecurityPolicy({ nonce: 'n', oidcIssuer: 'https://login.example.org/realms/vet', dev: true }),
    );
    expect(d.get('form-action')).toEqual([`'self'`, 'https://login.example.org']);
    expect(d.get('script-src')).toContain(`'unsafe-eval'`);
    expect(
      directives(contentSecurityPolicy({ nonce: 'n', oidcIssuer: 'javascript:alert(1)' })).get('form-action'),
    ).toEqual([`'self'`]);
  });

  it("allows a cached page's inline scripts by hash only: no nonce, no strict-dynamic, no unsafe-inline", () => {
    const d = directives(
      contentSecurityPolicy({ nonce: null, scriptHashes: ['sha256-AAA=', 'sha256-BBB='] }),
    );
    expect(d.get('script-src')).toEqual([`'self'`, `'sha256-AAA='`, `'sha256-BBB='`]);
    expect(directives(contentSecurityPolicy({ nonce: null, scriptHashes: [] })).get('script-src')).toEqual([
      `'self'`,
    ]);
  });

  it('uses inline scripts without a nonce only for static documents', () => {
    expect(directives(contentSecurityPolicy({ nonce: null })).get('script-src')).toEqual([
      `'self'`,
      `'unsafe-inline'`,
    ]);
  });
});

describe('cookie consent', () => {
  it('keeps the enabled cookie ids, essential ones always', () => {
    const refused = consentFor([]);
    expect(isCookieAllowed('vetshop_session', refused)).toBe(true);
    expect(isCookieAllowed('NEXT_LOCALE', null)).toBe(true);
    expect(isCookieAllowed(ANALYTICS_COOKIE, refused)).toBe(false);
    expect(isCookieAllowed(ANALYTICS_COOKIE, null)).toBe(false);
    expect(refusedCookieNames(refused).sort()).toEqual(['vetshop_ads', 'vetshop_analytics']);
    expect(isCookieAllowed('tracker_x', consentFor(['preferences', 'analytics']))).toBe(false);
    const all = consentFor(['preferences', 'analytics']);
    expect(isCookieAllowed(ANALYTICS_COOKIE, all)).toBe(true);
    expect(refusedCookieNames(all)).toEqual([]);
  });

  it('round-trips through the cookie value and ignores unknown or empty values', () => {
    const c = consentFor(['analytics']);
    const value = serializeConsent(c);
    expect(value.split('|').sort()).toEqual([
      'analytics',
      'consent',
      'locale',
      'oidc',
      'oidc-sign-in',
      'session',
    ]);
    // The value names no cookie (the session cookie names must not show in document.cookie).
    expect(value).not.toMatch(/vetshop_/);
    expect(enabledCategories(parseConsent(value))).toEqual(['essential', 'analytics']);
    expect(enabledCategories(parseConsent(encodeURIComponent(value)))).toEqual(['essential', 'analytics']);
    expect(parseConsent('')).toBeNull();
    expect(parseConsent('tracker_x|other')).toBeNull();
    expect(enabledCategories(null)).toEqual(['essential']);
  });

  it('takes the banner form two choices and refuses anything else (app/auth/consent/route.ts)', () => {
    expect(enabledCategories(consentOfFormChoice('all'))).toEqual(['essential', 'preferences', 'analytics']);
    expect(enabledCategories(consentOfFormChoice('refuse'))).toEqual(['essential']);
    expect(refusedCookieNames(consentOfFormChoice('refuse'))).toEqual(['vetshop_ads', 'vetshop_analytics']);
    for (const other of ['choose', '', 'ALL', null, undefined, 1])
      expect(consentOfFormChoice(other)).toBeNull();
  });

  it('goes back to a page of the site only', () => {
    const own = ['https://shop.example.be', 'http://127.0.0.1:3000'];
    expect(refererPath('https://shop.example.be/nl/c/medicaments?page=2', own)).toBe(
      '/nl/c/medicaments?page=2',
    );
    expect(refererPath('http://127.0.0.1:3000/fr', own)).toBe('/fr');
    expect(refererPath('https://evil.example/fr', own)).toBeNull();
    expect(refererPath('http://shop.example.be/fr', own)).toBeNull();
    expect(refererPath('not a url', own)).toBeNull();
    expect(refererPath(null, own)).toBeNull();
  });

  it('reads one cookie from a cookie header', () => {
    expect(readCookie('a=1; vetshop_consent=x|y; b=2', 'vetshop_consent')).toBe('x|y');
    expect(readCookie('a=1', 'vetshop_consent')).toBeNull();
  });

  describe('the footer link used before the notice has loaded', () => {
    afterEach(() => {
      takeCookieSettingsRequest();
      vi.unstubAllGlobals();
    });

    it('keeps the request for the notice that mounts later, once', () => {
      vi.stubGlobal('window', new EventTarget());
      openCookieSettings();
      expect(takeCookieSettingsRequest()).toBe(true);
      expect(takeCookieSettingsRequest()).toBe(false);
    });

    it('reaches a notice already listening through the event', () => {
      const target = new EventTarget();
      vi.stubGlobal('window', target);
      let opened = 0;
      target.addEventListener(CONSENT_OPEN_EVENT, () => {
        opened += 1;
        takeCookieSettingsRequest();
      });
      openCookieSettings();
      expect(opened).toBe(1);
      expect(takeCookieSettingsRequest()).toBe(false);
    });
  });
});

describe('chunk error reload', () => {
  const memory = (): ReloadStore & { data: Map<string, string> } => {
    const data = new Map<string, string>();
    return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
  };

  it('recognises failed chunk loads only', () => {
    const e = new Error('Loading chunk 123 failed.');
    expect(isChunkLoadError(e)).toBe(true);
    const named = new Error('x');
    named.name = 'ChunkLoadError';
    expect(isChunkLoadError(named)).toBe(true);
    expect(isChunkLoadError('Failed to fetch dynamically imported module: /_next/static/chunks/a.js')).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });

  it('reloads a path at most once per 10 s', () => {
    const store = memory();
    expect(shouldReloadAfterChunkError('/fr/p/a', 1_000, store)).toBe(true);
    expect(shouldReloadAfterChunkError('/fr/p/a', 10_999, store)).toBe(false);
    expect(shouldReloadAfterChunkError('/fr/p/b', 10_999, store)).toBe(true);
    expect(shouldReloadAfterChunkError('/fr/p/a', 11_000, store)).toBe(true);
  });
});

describe('web-app update check', () => {
  it('prompts only for another known build id', () => {
    expect(isNewBuild('build-a', 'build-b')).toBe(true);
    expect(isNewBuild('build-a', 'build-a')).toBe(false);
    expect(isNewBuild('build-a', null)).toBe(false);
    expect(isNewBuild('build-a', 'unknown')).toBe(false);
    expect(isNewBuild('unknown', 'build-b')).toBe(false);
  });

  it('busts caches with the time query', () => {
    expect(buildIdUrl(1700000000000)).toBe('/builds/latest.json?t=1700000000000');
  });
});

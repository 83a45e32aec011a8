import { describe, expect, it } from 'vitest';
import {
  afterLoginHref,
  expiredHref,
  isGuardedPath,
  localeOfPath,
  loginHref,
  logoutAction,
  needsSignIn,
  returnTarget,
  sectionTarget,
  signedInLanding,
  signOutTarget,
} from './auth-paths';

describe('guarded paths (docs/product/web-app-shell.md#entry-checks entry checks)', () => {
  it('guards the account area, cart and cart-confirm in every locale', () => {
    for (const path of [
      '/fr/account',
      '/nl/account/',
      '/en/account/profile',
      '/fr/account/sales/12?x=1',
      '/fr/cart',
      '/nl/cart-confirm',
      '/en/cart?step=2',
    ]) {
      expect(isGuardedPath(path), path).toBe(true);
      expect(needsSignIn(path), path).toBe(true);
    }
  });

  it('leaves the public account pages and the rest of the shop open', () => {
    for (const path of [
      '/fr/account/login',
      '/fr/account/login?target=%2Ffr%2Fcart',
      '/nl/account/register',
      '/en/account/validate-email?token=abc',
      '/fr/account/reset-password',
      '/fr/account/oidc-redirect?target=/fr',
      '/fr',
      '/fr/p/amoxicilline',
      '/fr/cart-validated',
      '/fr/carts',
      '/de/account',
      '/account',
      '/',
    ]) {
      expect(isGuardedPath(path), path).toBe(false);
    }
  });

  it('reads the locale prefix of a path', () => {
    expect(localeOfPath('/nl/account?x')).toBe('nl');
    expect(localeOfPath('/en')).toBe('en');
    expect(localeOfPath('/de/account')).toBeNull();
    expect(localeOfPath(undefined)).toBeNull();
  });
});

describe('sign-in targets (docs/product/web-app-shell.md#navigation)', () => {
  it('carries a same-site target to the login page and drops an unsafe one', () => {
    expect(loginHref('fr', '/fr/account/profile?tab=2')).toBe(
      '/fr/account/login?target=%2Ffr%2Faccount%2Fprofile%3Ftab%3D2',
    );
    expect(loginHref('nl', 'https://evil.example/')).toBe('/nl/account/login');
    expect(loginHref('en')).toBe('/en/account/login');
  });

  it('sends a successful login through the localized oidc-redirect', () => {
    expect(afterLoginHref('fr', '/fr/cart')).toBe('/fr/account/oidc-redirect?target=%2Ffr%2Fcart');
    expect(afterLoginHref('en', '//evil.example')).toBe('/en/account/oidc-redirect');
  });

  it('returns only to same-site relative targets, else to the account home', () => {
    expect(returnTarget('fr', '/fr/account/profile')).toBe('/fr/account/profile');
    expect(returnTarget('nl', '/nl/search?q=amox#top')).toBe('/nl/search?q=amox#top');
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/fr',
      'https://evil.example/fr',
      '/\\evil.example',
      '/.//evil.example',
      '/%2e%2e//evil.example',
      'fr/account',
      '',
      null,
      undefined,
    ]) {
      expect(returnTarget('nl', bad), String(bad)).toBe('/nl/account');
    }
  });
});

describe('landing after sign-in (docs/decisions/staff-customers.md)', () => {
  it('sends staff to the back office unless a particular page was asked for', () => {
    expect(signedInLanding('nl', undefined, 'staff')).toBe('/nl/staff');
    expect(signedInLanding('fr', '/fr', 'staff')).toBe('/fr/staff');
    expect(signedInLanding('fr', '/', 'staff')).toBe('/fr/staff');
    expect(signedInLanding('fr', 'https://evil.example/', 'staff')).toBe('/fr/staff');
    expect(signedInLanding('fr', '/fr/staff/orders', 'staff')).toBe('/fr/staff/orders');
    expect(signedInLanding('fr', '/fr/c/meds', 'staff')).toBe('/fr/c/meds');
  });
  it('sends customers to the target or their account home', () => {
    expect(signedInLanding('fr', undefined, 'veterinary')).toBe('/fr/account');
    expect(signedInLanding('fr', '/fr', 'veterinary')).toBe('/fr');
    expect(signedInLanding('en', undefined, null)).toBe('/en/account');
  });
});

describe('sign-out target', () => {
  it('keeps a public page and sends guarded pages to the home page', () => {
    expect(signOutTarget('fr', '/fr/p/amoxicilline')).toBe('/fr/p/amoxicilline');
    expect(signOutTarget('fr', '/fr/account/profile')).toBe('/fr');
    expect(signOutTarget('nl', '/nl/cart')).toBe('/nl');
    expect(signOutTarget('en', 'https://evil.example')).toBe('/en');
    expect(signOutTarget('en', '/.//evil.example')).toBe('/en');
    expect(signOutTarget('en', null)).toBe('/en');
  });

  it('builds the logout and expired-session routes with an encoded target', () => {
    expect(logoutAction('/fr/search?q=a b')).toBe('/auth/logout?target=%2Ffr%2Fsearch%3Fq%3Da%20b');
    expect(expiredHref('/nl/account')).toBe('/auth/expired?target=%2Fnl%2Faccount');
  });
});

describe('pages a guest is sent to sign in from (needsSignIn)', () => {
  it('adds the staff back office to the guarded pages, and nothing else', () => {
    for (const path of ['/fr/staff', '/nl/staff/orders/12', '/en/staff?x=1'])
      expect(needsSignIn(path), path).toBe(true);
    for (const path of ['/fr/staffing', '/fr/p/metacam', '/fr/promotions', '/de/staff'])
      expect(needsSignIn(path), path).toBe(false);
  });
});

describe('sign-in target of a section layout (sectionTarget)', () => {
  it('keeps the page asked for when it is in the section', () => {
    expect(sectionTarget('/fr/staff', '/fr/staff/orders/12?tab=lines')).toBe('/fr/staff/orders/12?tab=lines');
    expect(sectionTarget('/fr/staff', '/fr/staff')).toBe('/fr/staff');
  });
  it('falls back on the section home for a missing or foreign path', () => {
    expect(sectionTarget('/fr/staff', null)).toBe('/fr/staff');
    expect(sectionTarget('/fr/staff', '/fr/staffing')).toBe('/fr/staff');
    expect(sectionTarget('/fr/staff', '/nl/staff/orders')).toBe('/fr/staff');
    expect(sectionTarget('/fr/staff', 'https://evil.example/fr/staff')).toBe('/fr/staff');
  });
});

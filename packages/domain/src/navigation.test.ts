import { describe, expect, it } from 'vitest';
import { isNavigable, safeRelativeTarget } from './navigation.ts';

describe('safeRelativeTarget (spec 2 oidc-redirect target, spec 5 navigation)', () => {
  const fallback = '/fr/account';

  it('keeps same-site relative paths with their query and hash', () => {
    expect(safeRelativeTarget('/nl/account/profile?tab=addresses#delivery', fallback)).toBe(
      '/nl/account/profile?tab=addresses#delivery',
    );
  });

  it.each([
    'https://evil.example/fr',
    '//evil.example/fr',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'fr/account',
    '/fr/\naccount',
    '',
    null,
    undefined,
  ])('refuses %j', (target) => {
    expect(safeRelativeTarget(target, fallback)).toBe(fallback);
  });

  it('normalises dot segments without leaving the site', () => {
    expect(safeRelativeTarget('/fr/../../en/search', fallback)).toBe('/en/search');
  });
});

describe('isNavigable (external only when flagged; dangerous protocols never)', () => {
  it('allows relative paths and flagged external http(s) links', () => {
    expect(isNavigable('/fr/c/meds')).toBe(true);
    expect(isNavigable('https://www.fagg-afmps.be', true)).toBe(true);
    expect(isNavigable('https://www.fagg-afmps.be')).toBe(false);
  });

  it('refuses dangerous protocols even when flagged external', () => {
    expect(isNavigable('javascript:alert(1)', true)).toBe(false);
    expect(isNavigable(' data:text/html,x', true)).toBe(false);
    expect(isNavigable('java\tscript:alert(1)', true)).toBe(false);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isNavigable, safeRelativeTarget } from './navigation.ts';

describe('safeRelativeTarget (docs/product/accounts.md#sign-in-and-sign-out oidc-redirect target, docs/product/web-app-shell.md#navigation)', () => {
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

  // Open redirect found by an outside probe: "/.//evil.example" normalises to "//evil.example".
  it.each([
    '/.//evil.example',
    '/./..//evil.example',
    '/a/..//evil.example',
    '/fr/../..//evil.example/x?y=1',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/.%2e//evil.example',
  ])('refuses %j, which normalises to a protocol-relative "//host"', (target) => {
    expect(safeRelativeTarget(target, fallback)).toBe(fallback);
  });
});

/** Pieces an attacker mixes into a redirect target (encoded, dotted, backslash, whitespace). */
const TRICK_PIECES = [
  '/',
  '//',
  '\\',
  '/\\',
  '.',
  '..',
  '%2e',
  '%2E%2e',
  '%2f',
  '%2F',
  '%5c',
  '%5C',
  '%09',
  '%0a',
  '\t',
  '\n',
  '\r',
  ' ',
  '@',
  ':',
  '?',
  '#',
  'evil.example',
  'https:',
  'javascript:',
  'fr',
  'account',
  '%00',
  '\u3002',
  '\uff0f',
];

/** Targets built from those pieces, with or without a leading slash. */
const trickyTarget = fc
  .tuple(
    fc.constantFrom('', '/', '/./', '/../', '/.//'),
    fc.array(fc.constantFrom(...TRICK_PIECES), { maxLength: 8 }),
  )
  .map(([head, pieces]) => head + pieces.join(''));

describe('safeRelativeTarget property: never leaves the site, whatever the encoding', () => {
  const ORIGINS = ['https://shop.example', 'http://localhost:3000', 'https://a.b.example:8443'];

  it('answers "" or a path that, resolved against any origin, stays on that origin', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          trickyTarget,
          fc.string(),
          fc.webUrl().map((u) => `/.${u.slice(u.indexOf('/'))}`),
        ),
        (raw) => {
          const result = safeRelativeTarget(raw, '');
          if (result === '') return;
          expect(result.startsWith('/')).toBe(true);
          expect(result.startsWith('//')).toBe(false);
          expect(result.startsWith('/\\')).toBe(false);
          expect(/\p{Cc}/u.test(result)).toBe(false);
          for (const origin of ORIGINS) expect(new URL(result, origin).origin).toBe(origin);
          // Stable: the login page and oidc-redirect pass it through again unchanged.
          expect(safeRelativeTarget(result, '')).toBe(result);
        },
      ),
      { numRuns: 3000 },
    );
    // 3,000 runs take about 2 s alone and can pass 5 s on a loaded machine (web build running).
  }, 30_000);
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

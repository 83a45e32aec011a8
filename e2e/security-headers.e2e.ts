/**
 * Security headers of every kind of answer the browser gets from the web server
 * (docs/decisions/security-headers.md): a guest page, a customer page, a staff page, the api's JSON
 * through the same-origin /api proxy, an order PDF and an uploaded file downloaded through it.
 * Every answer: X-Content-Type-Options nosniff, a Referrer-Policy, framing refused (X-Frame-Options
 * DENY and/or CSP frame-ancestors 'none'); pages carry the nonce CSP; private answers are
 * Cache-Control no-store; downloads are attachments. Plus the outside probe's open-redirect
 * targets ("/.//evil.example") against the live redirect routes (docs/decisions/redirect-targets.md).
 * Plain HTTP requests (no browser): headers are what is under test.
 */
import { expect, test } from '@playwright/test';
import { BASE_URL, hookTimeout } from './browser.ts';
import { api, apiSignIn, API_URL, STAFF, VET } from './session.ts';

/** GET `path` on the web server with `cookie`, without following redirects. */
const web = (path: string, cookie?: string, init: RequestInit = {}) =>
  fetch(`${BASE_URL}${path}`, {
    redirect: 'manual',
    ...init,
    headers: { ...(cookie ? { cookie } : {}), ...(init.headers as Record<string, string> | undefined) },
  });

/** Headers every answer carries. */
function expectBase(res: Response, label: string): void {
  expect(res.headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), label).toMatch(
    /^(strict-origin-when-cross-origin|no-referrer|same-origin)$/,
  );
  const csp = res.headers.get('content-security-policy') ?? '';
  const framing = res.headers.get('x-frame-options') === 'DENY' || csp.includes(`frame-ancestors 'none'`);
  expect(framing, `${label}: framing refused`).toBe(true);
}

/** A page: the nonce-based CSP of the storefront. */
function expectPage(res: Response, label: string): void {
  expectBase(res, label);
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp, label).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(csp, label).toContain(`frame-ancestors 'none'`);
  expect(csp, label).toContain(`object-src 'none'`);
}

/**
 * A guest catalogue page served by the page cache (docs/decisions/guest-page-cache.md): its inline
 * scripts allowed by sha256 hash — no nonce, no 'unsafe-inline', no eval.
 */
function expectCachedPage(res: Response, label: string): void {
  expectBase(res, label);
  const csp = res.headers.get('content-security-policy') ?? '';
  const scriptSrc = csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('script-src '));
  expect(scriptSrc, label).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+$/);
  expect(csp, label).toContain(`frame-ancestors 'none'`);
  expect(csp, label).toContain(`object-src 'none'`);
}

const noStore = (res: Response, label: string) =>
  expect(res.headers.get('cache-control') ?? '', label).toMatch(/\bno-store\b/);

test.describe('security headers of the web answers', () => {
  let vet = '';
  let staff = '';

  test.beforeAll(async () => {
    hookTimeout();
    vet = await apiSignIn(VET);
    staff = await apiSignIn(STAFF);
  });

  test('a guest page', async () => {
    const res = await web('/fr');
    expect(res.status).toBe(200);
    // The guest home comes from the page cache (rendered into it on a miss).
    expect(res.headers.get('x-vetshop-cache')).toMatch(/^(hit|miss)$/);
    expectCachedPage(res, 'guest /fr');
  });

  test('a customer page and a staff page: private, never stored', async () => {
    for (const [path, cookie] of [
      ['/fr/account', vet],
      ['/fr/account/sales', vet],
      ['/fr/staff', staff],
      ['/fr/staff/orders', staff],
    ] as const) {
      const res = await web(path, cookie);
      expect(res.status, path).toBe(200);
      expectPage(res, path);
      noStore(res, path);
    }
  });

  test('the api JSON through the /api proxy: nosniff, CSP default-src none, no-store when signed in', async () => {
    const guest = await web('/api/settings');
    expect(guest.status).toBe(200);
    expectBase(guest, 'guest /api/settings');
    const mine = await web('/api/auth/profile', vet);
    expect(mine.status).toBe(200);
    expectBase(mine, '/api/auth/profile');
    expect(mine.headers.get('content-security-policy')).toContain(`default-src 'none'`);
    noStore(mine, '/api/auth/profile');
    const problem = await web('/api/auth/profile');
    expect(problem.status).toBe(401);
    expectBase(problem, 'guest /api/auth/profile');
  });

  test('an order PDF downloaded through the /api proxy: attachment, nosniff, no-store', async () => {
    const orders = await api<{ data: { id: number }[] }>(vet, 'GET', '/orders?page_size=1');
    expect(orders.status).toBe(200);
    const id = orders.body.data[0]!.id;
    const res = await web(`/api/sales/${id}/download`, vet);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    expectBase(res, 'order PDF');
    noStore(res, 'order PDF');
  });

  test('an uploaded file downloaded through the /api proxy: attachment, nosniff, sandboxed', async () => {
    const form = new FormData();
    form.append('purpose', 'cms_file');
    form.append(
      'file',
      new Blob([Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')], {
        type: 'application/pdf',
      }),
      'leaflet.pdf',
    );
    const up = await fetch(`${API_URL}/staff/cms/files`, {
      method: 'POST',
      headers: { cookie: staff },
      body: form,
    });
    expect(up.status, await up.clone().text()).toBeLessThan(300);
    const { id } = (await up.json()) as { id: number };
    const res = await web(`/api/cms/files/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(res.headers.get('content-security-policy')).toMatch(/sandbox/);
    expectBase(res, 'uploaded file');
  });
});

test.describe('open redirect targets are refused by the live redirect routes', () => {
  const EVIL = ['/.//evil.example', '/%2e%2e//evil.example/x', '/a/..//evil.example'];

  /** The Location of `res`, resolved against the site: it must stay on the site. */
  const expectOnSite = (res: Response, label: string) => {
    expect(res.status, label).toBeGreaterThanOrEqual(300);
    expect(res.status, label).toBeLessThan(400);
    const location = res.headers.get('location') ?? '';
    expect(location.startsWith('//'), `${label} → ${location}`).toBe(false);
    expect(new URL(location, BASE_URL).origin, `${label} → ${location}`).toBe(new URL(BASE_URL).origin);
  };

  test('oidc-redirect, /auth/expired and /auth/logout send "/.//host" targets home, for guests and customers', async () => {
    for (const target of EVIL) {
      const q = encodeURIComponent(target);
      expectOnSite(await web(`/fr/account/oidc-redirect?target=${q}`), `guest oidc-redirect ${target}`);
      expectOnSite(
        await web(`/fr/account/oidc-redirect?target=${q}`, await apiSignIn(VET)),
        `oidc-redirect ${target}`,
      );
      expectOnSite(await web(`/auth/expired?target=${q}`), `expired ${target}`);
      expectOnSite(
        await web(`/auth/logout?target=${q}`, undefined, { method: 'POST', headers: { origin: BASE_URL } }),
        `logout ${target}`,
      );
    }
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('next/headers', async () => (await import('../../test/next-request')).nextHeaders);
vi.mock('next/navigation', async () => (await import('../../test/next-request')).nextNavigation);
vi.mock('./transport', async () => (await import('../../test/fetch-stub')).transportThroughFetch);

import { request } from '../../test/next-request';
import { jsonAnswer, problemAnswer, useFetchStub } from '../../test/fetch-stub';
import { cmsApi } from './cms';

const banner = (id: number, visibility: 'all' | 'guests' | 'customers') => ({
  id,
  date_start: null,
  date_end: null,
  html: `<p>Banner ${id}</p>`,
  type: 'info',
  visibility,
});
const ad = {
  id: 3,
  name: 'Vaccins',
  date_start: null,
  date_end: null,
  link: '/fr/promotions',
  image_url: null,
  alt: 'Vaccins',
  display_time: -1,
  display_slot: 'bottom_right',
};

/**
 * lib/api/cms.ts: the info banners and advertisements of every page, kept per catalogue version,
 * locale and audience (docs/decisions/cms-content.md, "Banners and advertisements kept per
 * catalogue version").
 */
describe('cmsApi banners and advertisements kept per catalogue version', () => {
  let version = 100;
  /** The faked clock, only ever moved forward (the version memo outlives each test). */
  let clock = Date.now();
  const api = useFetchStub({
    answer: (call) => {
      if (call.url.includes('/catalog/version')) return jsonAnswer({ version: String(version) });
      if (call.url.includes('/info_banners'))
        return jsonAnswer(
          call.headers.get('cookie')?.includes('vetshop_session')
            ? [banner(1, 'all'), banner(2, 'customers')]
            : [banner(1, 'all'), banner(3, 'guests')],
        );
      if (call.url.includes('/advertisements')) return jsonAnswer([ad]);
      return problemAnswer({ status: 404, code: 'not_found' });
    },
  });
  const asked = (path: string) => api.calls.filter((c) => c.url.includes(path));
  /** A new catalogue version, read by the next call (past the one-second version memo). */
  const nextVersion = () => {
    version += 1;
    clock += 2_000;
    vi.setSystemTime(clock);
  };

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    nextVersion();
    request.cookies = [{ name: 'vetshop_session', value: 'abc' }];
    request.headers = new Map();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('asks the advertisements once per version and locale', async () => {
    expect(await cmsApi.adsOrEmpty('fr')).toEqual([ad]);
    expect(await cmsApi.adsOrEmpty('fr')).toEqual([ad]);
    expect(asked('/advertisements')).toHaveLength(1);
    await cmsApi.adsOrEmpty('nl');
    expect(asked('/advertisements')).toHaveLength(2);
    nextVersion();
    await cmsApi.adsOrEmpty('fr');
    expect(asked('/advertisements')).toHaveLength(3);
  });

  it('keeps the banners per audience: guests asked without the session, signed-in users with it', async () => {
    const guests = await cmsApi.bannersOrEmpty('fr', 'guests');
    const customers = await cmsApi.bannersOrEmpty('fr', 'customers');
    expect(guests.map((b) => b.id)).toEqual([1, 3]);
    expect(customers.map((b) => b.id)).toEqual([1, 2]);
    const calls = asked('/info_banners');
    expect(calls).toHaveLength(2);
    expect(calls[0]!.headers.get('cookie')).toBeNull();
    expect(calls[1]!.headers.get('cookie')).toBe('vetshop_session=abc');
    expect((await cmsApi.bannersOrEmpty('fr', 'customers')).map((b) => b.id)).toEqual([1, 2]);
    expect((await cmsApi.bannersOrEmpty('fr', 'guests')).map((b) => b.id)).toEqual([1, 3]);
    expect(asked('/info_banners')).toHaveLength(2);
  });

  it('asks on every call when the session could not be read', async () => {
    await cmsApi.bannersOrEmpty('fr', null);
    await cmsApi.bannersOrEmpty('fr', null);
    const calls = asked('/info_banners');
    expect(calls).toHaveLength(2);
    expect(calls.every((c) => c.headers.get('cookie') === 'vetshop_session=abc')).toBe(true);
  });

  it('does not keep a failed answer', async () => {
    api.route('/advertisements', problemAnswer({ status: 503, code: 'api_unavailable' }));
    expect(await cmsApi.adsOrEmpty('en')).toEqual([]);
    api.route('/advertisements', jsonAnswer([ad]));
    expect(await cmsApi.adsOrEmpty('en')).toEqual([ad]);
    expect(await cmsApi.adsOrEmpty('en')).toEqual([ad]);
    expect(asked('/advertisements')).toHaveLength(2);
  });

  it('shares one load between concurrent pages', async () => {
    const [a, b] = await Promise.all([cmsApi.adsOrEmpty('fr'), cmsApi.adsOrEmpty('fr')]);
    expect(a).toEqual([ad]);
    expect(b).toEqual([ad]);
    expect(asked('/advertisements')).toHaveLength(1);
  });

  it('keys a page-cache render by the version it is made for, without asking the api for one', async () => {
    request.cookies = [];
    request.headers = new Map([['x-vetshop-catalog-version', '9001']]);
    await cmsApi.adsOrEmpty('fr');
    await cmsApi.adsOrEmpty('fr');
    expect(asked('/catalog/version')).toHaveLength(0);
    expect(asked('/advertisements')).toHaveLength(1);
    request.headers = new Map([['x-vetshop-catalog-version', '9002']]);
    await cmsApi.adsOrEmpty('fr');
    expect(asked('/advertisements')).toHaveLength(2);
  });

  it('asks on every call when the api gives no catalogue version', async () => {
    api.route('/catalog/version', problemAnswer({ status: 503, code: 'api_unavailable' }));
    await cmsApi.adsOrEmpty('fr');
    await cmsApi.adsOrEmpty('fr');
    expect(asked('/advertisements')).toHaveLength(2);
  });
});

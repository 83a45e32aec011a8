import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

const request = vi.hoisted(() => ({
  cookies: [] as { name: string; value: string }[],
  headers: new Map<string, string>(),
}));

vi.mock('next/headers', () => ({
  cookies: async () => ({ getAll: () => request.cookies }),
  headers: async () => ({ get: (name: string) => request.headers.get(name) ?? null }),
}));
vi.mock('next/navigation', () => ({
  notFound: () => {
    throw new Error('NEXT_NOT_FOUND');
  },
}));

import { apiGet } from './client';
import { ApiError } from './errors';

type FetchArgs = [string, RequestInit & { next?: { revalidate?: number } }];

const itemSchema = z.object({ id: z.number(), name: z.string() });

/** A JSON answer with `status`. */
const json = (body: unknown, status = 200, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });

describe('apiGet (server-side fetch-and-validate helper)', () => {
  let calls: FetchArgs[];
  let answer: () => Response;
  beforeEach(() => {
    calls = [];
    request.cookies = [];
    request.headers = new Map();
    answer = () => json({ id: 1, name: 'Bandage' });
    vi.stubGlobal('fetch', async (url: string, init: FetchArgs[1]) => {
      calls.push([url, init]);
      return answer();
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('builds the url and headers and answers the parsed body', async () => {
    const item = await apiGet('/items/1', itemSchema, {
      locale: 'nl',
      query: { lang: 'nl', tag: ['a', 'b'] },
    });
    expect(item).toEqual({ id: 1, name: 'Bandage' });
    const [url, init] = calls[0]!;
    expect(url).toBe('http://127.0.0.1:4000/items/1?lang=nl&tag=a&tag=b');
    expect(init.headers).toEqual({ accept: 'application/json', 'accept-language': 'nl' });
    expect(init.cache).toBe('no-store');
  });

  it('forwards the cookies only when asked, without the web-only ones', async () => {
    request.cookies = [
      { name: 'vetshop_session', value: 's 1' },
      { name: 'NEXT_LOCALE', value: 'fr' },
    ];
    await apiGet('/items/1', itemSchema, { locale: 'fr' });
    expect((calls[0]![1].headers as Record<string, string>).cookie).toBeUndefined();
    await apiGet('/items/1', itemSchema, { locale: 'fr', forwardCookies: true });
    expect((calls[1]![1].headers as Record<string, string>).cookie).toBe('vetshop_session=s%201');
  });

  it('caches a guest answer for `revalidate` seconds but never a signed-in one', async () => {
    request.cookies = [{ name: 'consent', value: '1' }];
    await apiGet('/items/1', itemSchema, { locale: 'fr', forwardCookies: true, revalidate: 60 });
    expect(calls[0]![1].next).toEqual({ revalidate: 60 });
    expect(calls[0]![1].cache).toBeUndefined();
    request.cookies.push({ name: 'vetshop_session', value: 'abc' });
    await apiGet('/items/1', itemSchema, { locale: 'fr', forwardCookies: true, revalidate: 60 });
    expect(calls[1]![1].next).toBeUndefined();
    expect(calls[1]![1].cache).toBe('no-store');
  });

  it('sends the catalogue-version header of a page-cache render when asked', async () => {
    request.headers.set('x-vetshop-catalog-version', '12');
    await apiGet('/items/1', itemSchema, { locale: 'fr' });
    await apiGet('/items/1', itemSchema, { locale: 'fr', catalogVersion: true });
    expect(calls[0]![1].headers).not.toHaveProperty('x-vetshop-catalog-version');
    expect(calls[1]![1].headers).toHaveProperty('x-vetshop-catalog-version', '12');
  });

  it('maps a 404 to an ApiError, to null or to notFound() as asked', async () => {
    answer = () =>
      json(
        { type: 'about:blank', status: 404, code: 'not_found', title: 'Not found' },
        404,
        'application/problem+json',
      );
    await expect(apiGet('/items/9', itemSchema, { locale: 'fr' })).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
    await expect(apiGet('/items/9', itemSchema, { locale: 'fr', on404: 'null' })).resolves.toBeNull();
    await expect(apiGet('/items/9', itemSchema, { locale: 'fr', on404: 'notFound' })).rejects.toThrow(
      'NEXT_NOT_FOUND',
    );
  });

  it('throws the problem+json of a failed answer as an ApiError', async () => {
    answer = () =>
      json(
        {
          type: 'about:blank',
          status: 401,
          code: 'session_expired',
          title: 'Unauthorized',
          detail: 'Sign in again',
        },
        401,
        'application/problem+json',
      );
    const error = await apiGet('/items/1', itemSchema, { locale: 'fr', on404: 'null' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      code: 'session_expired',
      detail: 'Sign in again',
    });
  });

  it('answers ApiError 502 bad_response for an answer that breaks the contract', async () => {
    answer = () => json({ id: 'one' });
    await expect(apiGet('/items/1', itemSchema, { locale: 'fr' })).rejects.toMatchObject({
      name: 'ApiError',
      status: 502,
      code: 'bad_response',
    });
  });

  it('answers ApiError 503 api_unavailable when the api cannot be reached', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('fetch failed');
    });
    await expect(apiGet('/items/1', itemSchema, { locale: 'fr' })).rejects.toMatchObject({
      status: 503,
      code: 'api_unavailable',
    });
  });

  it('answers null for an empty answer (204, {}) only with emptyIsNull', async () => {
    answer = () => new Response(null, { status: 204 });
    await expect(
      apiGet('/carts/current', itemSchema, { locale: 'fr', emptyIsNull: true }),
    ).resolves.toBeNull();
    answer = () => json({});
    await expect(
      apiGet('/carts/current', itemSchema, { locale: 'fr', emptyIsNull: true }),
    ).resolves.toBeNull();
    await expect(apiGet('/carts/current', itemSchema, { locale: 'fr' })).rejects.toMatchObject({
      code: 'bad_response',
    });
  });
});

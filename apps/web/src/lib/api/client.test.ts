import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

vi.mock('next/headers', async () => (await import('../../test/next-request')).nextHeaders);
vi.mock('next/navigation', async () => (await import('../../test/next-request')).nextNavigation);
vi.mock('./transport', async () => (await import('../../test/fetch-stub')).transportThroughFetch);

import { request } from '../../test/next-request';
import { emptyAnswer, jsonAnswer, networkError, problemAnswer, useFetchStub } from '../../test/fetch-stub';
import { apiGet } from './client';
import { ApiError } from './errors';

const itemSchema = z.object({ id: z.number(), name: z.string() });

describe('apiGet (server-side fetch-and-validate helper)', () => {
  const api = useFetchStub({ answer: jsonAnswer({ id: 1, name: 'Bandage' }) });
  beforeEach(() => {
    request.cookies = [];
    request.headers = new Map();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('builds the url and headers and answers the parsed body', async () => {
    const item = await apiGet('/items/1', itemSchema, {
      locale: 'nl',
      query: { lang: 'nl', tag: ['a', 'b'] },
    });
    expect(item).toEqual({ id: 1, name: 'Bandage' });
    const { url, init } = api.calls[0]!;
    expect(url).toBe('http://127.0.0.1:4000/items/1?lang=nl&tag=a&tag=b');
    expect(init!.headers).toEqual({ accept: 'application/json', 'accept-language': 'nl' });
    expect(init!.cache).toBe('no-store');
  });

  it('forwards the cookies only when asked, without the web-only ones', async () => {
    request.cookies = [
      { name: 'vetshop_session', value: 's 1' },
      { name: 'NEXT_LOCALE', value: 'fr' },
    ];
    await apiGet('/items/1', itemSchema, { locale: 'fr' });
    expect((api.calls[0]!.init!.headers as Record<string, string>).cookie).toBeUndefined();
    await apiGet('/items/1', itemSchema, { locale: 'fr', forwardCookies: true });
    expect((api.calls[1]!.init!.headers as Record<string, string>).cookie).toBe('vetshop_session=s%201');
  });

  it('caches a guest answer for `revalidate` seconds but never a signed-in one', async () => {
    request.cookies = [{ name: 'consent', value: '1' }];
    await apiGet('/items/1', itemSchema, { locale: 'fr', forwardCookies: true, revalidate: 60 });
    expect(api.calls[0]!.init!.next).toEqual({ revalidate: 60 });
    expect(api.calls[0]!.init!.cache).toBeUndefined();
    request.cookies.push({ name: 'vetshop_session', value: 'abc' });
    await apiGet('/items/1', itemSchema, { locale: 'fr', forwardCookies: true, revalidate: 60 });
    expect(api.calls[1]!.init!.next).toBeUndefined();
    expect(api.calls[1]!.init!.cache).toBe('no-store');
  });

  it('sends the catalogue-version header of a page-cache render when asked', async () => {
    request.headers.set('x-vetshop-catalog-version', '12');
    await apiGet('/items/1', itemSchema, { locale: 'fr' });
    await apiGet('/items/1', itemSchema, { locale: 'fr', catalogVersion: true });
    expect(api.calls[0]!.init!.headers).not.toHaveProperty('x-vetshop-catalog-version');
    expect(api.calls[1]!.init!.headers).toHaveProperty('x-vetshop-catalog-version', '12');
  });

  it('maps a 404 to an ApiError, to null or to notFound() as asked', async () => {
    api.answer(problemAnswer({ type: 'about:blank', status: 404, code: 'not_found', title: 'Not found' }));
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
    api.answer(
      problemAnswer({
        type: 'about:blank',
        status: 401,
        code: 'session_expired',
        title: 'Unauthorized',
        detail: 'Sign in again',
      }),
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
    api.answer(jsonAnswer({ id: 'one' }));
    await expect(apiGet('/items/1', itemSchema, { locale: 'fr' })).rejects.toMatchObject({
      name: 'ApiError',
      status: 502,
      code: 'bad_response',
    });
  });

  it('answers ApiError 503 api_unavailable when the api cannot be reached', async () => {
    api.answer(networkError('fetch failed'));
    await expect(apiGet('/items/1', itemSchema, { locale: 'fr' })).rejects.toMatchObject({
      status: 503,
      code: 'api_unavailable',
    });
  });

  it('answers null for an empty answer (204, {}) only with emptyIsNull', async () => {
    api.answer(emptyAnswer(204));
    await expect(
      apiGet('/carts/current', itemSchema, { locale: 'fr', emptyIsNull: true }),
    ).resolves.toBeNull();
    api.answer(jsonAnswer({}));
    await expect(
      apiGet('/carts/current', itemSchema, { locale: 'fr', emptyIsNull: true }),
    ).resolves.toBeNull();
    await expect(apiGet('/carts/current', itemSchema, { locale: 'fr' })).rejects.toMatchObject({
      code: 'bad_response',
    });
  });
});

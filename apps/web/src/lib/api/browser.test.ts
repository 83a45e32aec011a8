import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { emptyAnswer, jsonAnswer, useFetchStub } from '../../test/fetch-stub';
import { callApi } from './browser';

const itemSchema = z.object({ id: z.number(), name: z.string() });

describe('callApi (browser client) with a schema', () => {
  const api = useFetchStub({ answer: jsonAnswer({ id: 1, name: 'Bandage', extra: true }) });
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('answers the parsed body of a 2xx that matches the schema', async () => {
    const result = await callApi('POST', '/items', {
      locale: 'nl',
      body: { name: 'Bandage' },
      schema: itemSchema,
    });
    expect(result).toEqual({ ok: true, status: 200, data: { id: 1, name: 'Bandage' } });
    expect(api.calls[0]!.url).toBe('/api/items?lang=nl');
    expect(api.calls[0]!.init).toMatchObject({
      method: 'POST',
      body: '{"name":"Bandage"}',
      cache: 'no-store',
    });
  });

  it('turns a 2xx body that breaks the schema into the problem bad_response (502)', async () => {
    api.answer(jsonAnswer({ id: 'one' }));
    const result = await callApi('GET', '/items/1', { locale: 'fr', schema: itemSchema });
    expect(result).toEqual({
      ok: false,
      problem: { status: 502, code: 'bad_response', errors: [] },
      retryAfter: null,
    });
  });

  it('keeps an empty answer as null data', async () => {
    api.answer(emptyAnswer(204));
    const result = await callApi('DELETE', '/items/1', { locale: 'fr', schema: itemSchema });
    expect(result).toEqual({ ok: true, status: 204, data: null });
  });

  it('reports a failed answer as its problem, schema or not', async () => {
    api.answer(
      jsonAnswer(
        { status: 400, code: 'invalid_input', errors: [{ field: 'name', code: 'required' }] },
        { status: 400, headers: { 'retry-after': '30' } },
      ),
    );
    const result = await callApi('POST', '/items', { locale: 'fr', body: {}, schema: itemSchema });
    expect(result).toMatchObject({
      ok: false,
      problem: { status: 400, code: 'invalid_input', errors: [{ field: 'name', code: 'required' }] },
      retryAfter: '30',
    });
  });

  it('answers the body as sent without a schema', async () => {
    const result = await callApi('GET', '/items/1', { locale: 'fr' });
    expect(result).toEqual({ ok: true, status: 200, data: { id: 1, name: 'Bandage', extra: true } });
  });
});

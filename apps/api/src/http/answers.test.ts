/**
 * Answers built field by field (http/answers.ts, docs/decisions/built-answers.md): sent without
 * zod's encode, checked against their schema in tests and end-to-end runs; every other answer
 * still goes through zod.
 */
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializerCompiler, builtAnswer, builtAnswerText, checkBuiltAnswers } from './answers.ts';

const line = z.object({ sku: z.string(), qty: z.number().int(), amount: z.number() });
const builtCart = builtAnswer(
  z.object({ id: z.number().int(), lines: z.array(line), note: z.string().nullable() }),
);
const plainCart = z.object({ id: z.number().int(), lines: z.array(line), note: z.string().nullable() });

/**
 * An app answering `answer` with the built and the plain schema (GET /built, GET /plain); the
 * errors its handler met are pushed to `errors` (the request then answers 500).
 */
async function appAnswering(answer: unknown, check: boolean, errors: Error[] = []) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler({ check }));
  app.setErrorHandler((err, _request, reply) => {
    errors.push(err as Error);
    return reply.status(500).send({ failed: true });
  });
  app.get('/built', { schema: { response: { 200: builtCart } } }, async () => answer as never);
  app.get('/plain', { schema: { response: { 200: plainCart } } }, async () => answer as never);
  await app.ready();
  return app;
}

const good = { id: 7, lines: [{ sku: 'AMX-250', qty: 3, amount: 12.6 }], note: null };

describe('built answers', () => {
  it('are the JSON text of the answer, with or without the check', async () => {
    for (const check of [false, true]) {
      const app = await appAnswering(good, check);
      const res = await app.inject({ method: 'GET', url: '/built' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(JSON.stringify(good));
      await app.close();
    }
  });

  it('skip zod at run time: without the check a key the schema does not know is sent', async () => {
    const leaky = { ...good, lines: [{ ...good.lines[0], cost_cents: 900 }] };
    const app = await appAnswering(leaky, false);
    expect(JSON.parse((await app.inject({ method: 'GET', url: '/built' })).body).lines[0].cost_cents).toBe(
      900,
    );
    // Every other schema still strips it.
    expect(JSON.parse((await app.inject({ method: 'GET', url: '/plain' })).body).lines[0]).toEqual(
      good.lines[0],
    );
    await app.close();
  });

  it('fail the request under the check when the schema would strip a key, naming where', async () => {
    const leaky = { ...good, lines: [{ ...good.lines[0], cost_cents: 900 }] };
    const errors: Error[] = [];
    const app = await appAnswering(leaky, true, errors);
    const res = await app.inject({ method: 'GET', url: '/built' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('cost_cents');
    expect(errors[0]?.message).toContain('GET /built differs from its schema');
    expect(errors[0]?.message).toContain('lines.0.cost_cents');
    await app.close();
  });

  it('fail the request under the check when the keys are not in the schema’s order', async () => {
    const errors: Error[] = [];
    const reordered = { id: 7, lines: [{ qty: 3, sku: 'AMX-250', amount: 12.6 }], note: null };
    const app = await appAnswering(reordered, true, errors);
    expect((await app.inject({ method: 'GET', url: '/built' })).statusCode).toBe(500);
    expect(errors[0]?.message).toContain('at lines.0 (key order)');
    await app.close();
  });

  it('fail the request under the check when the schema refuses a value', async () => {
    const errors: Error[] = [];
    const app = await appAnswering(
      { ...good, lines: [{ sku: 'AMX-250', qty: 2.5, amount: 5 }] },
      true,
      errors,
    );
    expect((await app.inject({ method: 'GET', url: '/built' })).statusCode).toBe(500);
    expect(errors[0]?.message).toContain('GET /built refused by its schema');
    await app.close();
  });

  it('are checked under Vitest and with API_CHECK_ANSWERS=1 only', () => {
    expect(checkBuiltAnswers()).toBe(true);
    expect(checkBuiltAnswers({ VITEST: 'true' })).toBe(true);
    expect(checkBuiltAnswers({ API_CHECK_ANSWERS: '1' })).toBe(true);
    expect(checkBuiltAnswers({})).toBe(false);
    expect(checkBuiltAnswers({ API_CHECK_ANSWERS: '0' })).toBe(false);
  });

  it('as text for a route that keeps it (builtAnswerText): the same text, checked the same way', () => {
    const route = 'GET /catalog/search';
    for (const check of [false, true])
      expect(builtAnswerText(plainCart, good, { check, route })).toBe(JSON.stringify(good));
    const leaky = { ...good, lines: [{ ...good.lines[0], cost_cents: 900 }] };
    expect(JSON.parse(builtAnswerText(plainCart, leaky, { check: false, route })).lines[0].cost_cents).toBe(
      900,
    );
    expect(() => builtAnswerText(plainCart, leaky, { check: true, route })).toThrow(
      /GET \/catalog\/search differs .* at lines\.0\.cost_cents/,
    );
    const reordered = { lines: good.lines, id: good.id, note: good.note };
    expect(() => builtAnswerText(plainCart, reordered, { check: true, route })).toThrow(
      /\(root\) \(key order\)/,
    );
    expect(() => builtAnswerText(plainCart, { ...good, id: 'seven' }, { check: true, route })).toThrow(
      /GET \/catalog\/search refused by its schema/,
    );
  });
});

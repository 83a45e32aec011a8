/**
 * How the api turns a route's answer into JSON (docs/decisions/built-answers.md). By default
 * through the route's zod response schema (fastify-type-provider-zod's `serializerCompiler`:
 * encoded, unknown keys stripped, a value of the wrong type a 500). The answers registered with
 * `builtAnswer` — the priced cart of carts/cart-view.ts `computeCart` and the product page of
 * catalog/service.ts `getProduct` — are built field by field to their schema by the api's own
 * code and are among its hottest (every cart sync that asks for prices, every product page of a
 * signed-in customer): they are sent with `JSON.stringify` alone, and the schema is checked where
 * the code is exercised, in tests and end-to-end runs (`checkBuiltAnswers`). The search and
 * autocomplete answers, kept as text in the result cache, follow the same rule through
 * `builtAnswerText`.
 */
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The response schemas whose answers are built field by field (`builtAnswer`). */
const built = new WeakSet<object>();

/**
 * Registers `schema` (a zod response schema) as one whose answers the api's own code builds field
 * by field, exactly to the schema: routes answering with it skip zod's encode
 * (`answerSerializerCompiler`). Answers `schema` itself, so that it can wrap a route's schema.
 * Only for answers made of fields the code picks one by one (never a database row spread into
 * the answer): without the encode, an unknown key would be sent as it is.
 */
export function builtAnswer<S extends z.ZodType>(schema: S): S {
  built.add(schema);
  return schema;
}

/**
 * Whether built answers are checked against their schema: under Vitest (`VITEST`) and when
 * `API_CHECK_ANSWERS=1` (scripts/e2e.mjs starts the api so for the end-to-end journeys).
 */
export function checkBuiltAnswers(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.VITEST === 'true' || env.API_CHECK_ANSWERS === '1';
}

/**
 * The first path (`lines.0.sku`) where the JSON values `a` and `b` differ, in a value or in the
 * order of an object's keys (` (key order)`), or null when their JSON texts are the same.
 */
function firstDifference(a: unknown, b: unknown, at = ''): string | null {
  const here = at || '(root)';
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    // Keys as JSON has them (an undefined value is left out).
    const keysA = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
    const keysB = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
    for (const key of new Set([...keysA, ...keysB])) {
      const found = firstDifference(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        at ? `${at}.${key}` : key,
      );
      if (found !== null) return found;
    }
    return keysA.join() === keysB.join() ? null : `${here} (key order)`;
  }
  return JSON.stringify(a) === JSON.stringify(b) ? null : here;
}

/**
 * The app's serializer compiler (app.ts): zod's for every schema, except those registered with
 * `builtAnswer`, whose answers are `JSON.stringify(data)`. With `check` (tests, end-to-end runs) a
 * built answer is also encoded by its schema, and the request fails (500, as zod's serializer
 * would) when the schema refuses it or its encoding is not the same JSON text (a key it strips, a
 * value it rewrites, keys in another order than the schema's): the error names the route and the
 * first differing path. So the text sent is the one zod's serializer sent, and the same with or
 * without the check.
 */
export function answerSerializerCompiler({ check }: { check: boolean }): typeof serializerCompiler {
  return (route) => {
    const { schema, method, url } = route;
    if (!(schema instanceof z.ZodType) || !built.has(schema)) return serializerCompiler(route);
    return (data) => builtAnswerText(schema, data, { check, route: `${method} ${url}` });
  };
}

/**
 * The JSON text of `data`, an answer of `schema` built field by field to it by the api's own code
 * (the rule of `builtAnswer`), for a route that sends or stores the text itself (the search and
 * autocomplete answers, kept as text in the result cache: catalog/routes.ts): `JSON.stringify(data)`.
 * With `check` (the app's `checkAnswers`: tests, end-to-end runs) `data` is also encoded by
 * `schema`, and an Error naming `route` and the first differing path is thrown when the schema
 * refuses it or its encoding is not the same JSON text. So the text is the one
 * `JSON.stringify(z.encode(schema, data))` gave, without the encode's cost (0.1–0.6 ms a search
 * answer of 20–90 kB).
 */
export function builtAnswerText(
  schema: z.ZodType,
  data: unknown,
  { check, route }: { check: boolean; route: string },
): string {
  const text = JSON.stringify(data);
  if (!check) return text;
  const encoded = schema.safeEncode(data);
  if (!encoded.success)
    throw new Error(`Built answer of ${route} refused by its schema: ${encoded.error.message}`);
  if (JSON.stringify(encoded.data) !== text)
    throw new Error(
      `Built answer of ${route} differs from its schema's encoding at ${firstDifference(encoded.data, data) ?? '(root)'}`,
    );
  return text;
}

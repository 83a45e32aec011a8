/**
 * Fuzzing of every api route from its zod schemas (docs/decisions/security-testing.md: at least 10,000 requests
 * with wrong types, overlong strings, unicode, nulls and extra fields; no 5xx, no stack trace, and
 * the database unchanged by refused requests). Decision and figures: docs/decisions/security-testing.md.
 *
 * The route list is `app.routeTable` (every route of the credentials mode); each route's request
 * schemas are read from the OpenAPI document the app builds from its zod schemas (`app.swagger()`:
 * body, querystring and path parameters as JSON Schema). From a plausible request (the schema's
 * shape with valid-looking values) fast-check derives mutations: one value replaced by a hostile one
 * (wrong type, null, 100k characters, emoji, RTL override, NUL, lone surrogates, huge and negative
 * numbers, arrays, objects, `__proto__`), extra keys, a required key dropped, the whole body
 * replaced, wrong content types (text/plain, XML, form, multipart without boundary, broken JSON),
 * hostile path segments and query parameters. Each route is called as a guest, as a customer and
 * as a staff user (signed-in cookies from account-fixtures.ts); requests come from varying client
 * addresses so sign-in rate limits do not lock the fixture users out.
 *
 * Every answer: status < 500; no stack trace, internal path or SQL text in the body; every 4xx is
 * application/problem+json with a matching `status`. Around each (route, caller) batch a checksum
 * of every table (row count + md5 of the rows) is taken; when every answer of the batch was a 4xx
 * the checksum must not have moved. Tables that change on refused requests by design are left out:
 * `login_attempts` and `rate_limits` (failed sign-ins, refused contact posts and password-hashing
 * requests are counted), `audit_log` (refused staff calls are logged with
 * their status), `sessions` (sliding expiry writes `last_seen_at`).
 *
 * Deterministic: fast-check runs with a fixed seed (FUZZ_SEED overrides it); the request count and
 * the status histogram are printed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { type Database } from '../src/db/client.ts';
import { openTestPglite } from './pglite-template.ts';
import { hashToken } from '../src/modules/auth/session.ts';
import type { Mailer } from '../src/modules/mail/mailer.ts';
import type { BearerVerifier } from '../src/modules/auth/oidc.ts';
import { createCustomer, createStaff, signIn } from './account-fixtures.ts';
import { insertFixture, unchangedCatalogImport } from './fixtures.ts';

/** Requests per (route, caller): 138 non-documentation routes × 3 callers × 25 ≈ 10,350. */
const PER_ROUTE_AND_CALLER = 25;
const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
/** Tables refused requests may change by design (see the module comment). */
const EXCLUDED_TABLES = new Set(['login_attempts', 'rate_limits', 'audit_log', 'sessions']);

/** The subset of JSON Schema the OpenAPI document of the api uses. */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
}

interface OpenApiParameter {
  in: 'query' | 'path' | 'header';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** One fuzzed request. */
interface FuzzRequest {
  method: Method;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What was mutated (for failure messages). */
  kind: string;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

// ---------------------------------------------------------------------------------------------
// Hostile values

const LONG = 'x'.repeat(100_000);
const LONG_EMOJI = '🐶'.repeat(30_000);
const HOSTILE_STRINGS = [
  '',
  ' ',
  LONG,
  LONG_EMOJI,
  '🐶🐱🐴 vétérinaire ✓',
  '\u202Egnp.exe\u202C', // RTL override
  'مرحبا بالعالم', // RTL text
  'a\u0000b', // NUL
  '\u0000',
  '\uD800', // lone high surrogate
  'x\uDC00y', // lone low surrogate
  '\uFEFF\u200B\u200D', // BOM, zero-width
  '\r\n\t',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '%00%2e%2e%2f',
  '{{7*7}}${7*7}',
  '__proto__',
  'NaN',
  '-1',
  '1e309',
  '2026-02-30',
  '9999-12-31T23:59:59Z',
  'null',
  'true',
];
const HOSTILE_NUMBERS = [
  0,
  -1,
  -2147483649,
  2147483648,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  0.5,
  -0.0,
];

/** Any hostile JSON value: wrong types, nulls, long and strange strings, deep structures. */
const hostileJson: fc.Arbitrary<Json> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.constantFrom<Json>([], {}, [null], { __proto__x: 1 }, [[[[[]]]]]) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json> },
);

/** A hostile value as it travels in a query string or a path segment. */
const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS.map(String)) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
);

// ---------------------------------------------------------------------------------------------
// Plausible values from a schema

function firstBranch(schema: JsonSchema): JsonSchema {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return branches.find((b) => b.type !== 'null') ?? branches[0] ?? {};
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf) as JsonSchema;
  return schema;
}

/** A value the schema probably accepts (not guaranteed: mutations start from it). */
function plausible(schema: JsonSchema | undefined, depth = 0): Json {
  if (!schema) return null;
  const s = firstBranch(schema);
  if (s.const !== undefined) return s.const as Json;
  if (s.enum?.length) return s.enum[0] as Json;
  const type = Array.isArray(s.type) ? (s.type.find((t) => t !== 'null') ?? 'string') : s.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'array':
      return depth > 4
        ? []
        : Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => plausible(s.items, depth + 1));
    case 'object': {
      const out: Record<string, Json> = {};
      if (depth > 4) return out;
      for (const [key, prop] of Object.entries(s.properties ?? {})) out[key] = plausible(prop, depth + 1);
      return out;
    }
    case 'null':
      return null;
    default: {
      if (s.format === 'email') return 'fuzz@example.test';
      if (s.format === 'date') return '2026-01-15';
      if (s.format === 'date-time') return '2026-01-15T10:00:00Z';
      if (s.format === 'uuid') return '123e4567-e89b-42d3-a456-426614174000';
      if (s.format === 'uri' || s.format === 'url') return 'https://shop.example.test/fr';
      return 'a'.repeat(Math.max(1, s.minLength ?? 1));
    }
  }
}

/** Every path (list of keys) to a value inside `value`, the root included. */
function pathsOf(value: Json, prefix: (string | number)[] = [], out: (string | number)[][] = []) {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...prefix, i], out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) pathsOf(v, [...prefix, k], out);
  return out;
}

/** `value` with the node at `path` replaced by `replacement` (a deep copy). */
function replaceAt(value: Json, path: (string | number)[], replacement: Json): Json {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? replaceAt(v, rest, replacement) : v));
  if (value && typeof value === 'object') {
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(value)) out[k] = k === head ? replaceAt(v, rest, replacement) : v;
    return out;
  }
  return value;
}

/** `value` with the key at `path` removed. */
function dropAt(value: Json, path: (string | number)[]): Json {
  if (path.length === 0 || !value || typeof value !== 'object') return value;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? dropAt(v, rest) : v));
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === head && rest.length === 0) continue;
    out[k] = k === head ? dropAt(v, rest) : v;
  }
  return out;
}

/** `value` with an extra key at the object found at `path` (or at the root). */
function addKeyAt(value: Json, path: (string | number)[], key: string, extra: Json): Json {
  if (path.length === 0) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const out: Record<string, Json> = { ...value };
      Object.defineProperty(out, key, { value: extra, enumerable: true, configurable: true, writable: true });
      return out;
    }
    return value;
  }
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? addKeyAt(v, rest, key, extra) : v));
  if (value && typeof value === 'object') {
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(value)) out[k] = k === head ? addKeyAt(v, rest, key, extra) : v;
    return out;
  }
  return value;
}

const EXTRA_KEYS = ['extra', '__proto__', 'constructor', 'is_staff', 'customer_id', 'role', '', '🐶'];

/** Mutations of a JSON body (a plausible body and what can be done to it). */
function bodyMutations(base: Json): fc.Arbitrary<{ body: Json; kind: string }> {
  const paths = pathsOf(base);
  const objectPaths = paths.filter((p) => {
    let v: Json = base;
    for (const k of p) v = (v as Record<string | number, Json>)[k] ?? null;
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  });
  const keyPaths = paths.filter((p) => p.length > 0);
  const arbs: fc.Arbitrary<{ body: Json; kind: string }>[] = [
    fc
      .tuple(fc.constantFrom(...paths), hostileJson)
      .map(([p, v]) => ({ body: replaceAt(base, p, v), kind: `value at ${p.join('.') || '(root)'}` })),
    fc
      .tuple(
        fc.constantFrom(...(objectPaths.length ? objectPaths : [[]])),
        fc.constantFrom(...EXTRA_KEYS),
        hostileJson,
      )
      .map(([p, k, v]) => ({ body: addKeyAt(base, p, k, v), kind: `extra key ${JSON.stringify(k)}` })),
    fc.constant({ body: base, kind: 'plausible body' }),
  ];
  if (keyPaths.length)
    arbs.push(
      fc.constantFrom(...keyPaths).map((p) => ({ body: dropAt(base, p), kind: `dropped ${p.join('.')}` })),
    );
  return fc.oneof(...arbs);
}

/** Content types a JSON route must refuse or survive. */
const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=zz',
  'application/json; charset=utf-16',
  'application/octet-stream',
  'image/png',
];
const BROKEN_BODIES = [
  '{"a":',
  '{"a":1}{"b":2}',
  '[',
  '\u0000',
  '{"__proto__":{"x":1}}',
  'null',
  '"str"',
  '',
  '{'.repeat(5000),
];

/** A hostile multipart body (for the upload routes and as a wrong type elsewhere). */
const multipartBody: fc.Arbitrary<{ payload: Buffer; type: string; kind: string }> = fc
  .tuple(
    fc.constantFrom('file', 'purpose', 'name', '', '__proto__'),
    fc.constantFrom('a.csv', 'a.pdf', '../../a.pdf', 'a\u0000.pdf', '🐶.png', LONG.slice(0, 5000)),
    fc.constantFrom('text/csv', 'application/pdf', 'image/png', 'text/html', ''),
    hostileText,
  )
  .map(([field, filename, type, content]) => {
    const b = 'fuzzboundary';
    const head = `--${b}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`;
    return {
      payload: Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${b}--\r\n`)]),
      type: `multipart/form-data; boundary=${b}`,
      kind: `multipart ${field}/${filename.slice(0, 20)}`,
    };
  });

/** Query parameter values as strings (arrays become repeated keys). */
function toQuery(values: Record<string, Json>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) continue;
    if (Array.isArray(v))
      for (const item of v) params.append(k, typeof item === 'string' ? item : JSON.stringify(item));
    else
      params.append(
        k,
        typeof v === 'string' ? v : v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v),
      );
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/**
 * encodeURIComponent that survives lone surrogates: they travel as the bytes of an encoded
 * surrogate (ED A0 80, invalid UTF-8), which the server must refuse cleanly.
 */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value
      .split(/([\uD800-\uDFFF])/)
      .map((part) => (/^[\uD800-\uDFFF]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
      .join('');
  }
}

/** Path of a Fastify route with its parameters replaced (`:id` → value, `*` → value). */
function fillPath(route: string, values: Record<string, string>): string {
  return route
    .replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => encodeSegment(values[name] ?? '1'))
    .replace(/\*$/, () => encodeSegment(values['*'] ?? 'a'));
}

/** The fuzzing arbitrary of one route. */
function routeArbitrary(
  method: Method,
  route: string,
  op: OpenApiOperation | undefined,
): fc.Arbitrary<FuzzRequest> {
  const pathNames = [...route.matchAll(/:([A-Za-z0-9_]+)/g)]
    .map((m) => m[1]!)
    .concat(route.endsWith('*') ? ['*'] : []);
  const queryParams = (op?.parameters ?? []).filter((p) => p.in === 'query');
  const pathParams = new Map((op?.parameters ?? []).filter((p) => p.in === 'path').map((p) => [p.name, p]));
  const plausiblePath: Record<string, string> = {};
  for (const name of pathNames) {
    const v = plausible(pathParams.get(name)?.schema ?? { type: 'string' });
    plausiblePath[name] = typeof v === 'string' ? v : String(v ?? '1');
  }
  const plausibleQuery: Record<string, Json> = {};
  for (const p of queryParams) if (p.required) plausibleQuery[p.name] = plausible(p.schema);
  const optionalQuery = queryParams.filter((p) => !p.required);
  const content = op?.requestBody?.content ?? {};
  const jsonSchema = content['application/json']?.schema;
  const takesBody = method !== 'GET' && method !== 'DELETE';
  const baseBody: Json | undefined = jsonSchema ? plausible(jsonSchema) : takesBody ? {} : undefined;

  const build = (parts: {
    path?: Record<string, string>;
    query?: Record<string, Json>;
    body?: Json;
    raw?: { payload: string | Buffer; type: string };
    kind: string;
  }): FuzzRequest => {
    const url = fillPath(route, { ...plausiblePath, ...parts.path }) + toQuery(parts.query ?? plausibleQuery);
    const headers: Record<string, string> = {};
    let payload: string | Buffer | undefined;
    if (parts.raw) {
      payload = parts.raw.payload;
      if (parts.raw.type) headers['content-type'] = parts.raw.type;
    } else if (parts.body !== undefined) {
      payload = JSON.stringify(parts.body);
      headers['content-type'] = 'application/json';
    }
    return { method, url, headers, ...(payload === undefined ? {} : { payload }), kind: parts.kind };
  };

  const arbs: { weight: number; arbitrary: fc.Arbitrary<FuzzRequest> }[] = [];
  // Path parameters: a hostile segment.
  if (pathNames.length)
    arbs.push({
      weight: 3,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...pathNames),
          fc.oneof(
            hostileText,
            fc.constantFrom('0', '-5', '99999999999999999999', '1.5', '0x10', ' 1', '1;DROP'),
          ),
        )
        .map(([name, v]) =>
          build({ path: { [name]: v.slice(0, 2000) }, body: baseBody, kind: `path ${name}` }),
        ),
    });
  // Query parameters: a hostile value, an unknown parameter, a repeated key, a dropped required one.
  const queryKeys = [...queryParams.map((p) => p.name), 'unknown_param', 'lang'];
  arbs.push({
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom(...queryKeys), fc.oneof(hostileJson, fc.array(hostileText, { maxLength: 3 })))
      .map(([k, v]) => build({ query: { ...plausibleQuery, [k]: v }, body: baseBody, kind: `query ${k}` })),
  });
  if (optionalQuery.length)
    arbs.push({
      weight: 1,
      arbitrary: fc.subarray(optionalQuery, { minLength: 1 }).map((ps) =>
        build({
          query: { ...plausibleQuery, ...Object.fromEntries(ps.map((p) => [p.name, plausible(p.schema)])) },
          body: baseBody,
          kind: 'plausible query',
        }),
      ),
    });
  if (takesBody) {
    arbs.push({
      weight: 6,
      arbitrary: bodyMutations(baseBody ?? {}).map(({ body, kind }) => build({ body, kind: `body ${kind}` })),
    });
    arbs.push({
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...WRONG_CONTENT_TYPES),
          fc.constantFrom(JSON.stringify(baseBody ?? {}), ...BROKEN_BODIES),
        )
        .map(([type, payload]) => build({ raw: { payload, type }, kind: `content type ${type}` })),
    });
    arbs.push({
      weight: 2,
      arbitrary: fc.constantFrom(...BROKEN_BODIES).map((payload) =>
        build({
          raw: { payload, type: 'application/json' },
          kind: `broken json ${JSON.stringify(payload.slice(0, 10))}`,
        }),
      ),
    });
    arbs.push({
      weight: 2,
      arbitrary: multipartBody.map((m) => build({ raw: { payload: m.payload, type: m.type }, kind: m.kind })),
    });
  }
  return fc.oneof(...arbs);
}

// ---------------------------------------------------------------------------------------------
// Checks

/** Stack frames, internal paths, SQL statements and PostgreSQL error texts. */
const LEAKS: [string, RegExp][] = [
  ['stack trace', /\bat (?:async )?[\w.<>$]+ \(|\n\s+at \S+:\d+:\d+|\bat (?:file:\/\/)?\/\S+:\d+:\d+/],
  ['internal path', /\/work\/|node_modules|apps\/api\/src|\/src\/modules\/|\.ts:\d+/],
  [
    'SQL text',
    /\b(?:select\s[\s\S]{1,200}?\sfrom|insert\s+into|update\s+"?\w+"?\s+set|delete\s+from)\s+"?\w/i,
  ],
  [
    'database error',
    /syntax error at or near|violates (?:foreign key|unique|not-null|check) constraint|duplicate key value|relation "\w+"|column "\w+" (?:of|does)|invalid input syntax for|invalid byte sequence|PGlite is closed|DrizzleQueryError|Failed query/,
  ],
];

/** Problems of one answer (empty when it is fine). */
function problemsOf(req: FuzzRequest, res: LightMyRequestResponse): string[] {
  const out: string[] = [];
  if (res.statusCode >= 500) out.push(`status ${res.statusCode}`);
  const type = String(res.headers['content-type'] ?? '');
  const textual = /json|text\//.test(type) && !/^\/(docs|openapi\.json)/.test(req.url);
  if (textual || res.statusCode >= 400)
    for (const [name, re] of LEAKS) if (re.test(res.body)) out.push(`${name} in body`);
  if (res.statusCode >= 400 && res.statusCode < 500) {
    if (!type.startsWith('application/problem+json')) out.push(`4xx with content type ${type || '(none)'}`);
    else {
      let body: { status?: unknown; code?: unknown; type?: unknown; title?: unknown } = {};
      try {
        body = res.json();
      } catch {
        out.push('4xx body is not JSON');
      }
      if (body.status !== res.statusCode || typeof body.code !== 'string' || typeof body.title !== 'string')
        out.push('4xx body is not a problem');
    }
  }
  return out;
}

/** Row count and md5 of the rows of every table (but EXCLUDED_TABLES), in one query. */
async function checksum(database: Database, tables: string[]): Promise<Map<string, string>> {
  const parts = tables.map(
    (t) =>
      `SELECT '${t}' AS t, count(*)::text || ':' || md5(coalesce(string_agg(md5(x::text), '' ORDER BY md5(x::text)), '')) AS h FROM "${t}" x`,
  );
  const rows = await database.db.execute<{ t: string; h: string }>(sql.raw(parts.join(' UNION ALL ')));
  return new Map(rows.rows.map((r) => [r.t, r.h]));
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([t, h]) => before.get(t) !== h).map(([t]) => t);
}

const silentMailer: Mailer = { send: async () => {} };

/** Authorization headers sent to the oidc routes ('' = none): malformed, empty, huge, unknown. */
const BEARERS = [
  '',
  'Bearer ',
  'Bearer x',
  'Bearer a.b.c',
  'Basic dXNlcjpwYXNz',
  `Bearer ${'x'.repeat(8000)}`,
  'Bearer eyJhbGciOiJub25lIn0.e30.',
  'bearer lower',
];

/** A verifier that knows no token (the oidc routes answer 401 invalid_token to every bearer). */
const noTokens: BearerVerifier = Object.assign(async () => null, {
  verify: async () => null,
  discover: async () => {
    throw new Error('no identity provider in the fuzz test');
  },
  issuer: 'http://127.0.0.1:9',
  audience: undefined,
});

/** Stand-in of the catalogue importer: an unchanged catalogue (the real one would replace the fixture). */
const fakeImport = unchangedCatalogImport('fuzz');

describe('fuzzing every api route from its schemas', () => {
  let database: Database;
  let app: FastifyInstance;
  let tables: string[] = [];
  const logins = { customer: '', staff: '' };
  const cookies: Record<'guest' | 'customer' | 'staff', string> = { guest: '', customer: '', staff: '' };

  beforeAll(async () => {
    database = await openTestPglite();
    await insertFixture(database.db);
    app = await buildApp({
      db: database,
      mailer: silentMailer,
      auth: { type: 'credentials', siteUrl: 'http://localhost:3000' },
      catalogImport: fakeImport,
    });
    await app.ready();
    const customer = await createCustomer(database.db);
    await database.db.execute(sql`UPDATE users SET can_import = true WHERE id = ${customer.userId}`);
    const staff = await createStaff(database.db);
    logins.customer = customer.login;
    logins.staff = staff.login;
    cookies.customer = await signIn(app, customer.login);
    cookies.staff = await signIn(app, staff.login);
    const list = await database.db.execute<{ table_name: string }>(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
    );
    tables = list.rows.map((r) => r.table_name).filter((t) => !EXCLUDED_TABLES.has(t));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /**
   * Signs the caller in again when a fuzzed request ended its session (sign-out, sign-in, or a
   * staff deactivation of the user: POST staff/customers/{id}/users/{userId}/deactivate, undone here).
   */
  async function keepSignedIn(role: 'customer' | 'staff'): Promise<boolean> {
    const token = cookies[role].split('=')[1] ?? '';
    const r = await database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM sessions WHERE id = ${hashToken(token)}`,
    );
    if (Number(r.rows[0]?.n ?? 0) > 0) return false;
    await database.db.execute(sql`UPDATE users SET active = true WHERE login = ${logins[role]}`);
    cookies[role] = await signIn(app, logins[role]);
    return true;
  }

  it('answers ≥ 10,000 hostile requests without a 5xx or a leak, and refused requests change nothing', async () => {
    const doc = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
    // Reads first (one checksum around them all: a GET never changes the database, refused or not),
    // then the changes, each (route, caller) batch between two checksums.
    const all = app.routeTable.map((r, index) => ({
      method: r.method as Method,
      url: r.url,
      index,
      app,
      doc,
      bearer: false,
    }));
    // The oidc modes add POST /auth/signin and /auth/signout (a bearer token is the credential):
    // fuzzed on an oidc-mode app over the same database, with hostile Authorization headers.
    const oidcApp = await buildApp({
      db: database,
      mailer: silentMailer,
      auth: { type: 'oidc', siteUrl: 'http://localhost:3000' },
      oidc: noTokens,
    });
    await oidcApp.ready();
    const oidcDoc = oidcApp.swagger() as typeof doc;
    const known = new Set(all.map((r) => `${r.method} ${r.url}`));
    const oidcOnly = oidcApp.routeTable
      .filter((r) => !known.has(`${r.method} ${r.url}`))
      .map((r, i) => ({
        method: r.method as Method,
        url: r.url,
        index: 1000 + i,
        app: oidcApp,
        doc: oidcDoc,
        bearer: true,
      }));
    expect(oidcOnly.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'POST /auth/signin',
      'POST /auth/signout',
    ]);
    const changes = [...all, ...oidcOnly].filter((r) => r.method !== 'GET');
    const routes = [...all.filter((r) => r.method === 'GET'), ...changes];
    expect(routes.length).toBeGreaterThan(100);
    const failures: string[] = [];
    const failureKeys = new Set<string>();
    const statuses = new Map<number, number>();
    const roleMs = { guest: 0, customer: 0, staff: 0 };
    let count = 0;
    let checksumMs = 0;
    let refusedBatches = 0;
    let batchesWithSuccess = 0;
    let ip = 0;
    const timedChecksum = async () => {
      const t0 = Date.now();
      const sum = await checksum(database, tables);
      checksumMs += Date.now() - t0;
      return sum;
    };
    const fail = (key: string, message: string) => {
      if (failureKeys.has(key) || failures.length >= 60) return;
      failureKeys.add(key);
      failures.push(message);
    };
    const started = Date.now();
    let before = await timedChecksum();
    let readsChecked = false;

    for (const route of routes) {
      if (route.method !== 'GET' && !readsChecked) {
        readsChecked = true;
        const after = await timedChecksum();
        const moved = changedTables(before, after);
        if (moved.length) fail('reads', `GET requests changed ${moved.join(', ')}`);
        before = after;
      }
      const openApiPath = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');
      const op = route.doc.paths[openApiPath]?.[route.method.toLowerCase()];
      // The documentation routes are static (no schema, no database): a few requests suffice.
      const isDoc = /^\/(docs|openapi\.json)/.test(route.url);
      const requests = fc.sample(routeArbitrary(route.method, route.url, op), {
        seed: SEED + route.index,
        numRuns: isDoc ? 2 : PER_ROUTE_AND_CALLER,
      });
      for (const role of ['guest', 'customer', 'staff'] as const) {
        const roleStarted = Date.now();
        let allRefused = true;
        for (const [n, req] of requests.entries()) {
          const bearer = route.bearer ? BEARERS[n % BEARERS.length]! : '';
          const res = await route.app.inject({
            method: req.method,
            url: req.url,
            headers: {
              ...req.headers,
              ...(cookies[role] ? { cookie: cookies[role] } : {}),
              ...(bearer ? { authorization: bearer } : {}),
            },
            remoteAddress: `10.66.${Math.floor(++ip / 250) % 250}.${(ip % 250) + 1}`,
            ...(req.payload === undefined ? {} : { payload: req.payload }),
          });
          count++;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode < 400 || res.statusCode >= 500) allRefused = false;
          const found = problemsOf(req, res);
          if (found.length)
            fail(
              `${route.method} ${route.url} ${role} ${found.join(',')}`,
              `${req.method} ${route.url} as ${role} [${req.kind}] ${req.url.slice(0, 120)} → ${res.statusCode} ${found.join(', ')}: ${res.body.slice(0, 300)}`,
            );
        }
        roleMs[role] += Date.now() - roleStarted;
        if (route.method === 'GET') continue;
        const after = await timedChecksum();
        if (allRefused) {
          refusedBatches++;
          const moved = changedTables(before, after);
          if (moved.length)
            fail(
              `${route.method} ${route.url} ${role} moved`,
              `${route.method} ${route.url} as ${role}: refused requests changed ${moved.join(', ')}`,
            );
        } else batchesWithSuccess++;
        before = after;
        if (role !== 'guest' && (await keepSignedIn(role))) before = await timedChecksum();
      }
    }
    await oidcApp.close();
    const seconds = (Date.now() - started) / 1000;
    const histogram = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}:${n}`)
      .join(' ');
    console.log(
      `[fuzz] ${count} requests on ${routes.length} routes (${all.length} of the credentials mode + ${oidcOnly.length} of the oidc modes) × 3 callers (guest, customer, staff) in ${seconds.toFixed(1)} s (${Math.round(count / seconds)}/s; per caller ms ${JSON.stringify(roleMs)}; checksums ${(checksumMs / 1000).toFixed(1)} s); statuses ${histogram}; database unchanged after every GET and after ${refusedBatches} all-refused change batches (${tables.length} tables; ${batchesWithSuccess} change batches had a success)`,
    );
    expect(failures, failures.join('\n')).toEqual([]);
    expect(count).toBeGreaterThanOrEqual(10_000);
  }, 240_000);
});

/**
 * One stand-in for the global `fetch` in the web unit tests (vitest project `web`): it records each
 * call and answers it from a queue (in sequence), from routes (per url and method) or with a default
 * answer, then puts the original `fetch` back. Test-only: no page or component imports it.
 *
 * Typical use, one stub per `describe` (installed before each test, restored after it):
 *
 * ```ts
 * const api = useFetchStub({ answer: jsonAnswer({ id: 1 }) });
 * it('…', async () => {
 *   api.queue(problemAnswer({ status: 404, code: 'not_found' }), networkError());
 *   api.route('/items/2', jsonAnswer({ id: 2 }), { method: 'GET' });
 *   await callSomething();
 *   expect(api.calls[0]).toMatchObject({ url: '/api/items/1?lang=fr', method: 'GET' });
 * });
 * ```
 */
import { afterEach, beforeEach } from 'vitest';

/** What the code under test passed to `fetch`: RequestInit plus Next's `next` cache options. */
export type StubRequestInit = RequestInit & { next?: { revalidate?: number | false; tags?: string[] } };

/** One recorded `fetch` call, in call order. */
export interface RecordedCall {
  /** The url as the code gave it (a Request's or URL's `href` when not a string). */
  url: string;
  /** Upper-case HTTP method; `GET` when none was given. */
  method: string;
  /** The request headers, merged from a Request input and `init.headers` (case-insensitive lookup). */
  headers: Headers;
  /** `init.body` as sent (a JSON call's body is its string), null when none. */
  body: BodyInit | null;
  /** The second argument exactly as passed (undefined when none), for `cache`, `next`, raw headers… */
  init: StubRequestInit | undefined;
}

/** A failed connection: the stubbed `fetch` rejects with `new TypeError(message)`, as undici does. */
export interface NetworkError {
  readonly kind: 'network-error';
  readonly message: string;
}

/**
 * How a call is answered: a Response (given as a template: each call gets a new Response with its
 * status, headers and body, so one answer serves many calls), a network error, or a function of
 * the call giving either (possibly async; a Response it gives is answered as it is).
 */
export type StubAnswer =
  | Response
  | NetworkError
  | ((call: RecordedCall) => Response | NetworkError | Promise<Response | NetworkError>);

/**
 * Which calls a route answers: a string is the exact url or its path (`/items/1`: the url without
 * origin and query), a RegExp is tested against the url, a function decides on the recorded call.
 */
export type RouteMatch = string | RegExp | ((call: RecordedCall) => boolean);

/** Options of {@link stubFetch} and {@link useFetchStub}. */
export interface FetchStubOptions {
  /** The answer of a call that no queued answer and no route takes; without it such a call rejects. */
  answer?: StubAnswer;
  /** Milliseconds each call waits before it is answered (lets concurrent callers overlap); 0 by default. */
  delayMs?: number;
}

/** Answers `body` as JSON (`content-type: application/json` unless `headers` names another). */
export function jsonAnswer(body: unknown, init: { status?: number; headers?: HeadersInit } = {}): Response {
  return Response.json(body, { status: init.status ?? 200, headers: init.headers });
}

/**
 * Answers a problem document (RFC 9457) with `content-type: application/problem+json` and the
 * problem's `status` as HTTP status, e.g. `problemAnswer({status: 404, code: 'not_found'})`.
 */
export function problemAnswer(
  problem: { status: number; code: string } & Record<string, unknown>,
  headers: Record<string, string> = {},
): Response {
  return jsonAnswer(problem, {
    status: problem.status,
    headers: { 'content-type': 'application/problem+json', ...headers },
  });
}

/** Answers `body` as text (`content-type: text/plain;charset=UTF-8` unless `headers` names another). */
export function textAnswer(body: string, init: { status?: number; headers?: HeadersInit } = {}): Response {
  return new Response(body, { status: init.status ?? 200, headers: init.headers });
}

/** Answers no body with `status` (204 by default). */
export function emptyAnswer(status = 204, headers: HeadersInit = {}): Response {
  return new Response(null, { status, headers });
}

/** A network failure: the call rejects with `new TypeError(message)` (undici's 'fetch failed'). */
export function networkError(message = 'fetch failed'): NetworkError {
  return { kind: 'network-error', message };
}

/** What a template Response answers: its body bytes (null for none) and status and headers. */
interface Snapshot {
  body: ArrayBuffer | null;
  init: ResponseInit;
}

const snapshots = new WeakMap<Response, Promise<Snapshot>>();

/** Reads a template Response once (its body is consumed then) and remembers what it answers. */
async function snapshotOf(template: Response): Promise<Snapshot> {
  const init = {
    status: template.status,
    statusText: template.statusText,
    headers: new Headers(template.headers),
  };
  return { body: template.body === null ? null : await template.arrayBuffer(), init };
}

/**
 * A new Response like `template`. Not `template.clone()`: the clones of one Response share a tee'd
 * stream, and cancelling a clone's body (as code does with an answer it drops) waits for the others.
 */
async function copyOf(template: Response): Promise<Response> {
  let snapshot = snapshots.get(template);
  if (snapshot === undefined) {
    snapshot = snapshotOf(template);
    snapshots.set(template, snapshot);
  }
  const { body, init } = await snapshot;
  return new Response(body === null ? null : body.slice(0), init);
}

interface Route {
  match: RouteMatch;
  method: string | undefined;
  answer: StubAnswer;
}

/** The recorded form of a `fetch(input, init)` call. */
function record(input: RequestInfo | URL, init: StubRequestInit | undefined): RecordedCall {
  const request = input instanceof Request ? input : undefined;
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const headers = new Headers(request?.headers);
  new Headers(init?.headers).forEach((value, name) => headers.set(name, value));
  return {
    url,
    method: (init?.method ?? request?.method ?? 'GET').toUpperCase(),
    headers,
    body: init?.body ?? null,
    init,
  };
}

/** The path of `url` without origin and query (`/items/1` of `http://x/items/1?lang=fr`). */
function pathOf(url: string): string {
  return new URL(url, 'http://stub.invalid').pathname;
}

function matches(route: Route, call: RecordedCall): boolean {
  if (route.method !== undefined && route.method.toUpperCase() !== call.method) return false;
  const { match } = route;
  if (typeof match === 'string') return call.url === match || pathOf(call.url) === match;
  if (match instanceof RegExp) return match.test(call.url);
  return match(call);
}

/**
 * A replaceable `fetch`: records calls in {@link FetchStub.calls} and answers each from, in this
 * order, the queue (first in, first out), the routes (the latest added that matches first) and the
 * default answer; a call none of them takes rejects with an Error naming its method and url.
 */
export class FetchStub {
  /** The calls since the last {@link install}, in call order. */
  readonly calls: RecordedCall[] = [];
  private readonly options: FetchStubOptions;
  private fallback: StubAnswer | undefined;
  private routes: Route[] = [];
  private queued: StubAnswer[] = [];
  private original: typeof fetch | undefined;

  constructor(options: FetchStubOptions = {}) {
    this.options = options;
    this.fallback = options.answer;
  }

  /**
   * Puts the stub in place of `globalThis.fetch` (remembering the original) and starts afresh: no
   * calls, no routes, no queue, the default answer of the options. Installing twice keeps the first
   * original.
   */
  install(): this {
    this.calls.length = 0;
    this.routes = [];
    this.queued = [];
    this.fallback = this.options.answer;
    if (this.original === undefined) this.original = globalThis.fetch;
    globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => this.handle(input, init);
    return this;
  }

  /** Puts the original `fetch` back (nothing when not installed). */
  restore(): void {
    if (this.original === undefined) return;
    globalThis.fetch = this.original;
    this.original = undefined;
  }

  /** Sets the default answer (of calls the queue and the routes leave). */
  answer(answer: StubAnswer): this {
    this.fallback = answer;
    return this;
  }

  /** Answers the calls `match` takes (and only those of `options.method` when given) with `answer`. */
  route(match: RouteMatch, answer: StubAnswer, options: { method?: string } = {}): this {
    this.routes.push({ match, method: options.method, answer });
    return this;
  }

  /** Answers the next calls, one answer each, in this order, before routes and default. */
  queue(...answers: StubAnswer[]): this {
    this.queued.push(...answers);
    return this;
  }

  private async handle(input: RequestInfo | URL, init: StubRequestInit | undefined): Promise<Response> {
    const call = record(input, init);
    this.calls.push(call);
    const delay = this.options.delayMs ?? 0;
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    const answer =
      this.queued.shift() ??
      [...this.routes].reverse().find((route) => matches(route, call))?.answer ??
      this.fallback;
    if (answer === undefined) throw new Error(`fetch stub: no answer for ${call.method} ${call.url}`);
    if (answer instanceof Response) return copyOf(answer);
    const given = typeof answer === 'function' ? await answer(call) : answer;
    if (given instanceof Response) return given;
    throw new TypeError(given.message);
  }
}

/** A {@link FetchStub} installed now; call `restore()` when done. */
export function stubFetch(options: FetchStubOptions = {}): FetchStub {
  return new FetchStub(options).install();
}

/**
 * One {@link FetchStub} for the tests of the enclosing `describe` (or file): installed afresh
 * before each test (calls, routes and queue emptied, default answer reset to `options.answer`)
 * and restored after it. The handle stays the same object across tests.
 */
export function useFetchStub(options: FetchStubOptions = {}): FetchStub {
  const stub = new FetchStub(options);
  beforeEach(() => {
    stub.install();
  });
  afterEach(() => {
    stub.restore();
  });
  return stub;
}

/** What one GET answered, as lib/api/transport.ts gives it. */
interface TransportAnswer {
  status: number;
  statusText: string;
  body: string;
}

/** Sends one GET through the global `fetch` with `init` and reads its body as text. */
async function answerThroughFetch(url: string, init: StubRequestInit): Promise<TransportAnswer> {
  const res = await fetch(url, init);
  return { status: res.status, statusText: res.statusText, body: await res.text() };
}

/**
 * A stand-in for lib/api/transport.ts that sends its GETs through the global `fetch` (so through a
 * stub of this file): `getBytes` and `getUncached` as `cache: 'no-store'` calls, `getShared` as a call with
 * `next: { revalidate: seconds }`, so that a test reads from the recorded call which way `apiGet`
 * chose (nothing is kept between calls). Use: `vi.mock('./transport', async () => (await
 * import('../../test/fetch-stub')).transportThroughFetch);`. The real transport is tested against
 * a real server (lib/api/transport.test.ts).
 */
export const transportThroughFetch = {
  async getBytes(
    url: string,
    headers: Readonly<Record<string, string>>,
  ): Promise<{ status: number; statusText: string; headers: Headers; body: Uint8Array<ArrayBuffer> }> {
    const res = await fetch(url, { headers: { ...headers }, cache: 'no-store', redirect: 'manual' });
    return {
      status: res.status,
      statusText: res.statusText,
      headers: res.headers,
      body: new Uint8Array(await res.arrayBuffer()),
    };
  },
  getUncached(url: string, headers: Readonly<Record<string, string>>): Promise<TransportAnswer> {
    return answerThroughFetch(url, { headers: { ...headers }, cache: 'no-store' });
  },
  getShared(
    url: string,
    headers: Readonly<Record<string, string>>,
    seconds: number,
  ): Promise<TransportAnswer> {
    return answerThroughFetch(url, { headers: { ...headers }, next: { revalidate: seconds } });
  },
};

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBytes, getShared, getUncached } from './transport';

/** A real api stand-in on a free port: answers by path and records what it was asked. */
describe('transport: the server GETs without fetch (getUncached, getShared, getBytes)', () => {
  const seen: Array<{ url: string; headers: http.IncomingHttpHeaders }> = [];
  let connections = 0;
  let dropped = 0;
  let base = '';
  /** Connections that have served a request (a request on one of them came on a kept connection). */
  const served = new WeakSet<object>();
  const server = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    const kept = served.has(req.socket);
    served.add(req.socket);
    if (req.url === '/drop-kept' && kept) {
      // The api closing every kept connection at once (its keep-alive timeout after a quiet while).
      req.socket.destroy();
    } else if (req.url === '/drop-kept') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"fresh":true}');
    } else if (req.url === '/items/1') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 1, name: 'Bandage' }));
    } else if (req.url === '/euro') {
      // "€" is three bytes in UTF-8; sent in two writes split inside the character.
      const bytes = Buffer.from(JSON.stringify({ price: '12,95 €' }), 'utf8');
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': bytes.length });
      res.write(bytes.subarray(0, bytes.length - 3));
      setTimeout(() => res.end(bytes.subarray(bytes.length - 3)), 10);
    } else if (req.url === '/drop-once' && dropped === 0) {
      // The api closing a kept connection just as it is reused: no answer at all.
      dropped += 1;
      req.socket.destroy();
    } else if (req.url === '/drop-once') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    } else if (req.url?.startsWith('/slow/')) {
      // Answers after 30 ms, so that concurrent asks overlap.
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"slow":true}');
      }, 30);
    } else if (req.url?.startsWith('/shared/')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ asked: seen.filter((r) => r.url === req.url).length }));
    } else if (req.url === '/page') {
      res.writeHead(308, {
        location: '/fr/p/canonical',
        'content-type': 'text/html; charset=utf-8',
        'set-cookie': ['a=1; Path=/', 'b=2; Path=/'],
      });
      res.end('<p>12,95 €</p>');
    } else if (req.url === '/empty') {
      res.writeHead(204);
      res.end();
    } else if (req.url === '/cut') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 1000 });
      res.write('{"id":');
      setTimeout(() => res.socket?.destroy(), 10);
    } else {
      res.writeHead(404, 'Not Found', { 'content-type': 'application/problem+json' });
      res.end(JSON.stringify({ status: 404, code: 'not_found', title: 'Not found' }));
    }
  });
  server.on('connection', () => (connections += 1));

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers the status and the body text, with the headers it was given', async () => {
    const answer = await getUncached(`${base}/items/1`, {
      accept: 'application/json',
      cookie: 'vetshop_session=abc',
    });
    expect(answer).toEqual({ status: 200, statusText: 'OK', body: '{"id":1,"name":"Bandage"}' });
    const asked = seen.at(-1)!;
    expect(asked.url).toBe('/items/1');
    expect(asked.headers.accept).toBe('application/json');
    expect(asked.headers.cookie).toBe('vetshop_session=abc');
  });

  it('keeps the connection for the next request', async () => {
    const before = connections;
    await getUncached(`${base}/items/1`, {});
    await getUncached(`${base}/items/1`, {});
    await getUncached(`${base}/items/1`, {});
    expect(connections - before).toBeLessThanOrEqual(1);
  });

  it('asks once more on a new connection when a kept one is closed as it is reused', async () => {
    await getUncached(`${base}/items/1`, {});
    const before = seen.filter((r) => r.url === '/drop-once').length;
    const answer = await getUncached(`${base}/drop-once`, {});
    expect(answer).toMatchObject({ status: 200, body: '{"ok":true}' });
    expect(dropped).toBe(1);
    expect(seen.filter((r) => r.url === '/drop-once').length - before).toBe(2);
  });

  it('asks again on a connection of its own when every kept one is closed as they are reused', async () => {
    // Four kept connections, as after concurrent asks of a page.
    await Promise.all([1, 2, 3, 4].map((n) => getUncached(`${base}/slow/kept-${n}`, {})));
    const before = connections;
    const answer = await getUncached(`${base}/drop-kept`, {});
    expect(answer).toMatchObject({ status: 200, body: '{"fresh":true}' });
    expect(connections - before).toBe(1);
  });

  it('decodes a UTF-8 character split between two chunks', async () => {
    const answer = await getUncached(`${base}/euro`, {});
    expect(JSON.parse(answer.body)).toEqual({ price: '12,95 €' });
  });

  it('answers failed and empty answers as they are (the caller maps them)', async () => {
    const missing = await getUncached(`${base}/items/9`, {});
    expect(missing.status).toBe(404);
    expect(missing.statusText).toBe('Not Found');
    expect(JSON.parse(missing.body)).toMatchObject({ code: 'not_found' });
    expect(await getUncached(`${base}/empty`, {})).toEqual({
      status: 204,
      statusText: 'No Content',
      body: '',
    });
  });

  it('rejects with a TypeError when the api cannot be reached or cuts its answer short', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(getUncached(`http://127.0.0.1:${port}/items/1`, {})).rejects.toBeInstanceOf(TypeError);
    await expect(getUncached(`${base}/cut`, {})).rejects.toBeInstanceOf(TypeError);
    await expect(getUncached('not a url', {})).rejects.toBeInstanceOf(TypeError);
  });

  /** How many times the api was asked `path`. */
  const askedOf = (path: string): number => seen.filter((r) => r.url === path).length;

  it('keeps a shared answer for its seconds: asked once, then answered from memory until then', async () => {
    const first = await getShared(`${base}/shared/a`, { accept: 'application/json' }, 0.2);
    const second = await getShared(`${base}/shared/a`, { accept: 'application/json' }, 0.2);
    expect(JSON.parse(first.body)).toEqual({ asked: 1 });
    expect(second).toBe(first);
    expect(askedOf('/shared/a')).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 250));
    const later = await getShared(`${base}/shared/a`, { accept: 'application/json' }, 0.2);
    expect(JSON.parse(later.body)).toEqual({ asked: 2 });
    expect(askedOf('/shared/a')).toBe(2);
  });

  it('keeps answers asked with other headers apart (a catalogue version, a language)', async () => {
    await getShared(`${base}/shared/b`, { 'x-vetshop-catalog-version': '7' }, 60);
    await getShared(`${base}/shared/b`, { 'x-vetshop-catalog-version': '8' }, 60);
    await getShared(`${base}/shared/b`, { 'x-vetshop-catalog-version': '8' }, 60);
    expect(askedOf('/shared/b')).toBe(2);
    expect(
      seen.filter((r) => r.url === '/shared/b').map((r) => r.headers['x-vetshop-catalog-version']),
    ).toEqual(['7', '8']);
  });

  it('sends one request for concurrent asks of an answer not kept yet', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => getShared(`${base}/slow/c`, {}, 60)));
    expect(askedOf('/slow/c')).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it('never keeps a failed answer: the next ask goes to the api again', async () => {
    const missing = await getShared(`${base}/shared-missing`, {}, 60);
    expect(missing.status).toBe(404);
    await getShared(`${base}/shared-missing`, {}, 60);
    expect(askedOf('/shared-missing')).toBe(2);
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(getShared(`http://127.0.0.1:${port}/shared/d`, {}, 60)).rejects.toBeInstanceOf(TypeError);
  });

  it('answers a page whole: its bytes as sent, every header (each cookie apart), no redirect followed', async () => {
    const answer = await getBytes(`${base}/page`, { accept: 'text/html' });
    expect(answer.status).toBe(308);
    expect(answer.headers.get('location')).toBe('/fr/p/canonical');
    expect(answer.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(Buffer.from(answer.body).equals(Buffer.from('<p>12,95 €</p>', 'utf8'))).toBe(true);
    expect(answer.body.byteLength).toBe(answer.body.buffer.byteLength);
  });
});

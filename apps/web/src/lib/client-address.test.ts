import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  clientAddress,
  forwardedForHeader,
  installPeerHeader,
  PEER_HEADER,
  peerHeaderInstalled,
  trustedProxies,
} from './client-address';

const none = trustedProxies(undefined);
const loopback = trustedProxies('loopback');

describe('the client address the /api proxy tells the api', () => {
  it('without trusted proxies: the TCP peer, whatever X-Forwarded-For the client sent', () => {
    expect(clientAddress('198.51.100.7', '203.0.113.66', none)).toBe('198.51.100.7');
    expect(clientAddress('198.51.100.7', '203.0.113.66, 10.0.0.1', none)).toBe('198.51.100.7');
    expect(clientAddress('::ffff:198.51.100.7', null, none)).toBe('198.51.100.7');
    // A browser on the same host as the web server.
    expect(clientAddress('127.0.0.1', '203.0.113.66', none)).toBe('127.0.0.1');
  });

  it('replaces the client’s header: the value sent never contains a forged address', () => {
    const headers = new Headers({ 'x-forwarded-for': '203.0.113.66', [PEER_HEADER]: '198.51.100.7' });
    expect(forwardedForHeader(headers, none, true)).toBe('198.51.100.7');
    // A forged peer header is overwritten by installPeerHeader (below); before it ran, nothing is sent.
    expect(forwardedForHeader(headers, none, false)).toBeNull();
    expect(forwardedForHeader(new Headers({ 'x-forwarded-for': '203.0.113.66' }), none, true)).toBeNull();
  });

  it('behind trusted proxies (WEB_TRUST_PROXY): the rightmost address that is not one of them', () => {
    const trusted = trustedProxies('loopback, 10.0.0.0/8');
    // Reverse proxy on loopback that appended the real client to a forged header.
    expect(clientAddress('127.0.0.1', '203.0.113.66, 198.51.100.7', trusted)).toBe('198.51.100.7');
    // Two proxy hops: client → 10.1.2.3 (load balancer) → 127.0.0.1 (local proxy) → web.
    expect(clientAddress('127.0.0.1', '203.0.113.66, 198.51.100.7, 10.1.2.3', trusted)).toBe('198.51.100.7');
    // A client talking to the web directly is not a trusted proxy: its header is ignored.
    expect(clientAddress('198.51.100.9', '127.0.0.1', trusted)).toBe('198.51.100.9');
    // Garbage in the header stops the walk at the last real address.
    expect(clientAddress('127.0.0.1', 'not-an-ip', loopback)).toBe('127.0.0.1');
    expect(clientAddress('::1', '2001:db8::5', loopback)).toBe('2001:db8::5');
  });

  it('reads WEB_TRUST_PROXY strictly', () => {
    expect(trustedProxies('false')('127.0.0.1')).toBe(false);
    expect(trustedProxies('')('127.0.0.1')).toBe(false);
    expect(loopback('127.0.0.5')).toBe(true);
    expect(loopback('::1')).toBe(true);
    expect(loopback('::ffff:127.0.0.1')).toBe(true);
    expect(loopback('10.0.0.1')).toBe(false);
    expect(trustedProxies('192.0.2.10')('192.0.2.10')).toBe(true);
    expect(trustedProxies('fd00::/8')('fd12::1')).toBe(true);
    expect(() => trustedProxies('true')).toThrow(/WEB_TRUST_PROXY/);
    expect(() => trustedProxies('10.0.0.0/33')).toThrow(/WEB_TRUST_PROXY/);
  });

  it('installPeerHeader overwrites a client’s peer header with the socket address', async () => {
    installPeerHeader();
    installPeerHeader(); // idempotent
    expect(peerHeaderInstalled()).toBe(true);
    const seen: (string | undefined)[] = [];
    const server = http.createServer((req, res) => {
      seen.push(req.headers[PEER_HEADER] as string | undefined);
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`, {
        headers: { [PEER_HEADER]: '203.0.113.66', 'x-forwarded-for': '203.0.113.66' },
      });
      expect(await res.text()).toBe('ok');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(seen).toEqual(['127.0.0.1']);
  });
});

/**
 * The browser's address as the web server's `/api` proxy tells it to the api
 * (docs/decisions/client-address.md). The api limits sign-ins and guest contact posts per client
 * address and reads it from `X-Forwarded-For` sent by its trusted proxy (this web server); so the
 * web must never pass on an address a client chose:
 *
 * - {@link installPeerHeader} (run once by src/instrumentation.ts) writes the TCP peer address of
 *   every request the web server receives into {@link PEER_HEADER}, overwriting whatever a client
 *   sent under that name. Next.js alone only fills `X-Forwarded-For` with the peer when the client
 *   sent none, so that header cannot tell a forged value from a real one.
 * - {@link clientAddress} starts from that peer and walks left through `X-Forwarded-For` only while
 *   the address at hand is one of the web's own trusted proxies (`WEB_TRUST_PROXY`: `loopback`,
 *   addresses and CIDRs, comma-separated; unset = none), like the api's `TRUST_PROXY`.
 * - {@link forwardedForHeader} is the single address the proxy sends as `X-Forwarded-For`
 *   (replacing, never appending to, the client's header), or null when the peer is unknown: then no
 *   header at all, and the api counts the web server's own address (safe, never forgeable).
 */
import http from 'node:http';
import { BlockList, isIP } from 'node:net';

/** Request header carrying the TCP peer address, set by {@link installPeerHeader} on every request. */
export const PEER_HEADER = 'x-vetshop-peer';

const INSTALLED = Symbol.for('vetshop.peerHeaderInstalled');

/** Is an address one of the web's trusted proxies? */
export type TrustedProxies = (address: string) => boolean;

/** `::ffff:1.2.3.4` → `1.2.3.4`, `[::1]` → `::1`, trimmed; other values unchanged. */
export function normaliseAddress(address: string): string {
  const a = address.trim().replace(/^\[(.*)\]$/, '$1');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(a);
  return mapped ? mapped[1]! : a;
}

/**
 * The trusted proxies of `WEB_TRUST_PROXY`: unset, empty or `false` → none; else a comma-separated
 * list of `loopback`, addresses and CIDRs (`10.0.0.0/8`, `fd00::/8`). Throws on an entry that is
 * none of these (start-up stops, naming the value).
 */
export function trustedProxies(spec: string | undefined): TrustedProxies {
  const list = new BlockList();
  const entries = (spec ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s && s !== 'false');
  for (const entry of entries) {
    if (entry === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [address, bits] = entry.split('/');
    const family = isIP(address ?? '');
    if (!family) throw new Error(`WEB_TRUST_PROXY: not an address, CIDR or "loopback": ${entry}`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address!, type);
    else {
      const prefix = Number(bits);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128))
        throw new Error(`WEB_TRUST_PROXY: bad prefix length: ${entry}`);
      list.addSubnet(address!, prefix, type);
    }
  }
  return (address) => {
    const a = normaliseAddress(address);
    const family = isIP(a);
    return family !== 0 && list.check(a, family === 4 ? 'ipv4' : 'ipv6');
  };
}

/**
 * The client's address: `peer` (the TCP peer, null when unknown → null), or — only when the peer
 * is a trusted proxy — the rightmost address of `forwardedFor` that is not itself a trusted proxy
 * (the leftmost one when all are). Entries that are not IP addresses stop the walk (the last good
 * address is kept).
 */
export function clientAddress(
  peer: string | null,
  forwardedFor: string | null,
  trusted: TrustedProxies,
): string | null {
  if (!peer || !isIP(normaliseAddress(peer))) return null;
  let current = normaliseAddress(peer);
  const chain = (forwardedFor ?? '').split(',').map(normaliseAddress).filter(Boolean).reverse();
  for (const hop of chain) {
    if (!trusted(current)) break;
    if (!isIP(hop)) break;
    current = hop;
  }
  return current;
}

/**
 * The `X-Forwarded-For` value the `/api` proxy sends for a received request: the client address
 * from the {@link PEER_HEADER} (trusted only once {@link installPeerHeader} ran in this process) and
 * the received `X-Forwarded-For`; null (send none) when the peer is unknown.
 */
export function forwardedForHeader(
  headers: Headers,
  trusted: TrustedProxies,
  installed: boolean = peerHeaderInstalled(),
): string | null {
  if (!installed) return null;
  return clientAddress(headers.get(PEER_HEADER), headers.get('x-forwarded-for'), trusted);
}

/** True once {@link installPeerHeader} ran in this process. */
export function peerHeaderInstalled(): boolean {
  return (globalThis as Record<symbol, unknown>)[INSTALLED] === true;
}

/**
 * Makes every HTTP server of this process write the TCP peer address of each request into
 * {@link PEER_HEADER} before any handler sees it (overwriting a client's value; empty when the
 * socket has no address). Idempotent. Called by src/instrumentation.ts when the server starts.
 */
export function installPeerHeader(): void {
  if (peerHeaderInstalled()) return;
  const proto = http.Server.prototype as unknown as {
    emit: (this: unknown, event: string | symbol, ...args: unknown[]) => boolean;
  };
  const emit = proto.emit;
  proto.emit = function (this: unknown, event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'request') {
      const request = args[0] as http.IncomingMessage;
      request.headers[PEER_HEADER] = request.socket?.remoteAddress ?? '';
    }
    return emit.call(this, event, ...args);
  };
  (globalThis as Record<symbol, unknown>)[INSTALLED] = true;
}

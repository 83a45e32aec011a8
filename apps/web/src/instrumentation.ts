/**
 * Runs once when the web server starts (Next.js instrumentation hook). In the Node.js runtime it
 * installs the peer-address header of lib/client-address.ts, so the `/api` proxy can tell the api
 * the real client address (docs/decisions/client-address.md), and checks `WEB_TRUST_PROXY` (a bad
 * entry stops start-up, naming it).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { installPeerHeader, trustedProxies } = await import('./lib/client-address');
  trustedProxies(process.env.WEB_TRUST_PROXY);
  installPeerHeader();
}

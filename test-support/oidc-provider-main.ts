/**
 * Runs the test OpenID Provider (oidc-provider.ts) as its own process, for the browser journeys
 * (scripts/e2e.mjs): `tsx test-support/oidc-provider-main.ts` with
 * - OIDC_PROVIDER_PORT: port on 127.0.0.1 (default: a free one);
 * - OIDC_PROVIDER_CONFIG: JSON `{clients, accounts, resources?, accessTokenTtl?}` (see
 *   StartOidcProviderOptions).
 * Prints `OIDC_PROVIDER_READY <issuer>` once it listens; stops on SIGTERM/SIGINT.
 */
import { startOidcProvider, type StartOidcProviderOptions } from './oidc-provider.ts';

const config = JSON.parse(process.env.OIDC_PROVIDER_CONFIG ?? '{}') as Omit<StartOidcProviderOptions, 'port'>;
const provider = await startOidcProvider({
  ...config,
  clients: config.clients ?? [],
  accounts: config.accounts ?? [],
  port: Number(process.env.OIDC_PROVIDER_PORT ?? 0),
});
console.log(`OIDC_PROVIDER_READY ${provider.issuer}`);
const stop = () => void provider.stop().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);

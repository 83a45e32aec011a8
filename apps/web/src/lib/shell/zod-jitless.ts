/**
 * Zod's browser setting under the nonce Content-Security-Policy (docs/decisions/web-page-performance.md):
 * zod compiles object parsers with `new Function` after probing for eval, and under a CSP without
 * 'unsafe-eval' that probe raises a CSP violation report; with `jitless` browsers use the
 * interpreted parser and never probe.
 *
 * Zod keeps its configuration in one object shared by every copy of the library,
 * `globalThis.__zod_globalConfig` (created by zod's core module when absent, and adopted when
 * present). Setting the flag on that object, instead of calling zod's `config()`, keeps zod's core
 * and util modules (≈ 5.4 kB gzip) out of the first-load JavaScript of pages without forms.
 * zod-jitless.test.ts fails should a zod release stop reading it.
 */
export function setZodJitless(): void {
  const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  (g.__zod_globalConfig ??= {}).jitless = true;
}

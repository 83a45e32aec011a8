/** URL helpers of the payment routes. */

/** `url` with `params` added to its query string (existing parameters kept, values encoded). */
export function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
  return target.toString();
}

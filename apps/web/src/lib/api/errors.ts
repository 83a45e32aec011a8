import { problemSchema } from '@vetshop/domain';

/**
 * An api failure mapped from an `application/problem+json` answer (docs/product/errors.md), or from a
 * transport failure (`api_unavailable`, status 503) or an answer that breaks the contract
 * (`bad_response`, status 502).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly detail: string | undefined;

  constructor(init: { status: number; code: string; title: string; detail?: string }) {
    super(init.detail ?? init.title);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.title = init.title;
    this.detail = init.detail;
  }
}

/**
 * The ApiError of a failed answer: its problem+json `body` (already parsed; null when it had none)
 * when it is one, else `http_<status>` with the status text as title.
 */
export function apiErrorOf(status: number, statusText: string, body: unknown): ApiError {
  const problem = problemSchema.safeParse(body);
  if (problem.success) {
    return new ApiError({
      status: problem.data.status || status,
      code: problem.data.code,
      title: problem.data.title,
      detail: problem.data.detail,
    });
  }
  return new ApiError({ status, code: `http_${status}`, title: statusText || 'Error' });
}

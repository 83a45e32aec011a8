import { describe, expect, it } from 'vitest';
import {
  loginFailureOf,
  retryAfterMinutes,
  splitFieldErrors,
  toFormProblem,
  validationKey,
  waitFailureOf,
} from './form-errors';

describe('problem+json in forms', () => {
  it('reads code, detail and well-formed field errors, ignoring malformed ones', () => {
    const problem = toFormProblem(400, {
      type: 'about:blank',
      status: 400,
      code: 'bad_request',
      detail: 'Invalid fields',
      errors: [{ field: 'vat', code: 'vat_checksum' }, { field: 3 }, 'x', { field: 'zip', code: 'required' }],
      min_order: 150,
    });
    expect(problem).toEqual({
      status: 400,
      code: 'bad_request',
      detail: 'Invalid fields',
      errors: [
        { field: 'vat', code: 'vat_checksum' },
        { field: 'zip', code: 'required' },
      ],
      values: { min_order: 150 },
    });
  });

  it('falls back to http_<status> when the body is not a problem', () => {
    expect(toFormProblem(502, '<html>')).toEqual({
      status: 502,
      code: 'http_502',
      detail: undefined,
      errors: [],
      values: {},
    });
    expect(toFormProblem(0, null).code).toBe('http_0');
  });

  it('maps field errors onto the form fields, first code wins, unknown fields kept apart', () => {
    const { byField, other } = splitFieldErrors(
      {
        errors: [
          { field: 'email', code: 'invalid_email' },
          { field: 'email', code: 'too_long' },
          { field: 'address.zip', code: 'required' },
          { field: 'password', code: 'password_too_short' },
          { field: 'sales_person', code: 'unknown' },
        ],
      },
      ['email', 'zip', 'city'] as const,
    );
    expect(byField).toEqual({ email: 'invalid_email', zip: 'required' });
    expect(other).toEqual([
      { field: 'password', code: 'password_too_short' },
      { field: 'sales_person', code: 'unknown' },
    ]);
  });

  it('names a known validation message or the generic one', () => {
    const known = new Set(['validation.required', 'validation.vat_checksum', 'validation.invalid']);
    const has = (k: string) => known.has(k);
    expect(validationKey('vat_checksum', has)).toBe('validation.vat_checksum');
    expect(validationKey('never_heard_of', has)).toBe('validation.invalid');
    expect(validationKey('Too small: expected string to have >=16 characters', has)).toBe(
      'validation.invalid',
    );
    expect(validationKey(undefined, has)).toBe('validation.invalid');
  });
});

describe('login failures', () => {
  it('rounds Retry-After up to whole minutes (seconds or HTTP date)', () => {
    expect(retryAfterMinutes('1')).toBe(1);
    expect(retryAfterMinutes('60')).toBe(1);
    expect(retryAfterMinutes('61')).toBe(2);
    expect(retryAfterMinutes('900')).toBe(15);
    const now = Date.parse('2026-03-02T10:00:00Z');
    expect(retryAfterMinutes('Mon, 02 Mar 2026 10:04:30 GMT', now)).toBe(5);
    expect(retryAfterMinutes('soon')).toBeNull();
    expect(retryAfterMinutes(null)).toBeNull();
  });

  it('keeps one generic message for a wrong login or password', () => {
    expect(loginFailureOf({ status: 401, code: 'invalid_credentials' })).toBe('invalid_credentials');
    expect(loginFailureOf({ status: 400, code: 'bad_request' })).toBe('invalid_credentials');
    expect(loginFailureOf({ status: 429, code: 'too_many_attempts' })).toBe('too_many_attempts');
    expect(loginFailureOf({ status: 403, code: 'email_not_verified' })).toBe('email_not_verified');
    expect(loginFailureOf({ status: 403, code: 'registration_pending' })).toBe('registration_pending');
    expect(loginFailureOf({ status: 403, code: 'cross_site_request' })).toBe('technical');
    expect(loginFailureOf({ status: 503, code: 'service_unavailable' })).toBe('technical');
    expect(loginFailureOf({ status: 503, code: 'password_hashing_busy' })).toBe('busy');
    expect(loginFailureOf({ status: 0, code: 'network_error' })).toBe('technical');
  });

  it('asks to wait on a 429 (with the minutes of Retry-After) or a full hashing queue, nothing else', () => {
    const now = Date.parse('2026-12-06T10:00:00Z');
    expect(waitFailureOf({ status: 429, code: 'too_many_requests' }, '600', now)).toEqual({
      kind: 'too_many_requests',
      minutes: 10,
    });
    expect(
      waitFailureOf({ status: 429, code: 'too_many_requests' }, 'Sun, 06 Dec 2026 10:02:30 GMT', now),
    ).toEqual({
      kind: 'too_many_requests',
      minutes: 3,
    });
    expect(waitFailureOf({ status: 429, code: 'too_many_requests' }, null, now)).toEqual({
      kind: 'too_many_requests',
      minutes: null,
    });
    expect(waitFailureOf({ status: 503, code: 'password_hashing_busy' }, '1', now)).toEqual({ kind: 'busy' });
    // The api out of reach, a refused field, a network failure: not a wait.
    expect(waitFailureOf({ status: 503, code: 'service_unavailable' }, null, now)).toBeNull();
    expect(waitFailureOf({ status: 400, code: 'bad_request' }, null, now)).toBeNull();
    expect(waitFailureOf({ status: 0, code: 'network_error' }, null, now)).toBeNull();
  });
});
